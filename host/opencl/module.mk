# host/opencl: Kiln as an OpenCL platform behind the system ICD loader (ocl-icd). Builds the ICD library and
# its .icd file in the build tree (use it without root: OCL_ICD_VENDORS=$(BUILD)/etc/OpenCL/vendors), and
# installs both with `make install`.
OCL_SRCS := $(wildcard host/opencl/*.c)
OCL_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(OCL_SRCS))
OCL_LIB := $(BUILD)/lib/libkiln-ocl.so
OCL_ICD_DIR := $(BUILD)/etc/OpenCL/vendors
OCL_ICD := $(OCL_ICD_DIR)/kiln.icd
EXTRA_CFLAGS_host/opencl := -fvisibility=hidden -pthread
PREFIX ?= /usr/local
ICD_VENDORS_DIR ?= /etc/OpenCL/vendors

$(OCL_LIB): $(OCL_OBJS) $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libkiln-ocl.so -Wl,--no-undefined -Wl,-Bsymbolic -o $@ $(OCL_OBJS) -Wl,-rpath,'$$ORIGIN' $(LIBKILN_LINK) \
		-ldl -pthread

# The .icd file names the library by absolute path, so the build tree's copy works from anywhere.
$(OCL_ICD): $(OCL_LIB)
	@mkdir -p $(@D)
	echo '$(abspath $(OCL_LIB))' >$@

BIN += $(OCL_LIB) $(OCL_ICD)

# make install: the library (and libkiln beside it) into $(PREFIX)/lib, the .icd into /etc/OpenCL/vendors.
install: $(OCL_LIB)
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(ICD_VENDORS_DIR)
	install -m 0755 $(LIBKILN) $(DESTDIR)$(PREFIX)/lib/libkiln.so
	install -m 0755 $(OCL_LIB) $(DESTDIR)$(PREFIX)/lib/libkiln-ocl.so
	echo '$(PREFIX)/lib/libkiln-ocl.so' >$(DESTDIR)$(ICD_VENDORS_DIR)/kiln.icd
