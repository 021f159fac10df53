# SPDX-License-Identifier: Apache-2.0
# The scheduler's unit tests (memory dependences, pipelining, if-conversion, scheduling) on kernels built by
# hand: no Verilator and no clang, milliseconds each. kir-dump-test runs kiln-cc --stop-after schedule.
SCHED_TEST_DIR := $(BUILD)/test/sched
SCHED_UNIT_TESTS := $(addprefix $(SCHED_TEST_DIR)/,memdep_test pipeline_unit_test ifconv_test ifconv_equiv_test schedule_test)
TESTS += $(SCHED_UNIT_TESTS) $(SCHED_TEST_DIR)/kir-dump-test
$(SCHED_UNIT_TESTS): $(SCHED_TEST_DIR)/%: $(BUILD)/obj/test/sched/%.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

$(SCHED_TEST_DIR)/kir-dump-test: test/sched/kir-dump-test.sh $(KILN_CC)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/sched/kir-dump-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# kir.txt read back (hls/cdfg/kir_parse.h): on a sample of the corpus, the text round-trips, rescheduling it
# gives it again, and the Verilog emitted from it is kiln-cc's (kiln-cc and kiln-opt, no Verilator).
TESTS += $(SCHED_TEST_DIR)/kir-roundtrip-test
$(SCHED_TEST_DIR)/kir-roundtrip-test: test/sched/kir-roundtrip-test.sh $(KILN_CC) $(KILN_OPT) $(KERNEL_LIBC_BC)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/sched/kir-roundtrip-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# The delay model within 1.5x of yosys' 7-series figures for carry chains, shifters and multipliers (a
# minute of yosys runs), and of nextpnr's on the iCE40 UP5K for carry chains and shifters (two minutes). The
# ECP5's table is checked by make bench only: its nextpnr, from PyPI, is too slow for every run.
TESTS += $(SCHED_TEST_DIR)/delay-model-test $(SCHED_TEST_DIR)/delay-model-ice40-test
$(SCHED_TEST_DIR)/delay-model-test: test/sched/delay-model-test.sh scripts/calibrate-delays scripts/bench-area $(KILN_OPT)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/sched/delay-model-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
$(SCHED_TEST_DIR)/delay-model-ice40-test: test/sched/delay-model-test.sh scripts/calibrate-delays $(KILN_OPT)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/sched/delay-model-test.sh" "%s" "%s" ice40\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# The multiplier cells binding counts against a board's DSPs, equal to yosys' on each fabric (a minute).
TESTS += $(SCHED_TEST_DIR)/mul-cells-test
$(SCHED_TEST_DIR)/mul-cells-test: test/sched/mul-cells-test.sh $(KILN_OPT)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/sched/mul-cells-test.sh" "%s"\n' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# make bench: the delay model (hls/schedule/oplib.c) beside each fabric's figures for each operation class,
# and the step's own overhead (scripts/calibrate-delays: 7-series two minutes, iCE40 ten, ECP5 twenty).
$(BUILD)/bench/bench-delays: scripts/calibrate-delays scripts/bench-area $(KILN_OPT)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nset -e\nfor f in xc7 ice40 ecp5; do KILN_OPT="%s" python3 "%s/scripts/calibrate-delays" --family $$f --json "%s/bench/delays-$$f.json"; done\n' '$(abspath $(KILN_OPT))' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
BENCH_PROGS += $(BUILD)/bench/bench-delays
