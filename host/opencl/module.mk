# SPDX-License-Identifier: Apache-2.0
# host/opencl: Kiln as an OpenCL platform behind the system ICD loader (ocl-icd). Builds the ICD library and
# its .icd file in the build tree (use it without root: OCL_ICD_VENDORS=$(BUILD)/etc/OpenCL/vendors), and
# installs both with `make install` (install.mk).
OCL_SRCS := $(wildcard host/opencl/*.c)
OCL_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(OCL_SRCS))
OCL_LIB := $(BUILD)/lib/libkiln-ocl.so.$(VERSION)
OCL_SONAME := libkiln-ocl.so.$(SOVERSION)
OCL_ICD_DIR := $(BUILD)/etc/OpenCL/vendors
OCL_ICD := $(OCL_ICD_DIR)/kiln.icd
EXTRA_CFLAGS_host/opencl := -fvisibility=hidden -pthread

$(OCL_LIB): $(OCL_OBJS) $(LIBKILN) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,$(OCL_SONAME) -Wl,--no-undefined -Wl,-Bsymbolic -Wl,--exclude-libs,ALL \
		-o $@ $(OCL_OBJS) $(COMMON_LIB) -Wl,-rpath,'$$ORIGIN' -L$(BUILD)/lib -lkiln $(COMMON_LDLIBS)
	ln -sf $(notdir $@) $(@D)/$(OCL_SONAME)

# The .icd file names the library by absolute path, so the build tree's copy works from anywhere.
$(OCL_ICD): $(OCL_LIB)
	@mkdir -p $(@D)
	echo '$(abspath $(BUILD)/lib/$(OCL_SONAME))' >$@

BIN += $(OCL_LIB) $(OCL_ICD)
