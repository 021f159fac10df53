# SPDX-License-Identifier: Apache-2.0
# host/cli: the kiln bring-up tool. It runs the smoke image test/runtime/smoke.c (compiled here by kiln-cc)
# for diagnose, and for bus commands on a simulated board that has nothing programmed yet.
KILN_TOOL := $(BUILD)/bin/kiln
KILN_SMOKE_IMG := $(BUILD)/share/kiln/smoke.kimg
# host/regress: kiln test's manifest, session and reports.
KILN_CLI_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard host/cli/*.c host/regress/*.c))

$(KILN_SMOKE_IMG): test/runtime/smoke.c $(KILN_CC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) --trace -o $@ test/runtime/smoke.c

$(KILN_TOOL): $(KILN_CLI_OBJS) $(LIBKILN) $(COMMON_LIB) | $(KILN_SMOKE_IMG)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(KILN_CLI_OBJS) $(COMMON_LIB) $(LIBKILN_TOOL_LINK) $(COMMON_LDLIBS)

# The installation's trusted-model store vouches for the smoke image it ships (host/common/model_trust.h), so
# that `kiln diagnose` runs it for every user of an installation, not only the one who built it.
KILN_TRUST_STAMP := $(BUILD)/share/kiln/trusted-models/.smoke
$(KILN_TRUST_STAMP): $(KILN_SMOKE_IMG) $(KILN_TOOL)
	@mkdir -p $(@D)
	d=$$($(KILN_TOOL) trust --json $(KILN_SMOKE_IMG) | sed -n 's/.*"model_sha256": *"\([0-9a-f]*\)".*/\1/p'); \
		test -n "$$d" && rm -f $(@D)/[0-9a-f]* && : >$(@D)/$$d && chmod 0755 $(@D) && : >$@

BIN += $(KILN_TOOL) $(KILN_SMOKE_IMG) $(KILN_TRUST_STAMP)

# kiln test builds the differential harness' runner (host/difftest/) from source with each "native" check's
# kernels, against the installed kiln/difftest.h and libkiln: it ships as data.
KILN_DIFFTEST_FILES := $(BUILD)/share/kiln/difftest/difftest.c
$(BUILD)/share/kiln/difftest/%: host/difftest/%
	install -D -m 0644 $< $@
$(KILN_TOOL): | $(KILN_DIFFTEST_FILES)
