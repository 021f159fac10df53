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
