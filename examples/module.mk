# SPDX-License-Identifier: Apache-2.0
# The examples: kernels compiled by kiln-cc and their host programs. `make run` runs the counter.
EXAMPLE_DIR := $(BUILD)/examples
COUNTER_IMG := $(EXAMPLE_DIR)/counter.kimg
COUNTER_HOST := $(EXAMPLE_DIR)/counter

$(COUNTER_IMG): examples/counter.c $(KILN_CC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -o $@ examples/counter.c

# The counter with waveform support (kiln-cc --trace), for the KILN_TRACE tests (test/runtime, test/opencl).
COUNTER_TRACE_IMG := $(EXAMPLE_DIR)/counter-trace.kimg
$(COUNTER_TRACE_IMG): examples/counter.c $(KILN_CC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q --trace -o $@ examples/counter.c

$(COUNTER_HOST): examples/counter_host.c $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< $(LIBKILN_LINK)

run: all $(COUNTER_IMG) $(COUNTER_HOST)
	$(COUNTER_HOST) $(COUNTER_IMG)

BIN += $(COUNTER_HOST)

# The README's worked examples: an nd-range kernel over device memory with a libkiln host and an OpenCL host
# (test/flow/examples-test.sh builds both hosts with the README's command lines and runs them).
SAXPY_IMG := $(EXAMPLE_DIR)/saxpy.kimg
$(SAXPY_IMG): examples/saxpy.c $(KILN_CC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q -o $@ examples/saxpy.c

# Virtual functions (seed 001): examples/shapes.c for the sim board (both sets) and for sim-nofp64, where
# kiln-cc drops the set that uses double (test/flow/shapes-test.sh runs examples/shapes_host.c on both).
SHAPES_IMG := $(EXAMPLE_DIR)/shapes.kimg
SHAPES32_IMG := $(EXAMPLE_DIR)/shapes-nofp64.kimg
SHAPES_DEPS := examples/shapes.c examples/shapes.h $(KILN_CC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) \
	$(wildcard rtl/*.v) configs/boards/sim-nofp64.json
$(SHAPES_IMG): $(SHAPES_DEPS)
	@mkdir -p $(@D)
	$(KILN_CC) -q -o $@ examples/shapes.c
$(SHAPES32_IMG): $(SHAPES_DEPS)
	@mkdir -p $(@D)
	$(KILN_CC) -q --board sim-nofp64 -o $@ examples/shapes.c

# The counter as one single-source program (kiln-cc --single-source, docs/single-source.md): kernel, device
# global and host in examples/counter_single.c, one executable with the image embedded; `make run-single` runs it
# and prints what `make run` prints.
COUNTER_SINGLE := $(EXAMPLE_DIR)/counter_single
$(COUNTER_SINGLE): examples/counter_single.c $(KILN_CC) $(LIBKILN) hls/include/kiln/device.h \
		$(BUILD)/include/kiln/single.h $(BUILD)/include/kiln/kiln.h $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q --single-source -o $@ examples/counter_single.c

.PHONY: run-single
run-single: all $(COUNTER_SINGLE)
	$(COUNTER_SINGLE)

BIN += $(COUNTER_SINGLE)

# `make run-shapes`: the virtual-functions example on the sim board and on sim-nofp64 (the double set dropped,
# its kernel refused at launch).
SHAPES_HOST := $(EXAMPLE_DIR)/shapes_host
$(SHAPES_HOST): examples/shapes_host.c examples/shapes.h $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -ffp-contract=off -o $@ $< $(LIBKILN_LINK) -lm

.PHONY: run-shapes
run-shapes: all $(SHAPES_IMG) $(SHAPES32_IMG) $(SHAPES_HOST)
	$(SHAPES_HOST) $(SHAPES_IMG)
	KILN_BOARD=sim-nofp64 $(SHAPES_HOST) $(SHAPES32_IMG)
