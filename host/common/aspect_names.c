// SPDX-License-Identifier: Apache-2.0
#include "aspect_names.h"

#include <stddef.h>
#include <string.h>

/* SYCL 2020 and DPC++ (sycl/info/aspects.def), then the deprecated spellings DPC++ still accepts (after the
 * current name of the same number, so that a number maps back to the current name), then Kiln's own. */
static const struct {
	const char *name;
	int32_t num;
} table[] = {
    {"host", 0},
    {"cpu", 1},
    {"gpu", 2},
    {"accelerator", 3},
    {"custom", 4},
    {"fp16", 5},
    {"fp64", 6},
    {"int64_base_atomics", 7},
    {"int64_extended_atomics", 8},
    {"image", 9},
    {"online_compiler", 10},
    {"online_linker", 11},
    {"queue_profiling", 12},
    {"usm_device_allocations", 13},
    {"usm_host_allocations", 14},
    {"usm_shared_allocations", 15},
    {"usm_restricted_shared_allocations", 16},
    {"usm_system_allocations", 17},
    {"ext_intel_pci_address", 18},
    {"ext_intel_gpu_eu_count", 19},
    {"ext_intel_gpu_eu_simd_width", 20},
    {"ext_intel_gpu_slices", 21},
    {"ext_intel_gpu_subslices_per_slice", 22},
    {"ext_intel_gpu_eu_count_per_subslice", 23},
    {"ext_intel_max_mem_bandwidth", 24},
    {"ext_intel_mem_channel", 25},
    {"usm_atomic_host_allocations", 26},
    {"usm_atomic_shared_allocations", 27},
    {"atomic64", 28},
    {"ext_intel_device_info_uuid", 29},
    {"ext_oneapi_srgb", 30},
    {"ext_oneapi_native_assert", 31},
    {"host_debuggable", 32},
    {"ext_intel_gpu_hw_threads_per_eu", 33},
    {"ext_oneapi_cuda_async_barrier", 34},
    {"ext_oneapi_bfloat16_math_functions", 35},
    {"ext_intel_free_memory", 36},
    {"ext_intel_device_id", 37},
    {"ext_intel_memory_clock_rate", 38},
    {"ext_intel_memory_bus_width", 39},
    {"emulated", 40},
    {"ext_intel_legacy_image", 41},
    {"ext_oneapi_bindless_images", 42},
    {"ext_oneapi_bindless_images_shared_usm", 43},
    {"ext_oneapi_bindless_images_1d_usm", 44},
    {"ext_oneapi_bindless_images_2d_usm", 45},
    {"ext_oneapi_interop_memory_import", 46},
    {"ext_oneapi_interop_memory_export", 47},
    {"ext_oneapi_interop_semaphore_import", 48},
    {"ext_oneapi_interop_semaphore_export", 49},
    {"ext_oneapi_mipmap", 50},
    {"ext_oneapi_mipmap_anisotropy", 51},
    {"ext_oneapi_mipmap_level_reference", 52},
    {"ext_intel_esimd", 53},
    {"ext_oneapi_ballot_group", 54},
    {"ext_oneapi_fixed_size_group", 55},
    {"ext_oneapi_opportunistic_group", 56},
    {"ext_oneapi_tangle_group", 57},
    {"ext_intel_matrix", 58},
    {"ext_oneapi_is_composite", 59},
    {"ext_oneapi_is_component", 60},
    {"ext_intel_fpga_task_sequence", 61},
    {"usm_system_allocator", 17},
    /* Kiln's own: the board is an FPGA, and it has room for single-precision units (SYCL takes float for
     * granted; a small board may not). */
    {"fpga", KILN_ASPECT_OWN_BASE + 0},
    {"fp32", KILN_ASPECT_OWN_BASE + 1},
};

int kiln_aspect_number(const char *name, int32_t *num)
{
	for (size_t i = 0; name && i < sizeof table / sizeof table[0]; i++)
		if (!strcmp(table[i].name, name)) {
			*num = table[i].num;
			return 0;
		}
	return -1;
}

const char *kiln_aspect_name(int32_t num)
{
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (table[i].num == num)
			return table[i].name;
	return NULL;
}
