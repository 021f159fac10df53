// SPDX-License-Identifier: Apache-2.0
/* The device: a Kiln board as an OpenCL 3.0 accelerator with the embedded profile of vendor FPGA runtimes. */
#include <stdio.h>
#include <string.h>

#include "host/common/contract.h"
#include "ocl.h"

#define KCL_MAX_WG 1024

/* The device's extensions; CL_DEVICE_EXTENSIONS is built from this table, and cl_khr_fp64 when the board has
 * double units (its fp64 aspect). The 32-bit atomics are Kiln C's atomic_* functions (kiln/device.h);
 * byte-addressable stores are stores of any width with byte strobes. */
static const cl_name_version base_exts[] = {
    {CL_MAKE_VERSION(1, 0, 0), "cl_khr_byte_addressable_store"},
    {CL_MAKE_VERSION(1, 0, 0), "cl_khr_global_int32_base_atomics"},
    {CL_MAKE_VERSION(1, 0, 0), "cl_khr_global_int32_extended_atomics"},
    {CL_MAKE_VERSION(1, 0, 0), "cl_khr_local_int32_base_atomics"},
    {CL_MAKE_VERSION(1, 0, 0), "cl_khr_local_int32_extended_atomics"},
    {CL_MAKE_VERSION(1, 0, 0), "cl_intel_global_variable_access"},
    {CL_MAKE_VERSION(1, 0, 0), "cl_intel_unified_shared_memory"},
};
#define N_BASE_EXTS (sizeof base_exts / sizeof base_exts[0])
static cl_name_version device_exts[N_BASE_EXTS + 1];
static size_t ndevice_exts;
static char ext_string[(N_BASE_EXTS + 1) * CL_NAME_VERSION_MAX_NAME_SIZE];
static pthread_once_t ext_once = PTHREAD_ONCE_INIT;

static void make_exts(void)
{
	memcpy(device_exts, base_exts, sizeof base_exts);
	ndevice_exts = N_BASE_EXTS;
	cl_device_id d = kcl_device();
	if (d && d->fp64)
		device_exts[ndevice_exts++] = (cl_name_version){CL_MAKE_VERSION(1, 0, 0), "cl_khr_fp64"};
	kcl_join_names(device_exts, ndevice_exts, ext_string);
}

const cl_name_version *kcl_device_exts(size_t *n)
{
	pthread_once(&ext_once, make_exts);
	*n = ndevice_exts;
	return device_exts;
}

/* The OpenCL C feature a device with cl_khr_fp64 reports with it. */
static const cl_name_version fp64_feature[] = {{CL_MAKE_VERSION(3, 0, 0), "__opencl_c_fp64"}};

static const cl_name_version c_versions[] = {
    {CL_MAKE_VERSION(1, 0, 0), "OpenCL C"},
    {CL_MAKE_VERSION(1, 1, 0), "OpenCL C"},
    {CL_MAKE_VERSION(1, 2, 0), "OpenCL C"},
};

cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id p, cl_device_type type, cl_uint num_entries,
                                  cl_device_id *devices, cl_uint *num_devices)
{
	if (p && p != kcl_platform())
		return CL_INVALID_PLATFORM;
	const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
	                             CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
	if (type == 0 || (type != CL_DEVICE_TYPE_ALL && (type & ~known)))
		return CL_INVALID_DEVICE_TYPE;
	if ((num_entries == 0 && devices) || (!devices && !num_devices))
		return CL_INVALID_VALUE;
	cl_device_id d = kcl_device();
	if (!d || !(type & (CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_DEFAULT))) {
		if (num_devices)
			*num_devices = 0;
		return CL_DEVICE_NOT_FOUND;
	}
	if (devices)
		devices[0] = d;
	if (num_devices)
		*num_devices = 1;
	return CL_SUCCESS;
}

