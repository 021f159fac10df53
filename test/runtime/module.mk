# SPDX-License-Identifier: Apache-2.0
# Runtime tests: libkiln on the simulated board (watchdog, 8-thread stress, image loader rejection, device
# memory), the kiln tool, and the runtime benchmarks (make bench).
RT_DIR := $(BUILD)/test/runtime
RT_IMG := $(RT_DIR)/runtime.kimg
RT_PROGS := hung_test stress_test image_test devmem_test memerr_test
RT_TESTS := $(addprefix $(RT_DIR)/,$(RT_PROGS)) $(RT_DIR)/cli-test
TESTS += $(RT_TESTS)
BENCH_PROGS += $(RT_DIR)/bench_runtime

$(RT_IMG): test/runtime/kernels.c $(KILN_CC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -o $@ test/runtime/kernels.c

# image_test uses the image format's own code (CRC, writer) to forge corrupt images.
$(RT_DIR)/%.bin: $(BUILD)/obj/test/runtime/%.o $(LIBKILN) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(COMMON_LIB) $(LIBKILN_LINK) $(COMMON_LDLIBS) -pthread -ldl

# Wrappers give each program its image, so that the runners can start them without arguments.
$(RT_DIR)/devmem_test: $(RT_DIR)/devmem_test.bin $(KILN_SMOKE_IMG)
	printf '#!/bin/sh\nexec "%s" "%s"\n' '$(abspath $<)' '$(abspath $(KILN_SMOKE_IMG))' >$@
	chmod +x $@

$(RT_DIR)/%_test: $(RT_DIR)/%_test.bin $(RT_IMG)
	printf '#!/bin/sh\nexec "%s" "%s"\n' '$(abspath $<)' '$(abspath $(RT_IMG))' >$@
	chmod +x $@

$(RT_DIR)/bench_runtime: $(RT_DIR)/bench_runtime.bin $(RT_IMG)
	printf '#!/bin/sh\nexec "%s" "%s" "%s"\n' '$(abspath $<)' '$(abspath $(RT_IMG))' '$(abspath $(BUILD))/bench' >$@
	chmod +x $@

$(RT_DIR)/cli-test: test/runtime/cli-test.sh $(KILN_TOOL) $(KILN_SMOKE_IMG) $(RT_IMG)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/runtime/cli-test.sh" "%s" "%s" "%s"\n' '$(SRC)' '$(abspath $(KILN_TOOL))' \
		'$(abspath $(KILN_SMOKE_IMG))' '$(abspath $(RT_IMG))' >$@
	chmod +x $@

.PRECIOUS: $(RT_DIR)/%.bin

# KILN_TRACE: two images in one process, the counter example built with --trace then the smoke image (which
# the install builds with --trace, for kiln's bring-up); the counter example as make run builds it (no
# --trace) must be refused with the reason.
RT_TESTS += $(RT_DIR)/trace_test
TESTS += $(RT_DIR)/trace_test
$(RT_DIR)/trace_test: $(RT_DIR)/trace_test.bin $(COUNTER_TRACE_IMG) $(KILN_SMOKE_IMG) $(COUNTER_IMG)
	printf '#!/bin/sh\nexec "%s" "%s" "%s" "%s" "%s"\n' '$(abspath $<)' '$(abspath $(COUNTER_TRACE_IMG))' \
		'$(abspath $(KILN_SMOKE_IMG))' '$(abspath $(RT_DIR))' '$(abspath $(COUNTER_IMG))' >$@
	chmod +x $@

# Kernels that stop themselves or misbehave (issue 26): first stop of an nd-range, bad function pointers,
# huge printf fields, unknown stop words. The source goes along: the test finds the expected lines in it.
RT_STOPS_IMG := $(RT_DIR)/stops.kimg
RT_TESTS += $(RT_DIR)/stops_test
TESTS += $(RT_DIR)/stops_test
$(RT_STOPS_IMG): test/runtime/stop_kernels.c $(KILN_CC) hls/include/kiln/device.h host/common/contract.h \
		$(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -o $@ test/runtime/stop_kernels.c
$(RT_DIR)/stops_test: $(RT_DIR)/stops_test.bin $(RT_STOPS_IMG)
	printf '#!/bin/sh\nexec "%s" "%s" "%s"\n' '$(abspath $<)' '$(abspath $(RT_STOPS_IMG))' \
		'$(SRC)/test/runtime/stop_kernels.c' >$@
	chmod +x $@

# The private caches (issue 26): the online-build cache from C (a logging stand-in for kiln-cc hands out
# the smoke image; the runtime image is the "other" valid image), kiln-cc's model and runtime cache and
# `kiln trust` from the shell. As root both make a second local user to own entries.
RT_TESTS += $(RT_DIR)/online_cache_test $(RT_DIR)/cache-test
TESTS += $(RT_DIR)/online_cache_test $(RT_DIR)/cache-test
$(RT_DIR)/online_cache_test: $(RT_DIR)/online_cache_test.bin $(KILN_SMOKE_IMG) $(RT_IMG)
	printf '#!/bin/sh\nexec "%s" "%s" "%s"\n' '$(abspath $<)' '$(abspath $(KILN_SMOKE_IMG))' '$(abspath $(RT_IMG))' >$@
	chmod +x $@
$(RT_DIR)/cache-test: test/runtime/cache-test.sh $(KILN_CC) $(KILN_TOOL) $(SIM_MODEL_DEPS) $(wildcard rtl/*.v)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/runtime/cache-test.sh" "%s" "%s"\n' '$(SRC)' '$(abspath $(KILN_CC))' \
		'$(abspath $(KILN_TOOL))' >$@
	chmod +x $@

# The debug channel sized by the board (issue 31): kiln-cc records the board's debug_bytes in an image that
# uses the channel, the runtime refuses it on a board whose channel changed since; on the fake backend, in
# seconds (the channel at work on a real board's top is test/boards/serial-test.sh).
RT_TESTS += $(RT_DIR)/debug-channel-test
TESTS += $(RT_DIR)/debug-channel-test
$(RT_DIR)/debug-channel-test: test/runtime/debug-channel-test.sh test/libkiln/boards/fake.json $(KILN_CC) $(KILN_TOOL) \
		$(KERNEL_LIBC_BC)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec sh "%s/test/runtime/debug-channel-test.sh" "%s" "%s" "%s"\n' '$(SRC)' '$(SRC)' \
		'$(abspath $(KILN_CC))' '$(abspath $(KILN_TOOL))' >$@
	chmod +x $@
