# SPDX-License-Identifier: Apache-2.0
# The build tree is laid out as a staged installation: bin/, lib/, include/ and share/kiln/ under $(BUILD) hold
# what `make install` copies to $(PREFIX). The tools find their data as PREFIX/share/kiln (host/common/paths.h),
# so they behave the same here and installed, and nothing compiled in points at this tree.
PREFIX ?= /usr/local
ICD_VENDORS_DIR ?= /etc/OpenCL/vendors
KILN_DATA := $(BUILD)/share/kiln

# share/kiln: board configs, the RTL cell library and the contract's Verilog header (host/common/module.mk), the
# kernel headers and C library, the sim board's model build files.
KILN_DATA_FILES := $(patsubst configs/boards/%,$(KILN_DATA)/boards/%,$(wildcard configs/boards/*.json)) \
	$(patsubst %,$(KILN_DATA)/%,$(wildcard rtl/*.v) $(SIM_MODEL_DEPS)) \
	$(patsubst hls/include/%,$(KILN_DATA)/include/%,$(wildcard hls/include/kiln/*.h)) $(CONTRACT_VH) \
	$(patsubst hls/libc/include/%,$(KILN_DATA)/libc/include/%,$(wildcard hls/libc/include/*.h))
KILN_DATA_FILES += $(KERNEL_LIBC_BC) $(KILN_DIFFTEST_FILES)
# The real boards' tops, pins and bitstream flows, and the shell and host link they share with the sim board.
KILN_DATA_FILES += $(patsubst %,$(KILN_DATA)/%,$(filter-out $(SIM_MODEL_DEPS),$(wildcard bsp/common/rtl/*.v \
	bsp/common/flow/* bsp/*/rtl/*.v bsp/*/rtl.f bsp/*/build-bitstream bsp/*/*.pcf bsp/*/*.lpf)))
$(KILN_DATA)/boards/%: configs/boards/%
	install -D -m 0644 $< $@
$(KILN_DATA)/include/%: hls/include/%
	install -D -m 0644 $< $@
$(KILN_DATA)/libc/include/%: hls/libc/include/%
	install -D -m 0644 $< $@
$(KILN_DATA)/%: %
	install -D -m 0644 $< $@

# include/kiln: the host API and the kernel header, for programs built against this tree or an installation.
KILN_PUBLIC_HEADERS := $(wildcard host/include/kiln/*.h) hls/include/kiln/device.h
KILN_STAGED_HEADERS := $(patsubst %,$(BUILD)/include/kiln/%,$(notdir $(KILN_PUBLIC_HEADERS)))
$(BUILD)/include/kiln/%.h: host/include/kiln/%.h
	install -D -m 0644 $< $@
$(BUILD)/include/kiln/device.h: hls/include/kiln/device.h
	install -D -m 0644 $< $@

# kiln.pc (host/lib/kiln.pc.in) finds its prefix from where it lies, so one file serves the build tree and an
# installation.
KILN_PC := $(BUILD)/lib/pkgconfig/kiln.pc
$(KILN_PC): host/lib/kiln.pc.in VERSION
	@mkdir -p $(@D)
	sed 's/@VERSION@/$(VERSION)/' $< >$@

$(KILN_CC) $(KILN_POST_LINK) $(KILN_TOOL): | $(KILN_DATA_FILES)
# kiln-cc --single-source compiles host code against the staged host headers (kiln/kiln.h, kiln/single.h).
$(KILN_CC): | $(KILN_STAGED_HEADERS)
BIN += $(KILN_DATA_FILES) $(KILN_STAGED_HEADERS) $(KILN_PC)

# make install [PREFIX=/usr/local] [DESTDIR=] [ICD_VENDORS_DIR=/etc/OpenCL/vendors]; make uninstall undoes it.
DEST := $(DESTDIR)$(PREFIX)
INSTALLED_DATA := $(patsubst $(BUILD)/%,$(DEST)/%,$(KILN_DATA_FILES) $(KILN_SMOKE_IMG))
install: all
	install -d $(DEST)/bin $(DEST)/lib/pkgconfig $(DEST)/include/kiln $(DEST)/share/man/man1 \
		$(DEST)/share/doc/kiln $(DESTDIR)$(ICD_VENDORS_DIR)
	install -m 0755 $(KILN_CC) $(KILN_POST_LINK) $(KILN_TOOL) $(DEST)/bin/
	install -m 0755 $(LIBKILN_REAL) $(OCL_LIB) $(DEST)/lib/
	ln -sf $(notdir $(LIBKILN_REAL)) $(DEST)/lib/libkiln.so.$(SOVERSION)
	ln -sf libkiln.so.$(SOVERSION) $(DEST)/lib/libkiln.so
	ln -sf $(notdir $(OCL_LIB)) $(DEST)/lib/$(OCL_SONAME)
	install -m 0644 $(KILN_STAGED_HEADERS) $(DEST)/include/kiln/
	$(foreach f,$(KILN_DATA_FILES) $(KILN_SMOKE_IMG),install -D -m 0644 $(f) $(patsubst $(BUILD)/%,$(DEST)/%,$(f)) &&) true
	install -d -m 0755 $(DEST)/share/kiln/trusted-models
	install -m 0644 $(dir $(KILN_TRUST_STAMP))[0-9a-f]* $(DEST)/share/kiln/trusted-models/
	install -m 0644 $(KILN_MAN_PAGES) $(DEST)/share/man/man1/
	install -m 0644 LICENSE README.md docs/regression.md docs/kiln-test.schema.json $(DEST)/share/doc/kiln/
	install -m 0644 $(KILN_PC) $(DEST)/lib/pkgconfig/
	echo '$(PREFIX)/lib/$(OCL_SONAME)' >$(DESTDIR)$(ICD_VENDORS_DIR)/kiln.icd

uninstall:
	rm -f $(addprefix $(DEST)/bin/,$(notdir $(KILN_CC) $(KILN_POST_LINK) $(KILN_TOOL))) \
		$(DEST)/lib/$(notdir $(LIBKILN_REAL)) $(DEST)/lib/libkiln.so.$(SOVERSION) $(DEST)/lib/libkiln.so \
		$(DEST)/lib/$(notdir $(OCL_LIB)) $(DEST)/lib/$(OCL_SONAME) $(DEST)/lib/pkgconfig/kiln.pc \
		$(addprefix $(DEST)/include/kiln/,$(notdir $(KILN_STAGED_HEADERS))) \
		$(addprefix $(DEST)/share/man/man1/,$(notdir $(KILN_MAN_PAGES))) $(DESTDIR)$(ICD_VENDORS_DIR)/kiln.icd
	rm -rf $(DEST)/share/kiln $(DEST)/share/doc/kiln
	-rmdir $(DEST)/include/kiln 2>/dev/null
