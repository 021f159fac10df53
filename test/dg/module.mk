# SPDX-License-Identifier: Apache-2.0
# Device-global properties in hardware: every combination on the simulated board.
DG_TEST_DIR := $(BUILD)/test/dg
DG_IMG := $(DG_TEST_DIR)/props.kimg
TESTS += $(DG_TEST_DIR)/props_test
EXTRA_CFLAGS_test/dg := -Itest/dg

$(DG_IMG): test/dg/props.c test/dg/props_table.h $(KILN_CC) $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q -o $@ $<

$(DG_TEST_DIR)/props_test.bin: $(BUILD)/obj/test/dg/props_test.o $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBKILN_LINK)

$(DG_TEST_DIR)/props_test: $(DG_TEST_DIR)/props_test.bin $(DG_IMG)
	printf '#!/bin/sh\nexec "%s" "%s"\n' '$(abspath $<)' '$(abspath $(DG_IMG))' >$@
	chmod +x $@

TESTS += $(DG_TEST_DIR)/rtl-check
$(DG_TEST_DIR)/rtl-check: test/dg/rtl-check.sh $(DG_IMG)
	printf '#!/bin/sh\nexec sh "%s/test/dg/rtl-check.sh" "%s"\n' '$(SRC)' '$(abspath $(DG_IMG)).d' >$@
	chmod +x $@

# make bench: cells and host-access cycles per property choice (scripts/bench-dg).
$(BUILD)/bench/bench_dg: $(BUILD)/obj/test/dg/bench_dg.o $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBKILN_LINK)
$(BUILD)/bench/bench-dg: scripts/bench-dg $(BUILD)/bench/bench_dg $(KILN_CC)
	printf '#!/bin/sh\nexec sh "%s/scripts/bench-dg" "%s"\n' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
BENCH_PROGS += $(BUILD)/bench/bench-dg
