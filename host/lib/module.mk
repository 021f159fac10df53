# SPDX-License-Identifier: Apache-2.0
# libkiln: the host runtime, as a shared library with the public API of host/include/kiln/kiln.h.
LIBKILN_SRCS := $(wildcard host/lib/*.c) host/backend/backends.c host/backend/serial.c bsp/fake/host/fake_backend.c
LIBKILN_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIBKILN_SRCS)) $(SIM_BACKEND_OBJS)
# The file carries the full version, the SONAME the major one; libkiln.so is the link-time name.
LIBKILN_REAL := $(BUILD)/lib/libkiln.so.$(VERSION)
LIBKILN := $(BUILD)/lib/libkiln.so
LIBKILN_MAP := $(BUILD)/lib/libkiln.map

# Only the API of kiln.h is exported: the version script lists every kiln_* function the header declares,
# and the static parts (host/common, the backends) stay inside (--exclude-libs).
# kiln/single.h adds the runtime of single-source programs (kiln-cc --single-source).
$(LIBKILN_MAP): host/include/kiln/kiln.h host/include/kiln/single.h
	@mkdir -p $(@D)
	{ echo 'KILN_$(SOVERSION) {'; echo '  global:'; \
	  sed -n 's/.*\<\(kiln_[a-z0-9_]*\)(.*/    \1;/p' $^ | sort -u; echo '  local: *;'; echo '};'; } >$@

$(LIBKILN_REAL): $(LIBKILN_OBJS) $(COMMON_LIB) $(LIBKILN_MAP)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libkiln.so.$(SOVERSION) -Wl,--version-script=$(LIBKILN_MAP) \
		-Wl,--exclude-libs,ALL -Wl,--no-undefined -o $@ $(LIBKILN_OBJS) $(COMMON_LIB) $(COMMON_LDLIBS) \
		$(SIM_BACKEND_LDLIBS)

$(LIBKILN): $(LIBKILN_REAL)
	ln -sf $(notdir $<) $(@D)/libkiln.so.$(SOVERSION)
	ln -sf libkiln.so.$(SOVERSION) $@

BIN += $(LIBKILN)
# Programs link libkiln with an rpath, so they run from the build tree without installation; the tools in
# bin/ find it relative to themselves, here and when installed.
LIBKILN_LINK = -L$(BUILD)/lib -lkiln -Wl,-rpath,$(abspath $(BUILD)/lib)
LIBKILN_TOOL_LINK = -L$(BUILD)/lib -lkiln -Wl,-rpath,'$$ORIGIN/../lib'
