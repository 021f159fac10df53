# SPDX-License-Identifier: Apache-2.0
# host/cli: the kiln bring-up tool. It runs the smoke image test/runtime/smoke.c (compiled here by kiln-cc)
# for diagnose, and for bus commands on a simulated board that has nothing programmed yet.
KILN_TOOL := $(BUILD)/bin/kiln
KILN_SMOKE_IMG := $(BUILD)/share/kiln/smoke.kimg
KILN_CLI_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard host/cli/*.c))

$(KILN_SMOKE_IMG): test/runtime/smoke.c $(KILN_CC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -o $@ test/runtime/smoke.c

$(KILN_TOOL): $(KILN_CLI_OBJS) $(LIBKILN) $(COMMON_LIB) | $(KILN_SMOKE_IMG)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(KILN_CLI_OBJS) $(COMMON_LIB) $(LIBKILN_TOOL_LINK) $(COMMON_LDLIBS)

BIN += $(KILN_TOOL) $(KILN_SMOKE_IMG)
