# SPDX-License-Identifier: Apache-2.0
# The floating-point units (rtl/kiln_f*.v, rtl/kiln_fp_*.v) against this machine's IEEE-754 arithmetic: a
# Verilated bench of every unit of both formats (gen-tb.py writes it), driven by fpu_test.c through the thin
# C++ wrapper fpu_model.cpp, which is all the C++ Verilator forces.
FPU_TEST_DIR := $(BUILD)/test/fpu
FPU_RTL := rtl/kiln_fadd.v rtl/kiln_fmul.v rtl/kiln_fma.v rtl/kiln_fdiv.v rtl/kiln_fsqrt.v $(wildcard rtl/kiln_fp_*.v)
FPU_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -ffp-contract=off -fno-builtin
TESTS += $(FPU_TEST_DIR)/fpu_test

$(FPU_TEST_DIR)/gen/fpu_tb.v: test/fpu/gen-tb.py
	@mkdir -p $(@D)
	python3 test/fpu/gen-tb.py $(@D)
$(FPU_TEST_DIR)/gen/fpu_tb_units.h: $(FPU_TEST_DIR)/gen/fpu_tb.v

$(FPU_TEST_DIR)/fpu_test.o: test/fpu/fpu_test.c $(FPU_TEST_DIR)/gen/fpu_tb_units.h hls/schedule/fp_units.h \
		hls/cdfg/kop_table.h test/harness.h
	$(CC) $(FPU_CFLAGS) -I$(FPU_TEST_DIR)/gen -c $< -o $@
# The units' table, alone: its functions that size units for a clock call the scheduler's operator library,
# which this test does not link; each function in its own section, the linker drops those.
$(FPU_TEST_DIR)/fp_units.o: hls/schedule/fp_units.c hls/schedule/fp_units.h hls/cdfg/kop_table.h
	@mkdir -p $(@D)
	$(CC) $(FPU_CFLAGS) -ffunction-sections -c $< -o $@

$(FPU_TEST_DIR)/fpu_test: $(FPU_TEST_DIR)/fpu_test.o $(FPU_TEST_DIR)/fp_units.o $(FPU_TEST_DIR)/gen/fpu_tb.v \
		test/fpu/fpu_model.cpp $(FPU_RTL) | $(DEPS_STAMP)
	rm -rf $(FPU_TEST_DIR)/obj
	env -u MAKEFLAGS -u MFLAGS verilator --cc --exe --build -j 1 -O2 -Wno-fatal -Mdir $(FPU_TEST_DIR)/obj \
		--top-module fpu_tb \
		$(FPU_TEST_DIR)/gen/fpu_tb.v $(FPU_RTL) $(abspath test/fpu/fpu_model.cpp) \
		$(abspath $(FPU_TEST_DIR)/fpu_test.o $(FPU_TEST_DIR)/fp_units.o) -LDFLAGS "-lm -Wl,--gc-sections" -o fpu_test >$(FPU_TEST_DIR)/build.log
	cp $(FPU_TEST_DIR)/obj/fpu_test $@

# make bench: each unit's latency and yosys cells, and the II of float loops (scripts/bench-fpu).
$(BUILD)/bench/fpu_table: $(BUILD)/obj/test/fpu/fpu_table.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)
$(BUILD)/bench/bench-fpu: scripts/bench-fpu $(KILN_CC) $(BUILD)/bench/fpu_table test/fpu/bench_kernels.c
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec python3 "%s/scripts/bench-fpu" "%s" "%s"\n' '$(SRC)' '$(abspath $(BUILD))' '$(SRC)' >$@
	chmod +x $@
BENCH_PROGS += $(BUILD)/bench/bench-fpu

TESTS += $(FPU_TEST_DIR)/fpu-synth
$(FPU_TEST_DIR)/fpu-synth: test/fpu/fpu-synth.sh $(BUILD)/bench/fpu_table
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/fpu/fpu-synth.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD)/bench/fpu_table)' >$@
	chmod +x $@
