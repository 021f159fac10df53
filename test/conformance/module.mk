# SPDX-License-Identifier: Apache-2.0
# make conformance: the Khronos OpenCL CTS binaries that need no OpenCL C compiler, built from the shared
# conformance folder (never copied here) into $(BUILD)/cts against the system's ICD loader, run against
# Kiln's platform, every sub-test compared with test/conformance/expected.txt (scripts/conformance).
CTS_SRC ?= $(firstword $(wildcard $(abspath ../shared/conformance) /work/shared/conformance))
CTS_BUILD := $(BUILD)/cts
CTS_BINS := test_computeinfo test_api test_events test_buffers test_profiling test_mem_host_flags \
	test_allocations test_device_timer test_multiples test_basic

.PHONY: conformance
conformance: all
	@test -n "$(CTS_SRC)" && test -d "$(CTS_SRC)/OpenCL-CTS" || \
		{ echo "conformance: no OpenCL-CTS under ../shared/conformance (set CTS_SRC)" >&2; exit 1; }
	@mkdir -p $(CTS_BUILD)
	cmake -S "$(CTS_SRC)/OpenCL-CTS" -B $(CTS_BUILD) -DCMAKE_BUILD_TYPE=Release \
		-DCL_INCLUDE_DIR="$(CTS_SRC)/OpenCL-Headers" -DCL_LIB_DIR=/usr/lib/x86_64-linux-gnu \
		-DOPENCL_LIBRARIES=OpenCL -DSPIRV_INCLUDE_DIR="$(CTS_SRC)/SPIRV-Headers" >$(CTS_BUILD)/configure.log
	cmake --build $(CTS_BUILD) -j2 --target $(CTS_BINS) >$(CTS_BUILD)/build.log
	python3 scripts/conformance $(BUILD) $(CTS_BUILD) test/conformance/expected.txt
