# SPDX-License-Identifier: Apache-2.0
# HLS tests: the kernel corpus (test/kernels/*.c) run differentially (Verilated RTL vs. the same C compiled
# natively), one image per corpus file; bad inputs that must get their diagnostic; lint and synthesis of a
# sample. `make bench` measures the corpus (scripts/bench).
HLS_TEST_DIR := $(BUILD)/test/hls
CORPUS_SRCS := $(sort $(wildcard test/kernels/*.c))
# genloops: random single-block loops (scripts/gen-loop-kernels, fixed seed), generated into the build tree.
CORPUS_NAMES := $(patsubst test/kernels/%.c,%,$(CORPUS_SRCS)) genloops
HLS_GEN_DIR := $(HLS_TEST_DIR)/gen
CORPUS_TESTS := $(addprefix $(HLS_TEST_DIR)/corpus_,$(CORPUS_NAMES))
CORPUS_IMGS := $(addprefix $(HLS_TEST_DIR)/img/,$(addsuffix .kimg,$(CORPUS_NAMES)))
# The same corpus compiled with --no-pipeline: both schedules must compute what the C computes.
CORPUS_SEQ_TESTS := $(addprefix $(HLS_TEST_DIR)/corpus_seq_,$(CORPUS_NAMES))
CORPUS_ICE40_TESTS := $(addprefix $(HLS_TEST_DIR)/corpus_ice40_,pipeline ndrange linalg floats pointers structs)
# The corpus files with constant tables, every table over 64 bytes in device memory (a small part's
# --onchip-rom-max): the tables become device globals the runtime fills, read through the memory port.
CORPUS_ROM_TESTS := $(addprefix $(HLS_TEST_DIR)/corpus_romdev_,crc control wide)
# The corpus files with most multiplications, bound for a board of no DSPs (--dsp-max 0): every multiplier
# that can be shared is, beyond what the clock allows, and loops that multiply are sequential
# (hls/emit/bind_mul.c); and pipelined loops' products taking turns on 2 or 1 shared multipliers of a width
# (--dsp-max 12 and 6: kernels of three and four 32-bit products of 3 cells an iteration).
CORPUS_DSP_TESTS := $(addprefix $(HLS_TEST_DIR)/corpus_dspshare_,arith64 mulshare products4 multrim) \
	$(HLS_TEST_DIR)/corpus_dsp6_pipemul $(HLS_TEST_DIR)/corpus_dsp12_pipemul
TESTS += $(CORPUS_ICE40_TESTS) $(CORPUS_ROM_TESTS) $(CORPUS_DSP_TESTS)
TESTS += $(CORPUS_TESTS) $(CORPUS_SEQ_TESTS) $(HLS_TEST_DIR)/hls-bad-test $(HLS_TEST_DIR)/hls-rtl-test \
	$(HLS_TEST_DIR)/hls-pipeline-test

# scale: a 64 KiB initialised device global, a 1 MB constant table, 10,000 unrolled statements
# (scripts/gen-scale-kernels). Its model takes minutes to build, so it runs pipelined only.
SCALE_TEST := $(HLS_TEST_DIR)/corpus_scale
TESTS += $(SCALE_TEST)
$(HLS_GEN_DIR)/scale.c: scripts/gen-scale-kernels
	@mkdir -p $(@D)
	python3 scripts/gen-scale-kernels 20261125 $@

$(SCALE_TEST): $(HLS_TEST_DIR)/bin/scale $(HLS_TEST_DIR)/img/scale.kimg
	printf '#!/bin/sh\nexec "%s" "%s" "$$@"\n' '$(abspath $<)' '$(abspath $(HLS_TEST_DIR)/img/scale.kimg)' >$@
	chmod +x $@

$(HLS_GEN_DIR)/genloops.c: scripts/gen-loop-kernels
	@mkdir -p $(@D)
	python3 scripts/gen-loop-kernels 20261123 24 $@

# Per corpus source folder SRCDIR: the image, the image without pipelining, and the harness program.
define CORPUS_RULES
$$(HLS_TEST_DIR)/img/%.kimg: $(1)/%.c $$(KILN_CC) hls/include/kiln/device.h $$(KERNEL_LIBC_BC) $$(SIM_MODEL_DEPS) $$(wildcard rtl/*.v)
	@mkdir -p $$(@D)
	$$(KILN_CC) -q -o $$@ $$<

$$(HLS_TEST_DIR)/img-seq/%.kimg: $(1)/%.c $$(KILN_CC) hls/include/kiln/device.h $$(KERNEL_LIBC_BC) $$(SIM_MODEL_DEPS) $$(wildcard rtl/*.v)
	@mkdir -p $$(@D)
	$$(KILN_CC) -q --no-pipeline -o $$@ $$<

$$(HLS_TEST_DIR)/img-ice40/%.kimg: $(1)/%.c $$(KILN_CC) hls/include/kiln/device.h $$(KERNEL_LIBC_BC) $$(SIM_MODEL_DEPS) $$(wildcard rtl/*.v)
	@mkdir -p $$(@D)
	$$(KILN_CC) -q --fabric ice40 -o $$@ $$<

$$(HLS_TEST_DIR)/img-romdev/%.kimg: $(1)/%.c $$(KILN_CC) hls/include/kiln/device.h $$(KERNEL_LIBC_BC) $$(SIM_MODEL_DEPS) $$(wildcard rtl/*.v)
	@mkdir -p $$(@D)
	$$(KILN_CC) -q --onchip-rom-max 64 -o $$@ $$<

$$(HLS_TEST_DIR)/img-dsp0/%.kimg: $(1)/%.c $$(KILN_CC) hls/include/kiln/device.h $$(KERNEL_LIBC_BC) $$(SIM_MODEL_DEPS) $$(wildcard rtl/*.v)
	@mkdir -p $$(@D)
	$$(KILN_CC) -q --dsp-max 0 -o $$@ $$<

$$(HLS_TEST_DIR)/img-dsp12/%.kimg: $(1)/%.c $$(KILN_CC) hls/include/kiln/device.h $$(KERNEL_LIBC_BC) $$(SIM_MODEL_DEPS) $$(wildcard rtl/*.v)
	@mkdir -p $$(@D)
	$$(KILN_CC) -q --dsp-max 12 -o $$@ $$<

$$(HLS_TEST_DIR)/img-dsp6/%.kimg: $(1)/%.c $$(KILN_CC) hls/include/kiln/device.h $$(KERNEL_LIBC_BC) $$(SIM_MODEL_DEPS) $$(wildcard rtl/*.v)
	@mkdir -p $$(@D)
	$$(KILN_CC) -q --dsp-max 6 -o $$@ $$<

$$(HLS_TEST_DIR)/bin/%: $(1)/%.c host/difftest/difftest.c host/include/kiln/difftest.h $$(LIBKILN)
	@mkdir -p $$(@D)
	$$(CC) $$(SAN) -std=gnu11 -O1 -g -w -fwrapv -ffp-contract=off -Ihost/include -Ihls/include -I. -DKILN_HARNESS \
		'-DKT_FILE="$$*"' -include kiln/difftest.h -o $$@ $$< host/difftest/difftest.c $$(LIBKILN_LINK) -lm
endef
$(foreach d,test/kernels $(HLS_GEN_DIR),$(eval $(call CORPUS_RULES,$(d))))

$(CORPUS_TESTS): $(HLS_TEST_DIR)/corpus_%: $(HLS_TEST_DIR)/bin/% $(HLS_TEST_DIR)/img/%.kimg
	printf '#!/bin/sh\nexec "%s" "%s" "$$@"\n' '$(abspath $<)' '$(abspath $(HLS_TEST_DIR)/img/$*.kimg)' >$@
	chmod +x $@

$(CORPUS_SEQ_TESTS): $(HLS_TEST_DIR)/corpus_seq_%: $(HLS_TEST_DIR)/bin/% $(HLS_TEST_DIR)/img-seq/%.kimg
	printf '#!/bin/sh\nexec env KILN_TEST_LABEL="no-pipeline: " "%s" "%s" "$$@"\n' '$(abspath $<)' '$(abspath $(HLS_TEST_DIR)/img-seq/$*.kimg)' >$@
	chmod +x $@

# A sample of the corpus scheduled with the iCE40's delays (more, shorter steps; FP units of more levels;
# pipelined loads through their queue's registers) on the simulated board: the same differential runs.
$(CORPUS_ICE40_TESTS): $(HLS_TEST_DIR)/corpus_ice40_%: $(HLS_TEST_DIR)/bin/% $(HLS_TEST_DIR)/img-ice40/%.kimg
	printf '#!/bin/sh\nexec env KILN_TEST_LABEL="ice40 fabric: " "%s" "%s" "$$@"\n' '$(abspath $<)' '$(abspath $(HLS_TEST_DIR)/img-ice40/$*.kimg)' >$@
	chmod +x $@

$(CORPUS_ROM_TESTS): $(HLS_TEST_DIR)/corpus_romdev_%: $(HLS_TEST_DIR)/bin/% $(HLS_TEST_DIR)/img-romdev/%.kimg
	printf '#!/bin/sh\nexec env KILN_TEST_LABEL="tables in device memory: " "%s" "%s" "$$@"\n' '$(abspath $<)' '$(abspath $(HLS_TEST_DIR)/img-romdev/$*.kimg)' >$@
	chmod +x $@

$(filter %_arith64 %_mulshare %_products4 %_multrim,$(CORPUS_DSP_TESTS)): $(HLS_TEST_DIR)/corpus_dspshare_%: $(HLS_TEST_DIR)/bin/% $(HLS_TEST_DIR)/img-dsp0/%.kimg
	printf '#!/bin/sh\nexec env KILN_TEST_LABEL="no DSPs: " "%s" "%s" "$$@"\n' '$(abspath $<)' '$(abspath $(HLS_TEST_DIR)/img-dsp0/$*.kimg)' >$@
	chmod +x $@
$(filter %_pipemul,$(CORPUS_DSP_TESTS)): $(HLS_TEST_DIR)/corpus_dsp%_pipemul: $(HLS_TEST_DIR)/bin/pipemul $(HLS_TEST_DIR)/img-dsp%/pipemul.kimg
	printf '#!/bin/sh\nexec env KILN_TEST_LABEL="%s DSPs: " "%s" "%s" "$$@"\n' '$*' '$(abspath $<)' '$(abspath $(HLS_TEST_DIR)/img-dsp$*/pipemul.kimg)' >$@
	chmod +x $@

$(HLS_TEST_DIR)/hls-pipeline-test: test/hls/pipeline-test.sh $(HLS_TEST_DIR)/img/pipeline.kimg $(HLS_TEST_DIR)/img-seq/pipeline.kimg
	printf '#!/bin/sh\nexec sh "%s/test/hls/pipeline-test.sh" "%s"\n' '$(SRC)' '$(abspath $(HLS_TEST_DIR))' >$@
	chmod +x $@

TESTS += $(HLS_TEST_DIR)/hls-partition-test
$(HLS_TEST_DIR)/hls-partition-test: test/hls/partition-test.sh $(HLS_TEST_DIR)/img/partition.kimg $(HLS_TEST_DIR)/bin/partition
	printf '#!/bin/sh\nexec sh "%s/test/hls/partition-test.sh" "%s" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(HLS_TEST_DIR))' '$(abspath $(BUILD))' >$@
	chmod +x $@

$(HLS_TEST_DIR)/hls-bad-test: test/hls/bad-test.sh $(KILN_CC) $(wildcard test/hls/bad/*.c)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/hls/bad-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# printf's wide conversions refused at compile time, each at its line (issue 26).
TESTS += $(HLS_TEST_DIR)/printf-wide-test
$(HLS_TEST_DIR)/printf-wide-test: test/hls/printf-wide-test.sh $(KILN_CC)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/hls/printf-wide-test.sh" "%s"\n' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# The RAM cells' $readmemh branch in Icarus Verilog against the model's C tables.
TESTS += $(HLS_TEST_DIR)/meminit-sim-test
$(HLS_TEST_DIR)/meminit-sim-test: test/hls/meminit-sim-test.sh $(KILN_CC) $(wildcard rtl/*.v) test/libkiln/boards/fake.json
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/hls/meminit-sim-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

$(HLS_TEST_DIR)/hls-rtl-test: test/hls/rtl-test.sh $(CORPUS_IMGS)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/hls/rtl-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(HLS_TEST_DIR))' >$@
	chmod +x $@

# make bench: the corpus' cycles, compile times and cell counts (scripts/bench).
$(BUILD)/bench/bench-hls: scripts/bench $(CORPUS_TESTS) $(CORPUS_SEQ_TESTS) $(SCALE_TEST)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec python3 "%s/scripts/bench" "%s" %s\n' '$(SRC)' '$(abspath $(HLS_TEST_DIR))' '$(CORPUS_NAMES) scale' >$@
	chmod +x $@
BENCH_PROGS += $(BUILD)/bench/bench-hls
.PRECIOUS: $(HLS_TEST_DIR)/bin/% $(HLS_TEST_DIR)/img/%.kimg $(HLS_TEST_DIR)/img-seq/%.kimg

# dead-signal removal and rtl_wrap on hand-written module text: no Verilator, no LLVM module.
TESTS += $(HLS_TEST_DIR)/dead_signals_test $(HLS_TEST_DIR)/rtl_wrap_test
$(HLS_TEST_DIR)/dead_signals_test $(HLS_TEST_DIR)/rtl_wrap_test: $(HLS_TEST_DIR)/%: $(BUILD)/obj/test/hls/%.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

# sched_verify on hand-made schedules: no Verilator, no LLVM module (the compiler's objects, linked as kiln-cc).
TESTS += $(HLS_TEST_DIR)/sched_verify_test
$(HLS_TEST_DIR)/sched_verify_test: $(BUILD)/obj/test/hls/sched_verify_test.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

# Names with comment ends, quotes, newlines and non-ASCII through every output, and the RTL check that keeps
# $system, $c and foreign DPI out of a model (issue 26).
TESTS += $(HLS_TEST_DIR)/names-test $(HLS_TEST_DIR)/rtl-check-test
# The venv: systemrdl-compiler reads regmap.rdl back (defined by test/ecosystem, read before this file).
$(HLS_TEST_DIR)/names-test: test/hls/names-test.sh $(KILN_CC) $(KILN_POST_LINK) $(KILN_TOOL) $(SIM_MODEL_DEPS) $(ECO_VENV_STAMP)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/hls/names-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
$(HLS_TEST_DIR)/rtl_check_test: $(BUILD)/obj/test/hls/rtl_check_test.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)
$(HLS_TEST_DIR)/rtl-check-test: $(HLS_TEST_DIR)/rtl_check_test
	printf '#!/bin/sh\nexec "%s" "%s"\n' '$(abspath $<)' '$(SRC)' >$@
	chmod +x $@

# One test per pass (test/hls/lit): IR in, the pass alone through kiln-opt, FileCheck on what comes out; and one
# per HLS stage on kernel IR text (*.kir, kiln-opt --kir: the scheduler, binding, the kernel emitter).
TESTS += $(HLS_TEST_DIR)/pass-lit-test
$(HLS_TEST_DIR)/pass-lit-test: scripts/run-dpcpp-lit.sh $(KILN_OPT) $(KILN_CC) $(KERNEL_LIBC_BC) docs/compiler.md \
		$(wildcard test/hls/lit/*.ll test/hls/lit/*.kir test/hls/lit/Inputs/*)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nKILN_LIT_TAP=1 KILN_OPT="%s" KILN_CC="%s" exec sh "%s/scripts/run-dpcpp-lit.sh" "%s/test/hls/lit"\n' \
		'$(abspath $(KILN_OPT))' '$(abspath $(KILN_CC))' '$(SRC)' '$(SRC)' >$@
	chmod +x $@

# The compiler's layering (scripts/check-layering): no stage includes the driver, no circles of files.
TESTS += $(HLS_TEST_DIR)/layering-test
$(HLS_TEST_DIR)/layering-test: scripts/check-layering $(wildcard hls/*/*.c hls/*/*.h)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec python3 "%s/scripts/check-layering" "%s"\n' '$(SRC)' '$(SRC)' >$@
	chmod +x $@

# The compiler's checked growth of its working arrays (hls/support/xalloc).
TESTS += $(HLS_TEST_DIR)/xalloc_test
EXTRA_CFLAGS_test/hls = $(LLVM_CFLAGS)
$(HLS_TEST_DIR)/xalloc_test: $(BUILD)/obj/test/hls/xalloc_test.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

# The constant-division plans against C's division (hls/lower/const_div), exhaustively up to 12 bits.
TESTS += $(HLS_TEST_DIR)/const_div_test
$(HLS_TEST_DIR)/const_div_test: $(BUILD)/obj/test/hls/const_div_test.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

# The constant multiplications' shifts and adders (hls/cdfg/mul_const) against C's multiplication.
TESTS += $(HLS_TEST_DIR)/mul_const_test
$(HLS_TEST_DIR)/mul_const_test: $(BUILD)/obj/test/hls/mul_const_test.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

# The known widths of values (hls/cdfg/value_bits) against every value the operand shapes allow.
TESTS += $(HLS_TEST_DIR)/value_bits_test
$(HLS_TEST_DIR)/value_bits_test: $(BUILD)/obj/test/hls/value_bits_test.o $(HLS_OBJS) $(COMMON_LIB)
	$(HLS_LINK)

# The const-div pass on a real program, executed by lli against the native build.
TESTS += $(HLS_TEST_DIR)/const-div-test
$(HLS_TEST_DIR)/const-div-test: test/hls/const-div-test.sh test/hls/const_div_prog.c $(KILN_OPT)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/hls/const-div-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# Damaged kernel IR text into kiln-opt's reader and the stages after it (a seeded fuzz).
TESTS += $(HLS_TEST_DIR)/kir-fuzz-test
$(HLS_TEST_DIR)/kir-fuzz-test: test/hls/kir-fuzz-test.py $(KILN_OPT) $(wildcard test/hls/lit/*.kir)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec python3 "%s/test/hls/kir-fuzz-test.py" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# Invalid and corrupt IR into kiln-cc and kiln-post-link: the verifier's refusal, reader crashes, a seeded fuzz.
TESTS += $(HLS_TEST_DIR)/bad-ir-test
$(HLS_TEST_DIR)/bad-ir-test: test/hls/bad-ir-test.sh test/hls/bad-ir/reader-crash.bc test/hls/bad-ir/fuzz-seed.bc $(KILN_CC) $(KILN_POST_LINK) $(KERNEL_LIBC_BC)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/hls/bad-ir-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# kiln-cc --profile on a kernel of over 64 blocks: the model builds under Verilator, and the profile's blocks
# add up to the run's cycles.
TESTS += $(HLS_TEST_DIR)/profile-test
$(HLS_TEST_DIR)/profile-test: test/hls/profile-test.sh $(KILN_CC) $(BUILD)/test/cprog/run_main $(KERNEL_LIBC_BC)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/hls/profile-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# kiln-cc --data-model llp64 (a 32-bit long) on the board, and what it refuses (issue 29).
TESTS += $(HLS_TEST_DIR)/data-model-test
$(HLS_TEST_DIR)/data-model-test: test/hls/data-model-test.sh test/hls/data_model.c $(KILN_CC) $(KERNEL_LIBC_BC) \
		$(SIM_MODEL_DEPS) $(BUILD)/test/cprog/run_main
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/hls/data-model-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
