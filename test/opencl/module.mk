# SPDX-License-Identifier: Apache-2.0
# OpenCL tests: host programs that reach Kiln only through the system ICD loader (-lOpenCL) with
# OCL_ICD_VENDORS pointing at the build tree's .icd, on the simulated board; clinfo; the benchmark.
OCL_TEST_DIR := $(BUILD)/test/opencl
OCL_TEST_IMG := $(OCL_TEST_DIR)/ocl_kernels.kimg
OCL_TESTS := $(OCL_TEST_DIR)/ocl_api_test $(OCL_TEST_DIR)/ocl_errors_test $(OCL_TEST_DIR)/ocl_notify_test \
	$(OCL_TEST_DIR)/ocl_prebuild_test \
	$(OCL_TEST_DIR)/clinfo-test
TESTS += $(OCL_TESTS)
# `make bench` runs each program of BENCH_PROGS (they print JSON and a table).
BENCH_PROGS += $(OCL_TEST_DIR)/bench_opencl
OCL_ENV := OCL_ICD_VENDORS='$(abspath $(OCL_ICD))'

# One image with every kernel and device global the tests use (one Verilator model build, cached).
$(OCL_TEST_IMG): test/opencl/kernels/ocl_kernels.c $(KILN_CC) hls/include/kiln/device.h $(SIM_MODEL_DEPS) \
		$(wildcard rtl/*.v)
	@mkdir -p $(@D)
	$(KILN_CC) -q -o $@ test/opencl/kernels/ocl_kernels.c

$(OCL_TEST_DIR)/%.bin: $(BUILD)/obj/test/opencl/%.o $(OCL_ICD)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< -lOpenCL -lm

# Wrappers: the loader finds the build tree's ICD; the program gets the image. A static pattern, so that each
# program is an explicit prerequisite (not an intermediate file make deletes after a run and does not
# rebuild when it is missing: ocl_prebuild_test failed with status 127 on a second `make test`).
OCL_PROGRAM_TESTS := $(filter $(OCL_TEST_DIR)/ocl_%_test,$(OCL_TESTS))
$(OCL_PROGRAM_TESTS): $(OCL_TEST_DIR)/%: $(OCL_TEST_DIR)/%.bin $(OCL_TEST_IMG)
	printf '#!/bin/sh\nexport %s\nexec "%s" "%s"\n' "$(OCL_ENV)" '$(abspath $<)' '$(abspath $(OCL_TEST_IMG))' >$@
	chmod +x $@

# The benchmark also calls libkiln directly, for the baseline.
$(OCL_TEST_DIR)/bench_opencl.bin: $(BUILD)/obj/test/opencl/bench_opencl.o $(OCL_ICD) $(LIBKILN)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< -lOpenCL $(LIBKILN_LINK) -lm

$(OCL_TEST_DIR)/bench_opencl: $(OCL_TEST_DIR)/bench_opencl.bin $(OCL_TEST_IMG)
	printf '#!/bin/sh\nexport %s\nexec "%s" "%s" "$$@"\n' "$(OCL_ENV)" '$(abspath $<)' '$(abspath $(OCL_TEST_IMG))' >$@
	chmod +x $@

$(OCL_TEST_DIR)/clinfo-test: test/opencl/clinfo-test.sh $(OCL_ICD)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexport %s KILN_SAN="%s"\nexec sh "%s"\n' "$(OCL_ENV)" '$(SAN)' '$(abspath test/opencl/clinfo-test.sh)' >$@
	chmod +x $@

.PRECIOUS: $(OCL_TEST_DIR)/%.bin $(BUILD)/obj/test/opencl/%.o

# KILN_TRACE from an OpenCL host that ends without releasing anything (the counter example built with --trace,
# examples/module.mk, which test/runtime's trace_test uses too).
TESTS += $(OCL_TEST_DIR)/ocl_trace_test
$(OCL_TEST_DIR)/ocl_trace_test: $(OCL_TEST_DIR)/ocl_trace_test.bin $(COUNTER_TRACE_IMG)
	printf '#!/bin/sh\nexport %s\nexec "%s" "%s" "%s"\n' "$(OCL_ENV)" '$(abspath $<)' '$(abspath $(COUNTER_TRACE_IMG))' \
		'$(abspath $(OCL_TEST_DIR))' >$@
	chmod +x $@
