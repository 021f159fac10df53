# libkiln: the host runtime, as a shared library with the public API of host/include/kiln/kiln.h.
LIBKILN_SRCS := $(wildcard host/lib/*.c) host/backend/backends.c
LIBKILN_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIBKILN_SRCS)) $(SIM_BACKEND_OBJS)
LIBKILN := $(BUILD)/lib/libkiln.so

$(LIBKILN): $(LIBKILN_OBJS) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libkiln.so -o $@ $(LIBKILN_OBJS) $(COMMON_LIB) $(COMMON_LDLIBS) \
		$(SIM_BACKEND_LDLIBS)

BIN += $(LIBKILN)
# Programs link libkiln with an rpath, so they run from the build tree without installation.
LIBKILN_LINK = -L$(BUILD)/lib -lkiln -Wl,-rpath,$(abspath $(BUILD)/lib)
