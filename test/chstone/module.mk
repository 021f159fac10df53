# SPDX-License-Identifier: Apache-2.0
# CHStone v1.11 (../shared/benchmarks/chstone), the standard HLS suite, untouched: each program's main made a
# kernel the way ../shared/benchmarks/README.md shows a user, run on the simulated board, its output and exit
# status compared with the same program built natively (test/cprog/cprog-test.sh). `make bench` reports their
# cycles beside Bambu's, and their area and estimated clock (scripts/bench-chstone).
CHSTONE_SRC ?= $(firstword $(wildcard $(abspath ../shared/benchmarks/chstone) /work/shared/benchmarks/chstone))
CHSTONE_DIR := $(BUILD)/test/chstone
# name:main file
CHSTONE_PROGS := adpcm:adpcm.c aes:aes.c blowfish:bf.c dfadd:dfadd.c dfdiv:dfdiv.c dfmul:dfmul.c dfsin:dfsin.c \
	gsm:gsm.c jpeg:main.c mips:mips.c motion:mpeg2.c sha:sha_driver.c
CHSTONE_NAMES := $(foreach p,$(CHSTONE_PROGS),$(firstword $(subst :, ,$(p))))
chstone_main = $(CHSTONE_SRC)/$(1)/$(lastword $(subst :, ,$(filter $(1):%,$(CHSTONE_PROGS))))
CHSTONE_TESTS := $(addprefix $(CHSTONE_DIR)/chstone_,$(CHSTONE_NAMES))
TESTS += $(CHSTONE_TESTS)

$(CHSTONE_DIR)/src/%.c: test/chstone/module.mk
	@test -n "$(CHSTONE_SRC)" || { echo "chstone: no CHStone under ../shared/benchmarks/chstone (set CHSTONE_SRC)" >&2; exit 1; }
	@mkdir -p $(@D)
	printf '#include <kiln/device.h>\n#include <stdio.h>\n#define main chstone_main\n#include "%s"\n#undef main\nKILN_SINGLE_TASK_KERNEL void run(int *result) { *result = chstone_main(); }\n' \
		'$(call chstone_main,$*)' >$@

$(CHSTONE_DIR)/img/%.kimg: $(CHSTONE_DIR)/src/%.c $(KILN_CC) $(KERNEL_LIBC_BC) $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q -I $(CHSTONE_SRC)/$* -o $@ $<

$(CHSTONE_DIR)/native/%: test/chstone/module.mk
	@test -n "$(CHSTONE_SRC)" || { echo "chstone: no CHStone under ../shared/benchmarks/chstone (set CHSTONE_SRC)" >&2; exit 1; }
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O1 -w -I $(CHSTONE_SRC)/$* -o $@ $(call chstone_main,$*)

$(CHSTONE_TESTS): $(CHSTONE_DIR)/chstone_%: $(CHSTONE_DIR)/img/%.kimg $(CHSTONE_DIR)/native/% $(BUILD)/test/cprog/run_main test/cprog/cprog-test.sh
	printf '#!/bin/sh\nexec sh "%s/test/cprog/cprog-test.sh" "%s" "%s" "%s" chstone %s=run\n' '$(SRC)' \
		'$(abspath $(BUILD)/test/cprog/run_main)' '$(abspath $(CHSTONE_DIR)/img/$*.kimg)' '$(abspath $(CHSTONE_DIR)/native)' '$*' >$@
	chmod +x $@

# make bench: the 12 programs' cycles beside Bambu's, their compile times, and their area and estimated clock
# from yosys (scripts/bench-chstone, scripts/bench-area; KILN_BENCH_NO_AREA=1 skips the area).
$(BUILD)/bench/bench-chstone: scripts/bench-chstone scripts/bench-area $(KILN_CC) $(BUILD)/test/cprog/run_main $(KERNEL_LIBC_BC)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec python3 "%s/scripts/bench-chstone" "%s" "%s"\n' '$(SRC)' '$(abspath $(BUILD))' '$(CHSTONE_SRC)' >$@
	chmod +x $@
BENCH_PROGS += $(BUILD)/bench/bench-chstone
