# SPDX-License-Identifier: Apache-2.0
# kiln-cc and kiln-post-link: the compiler. LLVM-C everywhere except the one C++ shim for global-variable
# attributes. Both tools share every stage; each has its own main.
HLS_MAINS := hls/driver/kiln_cc.c hls/driver/kiln_post_link.c
HLS_C_SRCS := $(filter-out $(HLS_MAINS),$(wildcard hls/*/*.c))
HLS_CXX_SRCS := hls/ir/global_attrs.cpp
HLS_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(HLS_C_SRCS)) $(patsubst %.cpp,$(BUILD)/obj/%.o,$(HLS_CXX_SRCS))
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