cl_int CL_API_CALL clRetainDevice(cl_device_id d)
{
	return KCL_VALID(d, KCL_MAGIC_DEVICE) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int CL_API_CALL clReleaseDevice(cl_device_id d)
{
	return KCL_VALID(d, KCL_MAGIC_DEVICE) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

cl_int CL_API_CALL clCreateSubDevices(cl_device_id d, const cl_device_partition_property *properties,
                                      cl_uint num_devices, cl_device_id *out_devices,
                                      cl_uint *num_devices_ret)
{
	(void)properties, (void)num_devices, (void)out_devices, (void)num_devices_ret;
	/* CL_DEVICE_PARTITION_MAX_SUB_DEVICES is 0: no partition type is supported. */
	return KCL_VALID(d, KCL_MAGIC_DEVICE) ? CL_INVALID_VALUE : CL_INVALID_DEVICE;
}

#define STR(s) return kcl_info_str(param_value_size, param_value, param_value_size_ret, (s))
#define ARR(a) return kcl_info(param_value_size, param_value, param_value_size_ret, (a), sizeof(a))
#define NONE() return kcl_info(param_value_size, param_value, param_value_size_ret, NULL, 0)

cl_int CL_API_CALL clGetDeviceInfo(cl_device_id d, cl_device_info param_name, size_t param_value_size,
                                   void *param_value, size_t *param_value_size_ret)
{
	if (!KCL_VALID(d, KCL_MAGIC_DEVICE))
		return CL_INVALID_DEVICE;
	cl_ulong mem = d->mem_size;
	switch (param_name) {
	case CL_DEVICE_TYPE:
		KCL_INFO(cl_device_type, CL_DEVICE_TYPE_ACCELERATOR);
	case CL_DEVICE_VENDOR_ID:
		KCL_INFO(cl_uint, 0x4B494C4Eu); /* "KILN": no PCI vendor id */
	case CL_DEVICE_MAX_COMPUTE_UNITS:
		KCL_INFO(cl_uint, 1);
	case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
		KCL_INFO(cl_uint, 3);
	case CL_DEVICE_MAX_WORK_GROUP_SIZE:
		KCL_INFO(size_t, KCL_MAX_WG);
	case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
		size_t s[3] = {KCL_MAX_WG, KCL_MAX_WG, KCL_MAX_WG};
		ARR(s);
	}
	case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
	case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
	case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
	case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
	case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
	case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
	case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
	case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
		KCL_INFO(cl_uint, 1);
	case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
	case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
		KCL_INFO(cl_uint, d->fp32 ? 1 : 0); /* scalar units */
	case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
	case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
		KCL_INFO(cl_uint, d->fp64 ? 1 : 0);
	case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
	case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
		KCL_INFO(cl_uint, 0); /* no half */
	case CL_DEVICE_MAX_CLOCK_FREQUENCY:
		KCL_INFO(cl_uint, (cl_uint)(1000.0 / d->clock_ns + 0.5));
	case CL_DEVICE_ADDRESS_BITS:
		KCL_INFO(cl_uint, 64);
	case CL_DEVICE_MAX_READ_IMAGE_ARGS:
	case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
	case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS:
	case CL_DEVICE_MAX_SAMPLERS:
	case CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
	case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
	case CL_DEVICE_MAX_PIPE_ARGS:
	case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
	case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
	case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
	case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
	case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
	case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
	case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
	case CL_DEVICE_MAX_NUM_SUB_GROUPS:
	case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
	case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
	case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
		KCL_INFO(cl_uint, 0);
	case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
		KCL_INFO(cl_ulong, d->alloc_max);
	case CL_DEVICE_GLOBAL_MEM_SIZE:
		KCL_INFO(cl_ulong, mem);
	case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
		KCL_INFO(cl_ulong, mem < 1024 ? mem : 1024); /* embedded profile minimum */
	case CL_DEVICE_LOCAL_MEM_SIZE:
		KCL_INFO(cl_ulong, KILN_ONCHIP_MEM_MAX_BYTES);
	case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
		KCL_INFO(cl_ulong, 0);
	case CL_DEVICE_IMAGE2D_MAX_WIDTH:
	case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
	case CL_DEVICE_IMAGE3D_MAX_WIDTH:
	case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
	case CL_DEVICE_IMAGE3D_MAX_DEPTH:
	case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
	case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
	case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
	case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
		KCL_INFO(size_t, 0);
	case CL_DEVICE_PRINTF_BUFFER_SIZE:
		KCL_INFO(size_t, 0);
	case CL_DEVICE_MAX_PARAMETER_SIZE:
		KCL_INFO(size_t, 256);
	case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
		KCL_INFO(size_t, 1);
	case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
		KCL_INFO(size_t, 1);
	case CL_DEVICE_IMAGE_SUPPORT:
	case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
	case CL_DEVICE_HOST_UNIFIED_MEMORY:
	case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
	case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
	case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
	case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
	case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
	case CL_DEVICE_PIPE_SUPPORT:
		KCL_INFO(cl_bool, CL_FALSE);
	case CL_DEVICE_ENDIAN_LITTLE:
	case CL_DEVICE_AVAILABLE:
		KCL_INFO(cl_bool, CL_TRUE);
	case CL_DEVICE_COMPILER_AVAILABLE:
	case CL_DEVICE_LINKER_AVAILABLE:
		/* As vendor FPGA runtimes: there is no OpenCL C compiler. clCreateProgramWithSource still
		 * takes a Kiln C kernel file and clBuildProgram compiles it with kiln-cc (a Kiln extension).
		 */
		KCL_INFO(cl_bool, CL_FALSE);
	case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
		KCL_INFO(cl_uint, KILN_MEM_ALIGN * 8); /* in bits */
	case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
		KCL_INFO(cl_uint, 128);
	case CL_DEVICE_SINGLE_FP_CONFIG:
		/* rtl/kiln_f*.v: IEEE-754 round to nearest even, subnormals, infinities and NaNs, a fused
		 * multiply-add, division and square root correctly rounded */
		KCL_INFO(cl_device_fp_config, d->fp32
		                                  ? CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST |
		                                        CL_FP_FMA | CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT
		                                  : 0);
	case CL_DEVICE_DOUBLE_FP_CONFIG:
		KCL_INFO(cl_device_fp_config,
		         d->fp64 ? CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA : 0);
	case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
		KCL_INFO(cl_device_mem_cache_type, CL_NONE);
	case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
		KCL_INFO(cl_uint, 0);
	case CL_DEVICE_MAX_CONSTANT_ARGS:
		KCL_INFO(cl_uint, 4);
	case CL_DEVICE_LOCAL_MEM_TYPE:
		KCL_INFO(cl_device_local_mem_type, CL_LOCAL); /* RAM inside the kernel module */
	case CL_DEVICE_EXECUTION_CAPABILITIES:
		KCL_INFO(cl_device_exec_capabilities, CL_EXEC_KERNEL);
	case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES:
		KCL_INFO(cl_command_queue_properties, CL_QUEUE_PROFILING_ENABLE);
	case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
		KCL_INFO(cl_command_queue_properties, 0);
	case CL_DEVICE_NAME:
		STR(d->name);
	case CL_DEVICE_VENDOR:
		STR("Kiln project");
	case CL_DRIVER_VERSION:
		STR("1.0");
	case CL_DEVICE_PROFILE:
		STR("EMBEDDED_PROFILE");
	case CL_DEVICE_VERSION:
		STR("OpenCL 3.0 Kiln");
	case CL_DEVICE_OPENCL_C_VERSION:
		STR("OpenCL C 1.2 Kiln");
	case CL_DEVICE_EXTENSIONS:
		pthread_once(&ext_once, make_exts);
		STR(ext_string);
	case CL_DEVICE_BUILT_IN_KERNELS:
	case CL_DEVICE_IL_VERSION:
		STR("");
	case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
		/* The format asks for a CTS release; Kiln has passed none through the official process, so
		 * the earliest value the format can state, which names no release. */
		STR("v0000-01-01-00");
	case CL_DEVICE_PLATFORM:
		KCL_INFO(cl_platform_id, kcl_platform());
	case CL_DEVICE_PARENT_DEVICE:
		KCL_INFO(cl_device_id, NULL);
	case CL_DEVICE_PARTITION_PROPERTIES:
	case CL_DEVICE_PARTITION_TYPE: {
		cl_device_partition_property none[1] = {0};
		ARR(none);
	}
	case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
		KCL_INFO(cl_device_affinity_domain, 0);
	case CL_DEVICE_REFERENCE_COUNT:
		KCL_INFO(cl_uint, 1);
	case CL_DEVICE_SVM_CAPABILITIES:
		KCL_INFO(cl_device_svm_capabilities, 0);
	case CL_DEVICE_NUMERIC_VERSION:
		KCL_INFO(cl_version, CL_MAKE_VERSION(3, 0, 0));
	case CL_DEVICE_EXTENSIONS_WITH_VERSION: {
		size_t n;
		const cl_name_version *v = kcl_device_exts(&n);
		return kcl_info(param_value_size, param_value, param_value_size_ret, v, n * sizeof *v);
	}
	case CL_DEVICE_OPENCL_C_FEATURES:
		if (d->fp64)
			ARR(fp64_feature);
		NONE();
	case CL_DEVICE_ILS_WITH_VERSION:
	case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
		NONE();
	case CL_DEVICE_OPENCL_C_ALL_VERSIONS:
		ARR(c_versions);
	case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
	case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
		/* The minimum the 3.0 specification allows. */
		KCL_INFO(cl_device_atomic_capabilities,
		         param_name == CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES
		             ? CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP
		             : CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
		                   CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP);
	case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
		KCL_INFO(cl_device_device_enqueue_capabilities, 0);
	/* cl_intel_unified_shared_memory: device allocations only. */
	case CL_DEVICE_DEVICE_MEM_CAPABILITIES_INTEL:
		KCL_INFO(cl_device_unified_shared_memory_capabilities_intel,
		         CL_UNIFIED_SHARED_MEMORY_ACCESS_INTEL);
	case CL_DEVICE_HOST_MEM_CAPABILITIES_INTEL:
	case CL_DEVICE_SINGLE_DEVICE_SHARED_MEM_CAPABILITIES_INTEL:
	case CL_DEVICE_CROSS_DEVICE_SHARED_MEM_CAPABILITIES_INTEL:
	case CL_DEVICE_SHARED_SYSTEM_MEM_CAPABILITIES_INTEL:
		KCL_INFO(cl_device_unified_shared_memory_capabilities_intel, 0);
	default:
		return CL_INVALID_VALUE;
	}
}
