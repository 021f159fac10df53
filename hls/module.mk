# SPDX-License-Identifier: Apache-2.0
# kiln-cc and kiln-post-link: the compiler. LLVM-C everywhere except the one C++ shim for global-variable
# attributes. Both tools share every stage; each has its own main.
HLS_MAINS := hls/driver/kiln_cc.c hls/driver/kiln_post_link.c hls/driver/kiln_opt.c
HLS_C_SRCS := $(filter-out $(HLS_MAINS) hls/libc/%,$(wildcard hls/*/*.c))
HLS_CXX_SRCS := hls/ir/global_attrs.cpp hls/ir/inline_asm.cpp hls/ir/ir_cfg.cpp hls/ir/ir_range.cpp hls/ir/ir_loops.cpp hls/ir/fp_flags.cpp hls/ir/dbg_vars.cpp
HLS_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(HLS_C_SRCS)) $(patsubst %.cpp,$(BUILD)/obj/%.o,$(HLS_CXX_SRCS))
# The HTML report's page (hls/report/report_template.html, kept as HTML so that it reads and lints as one)
# compiled in as a C string.
HTML_TEMPLATE_C := $(BUILD)/gen/hls/report/report_template.c
HLS_OBJS += $(BUILD)/obj/gen/hls/report/report_template.o
$(HTML_TEMPLATE_C): hls/report/report_template.html
	@mkdir -p $(@D)
	{ printf '/* generated from hls/report/report_template.html */\nconst char html_report_template[] =\n'; \
	  sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$$/\\n"/' $<; printf ';\n'; } >$@.tmp && mv $@.tmp $@
$(BUILD)/obj/gen/hls/report/report_template.o: $(HTML_TEMPLATE_C)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
KILN_CC := $(BUILD)/bin/kiln-cc
KILN_POST_LINK := $(BUILD)/bin/kiln-post-link

$(foreach d,$(sort $(dir $(HLS_C_SRCS) $(HLS_MAINS))),$(eval EXTRA_CFLAGS_$(patsubst %/,%,$(d)) = $$(LLVM_CFLAGS)))
EXTRA_CXXFLAGS_hls/ir = $(LLVM_CXXFLAGS)

HLS_LINK = @mkdir -p $(@D) && $(CXX) $(LDFLAGS) -o $@ $< $(HLS_OBJS) $(COMMON_LIB) $(LLVM_LIBS) $(COMMON_LDLIBS) -lm

$(KILN_CC): $(BUILD)/obj/hls/driver/kiln_cc.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)
$(KILN_POST_LINK): $(BUILD)/obj/hls/driver/kiln_post_link.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

BIN += $(KILN_CC) $(KILN_POST_LINK)

# kiln-opt runs passes by name, for the per-pass tests (test/hls/lit); a developer's tool, not installed.
KILN_OPT := $(BUILD)/libexec/kiln/kiln-opt
$(KILN_OPT): $(BUILD)/obj/hls/driver/kiln_opt.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

# The kernel C library (hls/libc/): compiled like kernels (SPIR, the kernel headers, no system headers) into
# one bitcode file that kiln-cc links into every device module that calls it.
KERNEL_LIBC_SRCS := $(sort $(wildcard hls/libc/*.c))
KERNEL_LIBC_HDRS := $(wildcard hls/libc/include/*.h hls/libc/*.h)
KERNEL_LIBC_BC := $(BUILD)/share/kiln/libc/kiln-libc.bc
KERNEL_LIBC_FLAGS := -target spir64-unknown-unknown -nostdlibinc -Ihls/libc/include -Ihls/include -std=gnu11 -O2 -g \
	-fno-vectorize -fno-slp-vectorize -fno-unroll-loops -fno-math-errno -Wall -Wextra -Werror -D__KILN__=1 -D__KILN_LIBC__=1
$(BUILD)/obj/hls/libc/%.bc: hls/libc/%.c $(KERNEL_LIBC_HDRS)
	@mkdir -p $(@D)
	clang-15 $(KERNEL_LIBC_FLAGS) -ffile-prefix-map=$(SRC)=. -emit-llvm -c -o $@ $<
$(KERNEL_LIBC_BC): $(patsubst hls/libc/%.c,$(BUILD)/obj/hls/libc/%.bc,$(KERNEL_LIBC_SRCS))
	@mkdir -p $(@D)
	llvm-link-15 -o $@ $^
