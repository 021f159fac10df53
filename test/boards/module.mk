# SPDX-License-Identifier: Apache-2.0
# Real boards without a board: their bitstream flows with the real tools.
BOARDS_TEST_DIR := $(BUILD)/test/boards
TESTS += $(BOARDS_TEST_DIR)/bitstream-test
# The ECP5 tools come from the virtual environment the ecosystem tests make (test/ecosystem/module.mk).
$(BOARDS_TEST_DIR)/bitstream-test: test/boards/bitstream-test.sh configs/boards/icebreaker.json \
		configs/boards/ulx3s.json configs/boards/hx8k.json $(KILN_CC) $(KILN_TOOL) $(BUILD)/venv/.kiln-pins
	@mkdir -p $(@D)
	printf '#!/bin/sh\nPATH="%s/bin:$$PATH" exec sh "%s/test/boards/bitstream-test.sh" "%s" "%s"\n' \
		'$(abspath $(BUILD)/venv)' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# The flows' fit check between synthesis and place and route (bsp/common/flow/check-fit): on netlists of its own,
# and on both boards' synthesis with a stand-in nextpnr, so no place and route runs (about a minute).
FIT_TEST := $(BOARDS_TEST_DIR)/fit-test
TESTS += $(FIT_TEST)
$(FIT_TEST): test/boards/fit-test.sh bsp/common/flow/check-fit bsp/common/flow/build-ice40 bsp/icebreaker/build-bitstream bsp/ulx3s/build-bitstream \
		configs/boards/icebreaker.json configs/boards/ulx3s.json configs/boards/sim.json examples/counter.c \
		$(KILN_CC) $(BUILD)/venv/.kiln-pins
	@mkdir -p $(@D)
	printf '#!/bin/sh\nPATH="%s/bin:$$PATH" exec sh "%s/test/boards/fit-test.sh" "%s" "%s"\n' \
		'$(abspath $(BUILD)/venv)' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# The iCEBreaker's board top, Verilated with its UART on a pty (kiln-cosim), answering the serial host link to a
# Python stand-in for the host: no libkiln. The model is kept in $(BOARDS_TEST_DIR)/cosim/ between runs.
# `make test-cosim` runs only this.
COSIM_TEST := $(BOARDS_TEST_DIR)/cosim-test
TESTS += $(COSIM_TEST)
$(COSIM_TEST): test/boards/cosim-test.sh test/boards/cosim-link.py test/boards/build-cosim test/boards/cosim_main.cpp \
		$(KILN_CC) $(CONTRACT_VH)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/boards/cosim-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

.PHONY: test-cosim
test-cosim: $(COSIM_TEST)
	@python3 scripts/run-tests $(COSIM_TEST)

# libkiln's serial backend, the kiln tool, the examples' hosts and serial_host.c (unaligned copies, a hung
# kernel, stores outside device memory; printf, exit and malloc through the board's debug channel where it
# has one) against the co-simulated iCEBreaker, ULX3S and HX8K (about 45 s).
SERIAL_TEST := $(BOARDS_TEST_DIR)/serial-test
TESTS += $(SERIAL_TEST)
$(SERIAL_TEST): test/boards/serial-test.sh test/boards/cosim-lib.sh test/boards/build-cosim test/boards/cosim_main.cpp \
		$(KILN_CC) $(KILN_TOOL) $(LIBKILN) $(KILN_STAGED_HEADERS) $(CONTRACT_VH) examples/counter_host.c \
		examples/saxpy_host.c examples/counter.c examples/saxpy.c test/boards/serial_host.c \
		test/boards/serial_kernels.c test/boards/channel_kernels.c test/harness.h configs/boards/icebreaker.json \
		configs/boards/ulx3s.json configs/boards/hx8k.json
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/boards/serial-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@

# CHStone on the co-simulated iCEBreaker and ULX3S, through the serial backend (about four minutes).
CHSTONE_COSIM_TEST := $(BOARDS_TEST_DIR)/chstone-cosim-test
TESTS += $(CHSTONE_COSIM_TEST)
$(CHSTONE_COSIM_TEST): test/boards/chstone-cosim-test.sh test/boards/cosim-lib.sh test/boards/build-cosim \
		test/boards/cosim_main.cpp $(KILN_CC) $(LIBKILN) $(CONTRACT_VH) $(BUILD)/test/cprog/run_main \
		$(addprefix $(BUILD)/test/chstone/src/,mips.c dfadd.c aes.c sha.c)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/boards/chstone-cosim-test.sh" "%s" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' '$(CHSTONE_SRC)' >$@
	chmod +x $@

# make bench: the examples' and the fitting CHStone programs' bitstreams on each real board, with nextpnr's
# clock and cells (scripts/bench-boards).
$(BUILD)/bench/bench-boards: scripts/bench-boards $(KILN_CC) $(BUILD)/venv/.kiln-pins \
		$(addprefix $(BUILD)/test/chstone/src/,mips.c dfadd.c aes.c sha.c)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec python3 "%s/scripts/bench-boards" "%s" "%s"\n' '$(SRC)' '$(abspath $(BUILD))' '$(CHSTONE_SRC)' >$@
	chmod +x $@
BENCH_PROGS += $(BUILD)/bench/bench-boards

# The sim board's memory back-pressure from the board file (devmem_stall_period): sim against sim-ideal.
TESTS += $(BOARDS_TEST_DIR)/sim-stall-test
$(BOARDS_TEST_DIR)/sim-stall-test: test/boards/sim-stall-test.sh configs/boards/sim.json configs/boards/sim-ideal.json \
		$(KILN_CC) $(SIM_MODEL_DEPS) $(BUILD)/test/cprog/run_main
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/boards/sim-stall-test.sh" "%s" "%s"\n' '$(SRC)' '$(SRC)' '$(abspath $(BUILD))' >$@
	chmod +x $@
