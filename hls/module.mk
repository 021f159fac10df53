# kiln-cc: the compiler. LLVM-C everywhere except the one C++ shim for global-variable attributes.
HLS_C_SRCS := $(wildcard hls/*/*.c)
HLS_CXX_SRCS := hls/ir/global_attrs.cpp
HLS_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(HLS_C_SRCS)) $(patsubst %.cpp,$(BUILD)/obj/%.o,$(HLS_CXX_SRCS))
KILN_CC := $(BUILD)/bin/kiln-cc

$(foreach d,$(sort $(dir $(HLS_C_SRCS))),$(eval EXTRA_CFLAGS_$(patsubst %/,%,$(d)) := $$(LLVM_CFLAGS)))
EXTRA_CXXFLAGS_hls/ir := $(LLVM_CXXFLAGS)

$(KILN_CC): $(HLS_OBJS) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) -o $@ $(HLS_OBJS) $(COMMON_LIB) $(LLVM_LIBS) $(COMMON_LDLIBS) -lm

BIN += $(KILN_CC)
