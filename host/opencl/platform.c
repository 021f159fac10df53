// SPDX-License-Identifier: Apache-2.0
/* The Kiln platform: one platform, one device per process (the default board), shared helpers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ocl.h"

static struct _cl_platform_id platform = {.dispatch = &kcl_dispatch, .magic = KCL_MAGIC_PLATFORM, .refs = 1};
static struct _cl_device_id device = {.dispatch = &kcl_dispatch, .magic = KCL_MAGIC_DEVICE, .refs = 1};
static int device_ok;
static pthread_once_t device_once = PTHREAD_ONCE_INIT;

static void open_device(void)
{
	if (kiln_device_open(NULL, &device.dev) != KILN_OK)
		return;
	snprintf(device.name, sizeof device.name, "Kiln %s board", kiln_device_board_name(device.dev));
	device.clock_ns = kiln_device_clock_period_ns(device.dev);
	device.fp32 = kiln_device_has_aspect(device.dev, "fp32");
	device.fp64 = kiln_device_has_aspect(device.dev, "fp64");
	if (device.clock_ns <= 0)
		device.clock_ns = 10.0;
	device.mem_size = kiln_device_mem_size(device.dev);
	/* No allocation is at address 0, so a USM pointer of NULL is never a buffer's. */
	device.alloc_max = device.mem_size - kiln_device_mem_base(device.dev);
	device_ok = 1;
}

cl_platform_id kcl_platform(void)
{
	return &platform;
}

cl_device_id kcl_device(void)
{
	pthread_once(&device_once, open_device);
	return device_ok ? &device : NULL;
}

cl_int kcl_info(size_t size, void *value, size_t *size_ret, const void *src, size_t src_size)
{
	if (value) {
		if (size < src_size)
			return CL_INVALID_VALUE;
		if (src_size)
			memcpy(value, src, src_size);
	}
	if (size_ret)
		*size_ret = src_size;
	return CL_SUCCESS;
}

cl_int kcl_info_str(size_t size, void *value, size_t *size_ret, const char *s)
{
	return kcl_info(size, value, size_ret, s, strlen(s) + 1);
}

cl_ulong kcl_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (cl_ulong)ts.tv_sec * 1000000000u + (cl_ulong)ts.tv_nsec;
}

cl_int kcl_status(int st)
{
	switch (st) {
	case KILN_OK:
		return CL_SUCCESS;
	case KILN_ERR_INVALID:
		return CL_INVALID_VALUE;
	case KILN_ERR_NOT_FOUND:
		return CL_INVALID_ARG_VALUE;
	case KILN_ERR_ACCESS:
		return CL_INVALID_OPERATION;
	case KILN_ERR_NOMEM:
		return CL_OUT_OF_RESOURCES;
	case KILN_ERR_IMAGE:
		return CL_INVALID_BINARY;
	case KILN_ERR_STATE:
		return CL_INVALID_KERNEL_ARGS;
	default:
		return CL_OUT_OF_RESOURCES;
	}
}

cl_int CL_API_CALL clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms, cl_uint *num_platforms)
{
	if ((num_entries == 0 && platforms) || (!platforms && !num_platforms))
		return CL_INVALID_VALUE;
	if (platforms)
		platforms[0] = &platform;
	if (num_platforms)
		*num_platforms = 1;
	return CL_SUCCESS;
}

KCL_EXPORT cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint num_entries, cl_platform_id *platforms,
                                                     cl_uint *num_platforms)
{
	return clGetPlatformIDs(num_entries, platforms, num_platforms);
}

/* The platform's extensions: the ICD one, then every extension of its one device. */
#define KCL_MAX_EXTS 32
static cl_name_version platform_exts[KCL_MAX_EXTS];
static size_t nplatform_exts;
static char platform_ext_string[KCL_MAX_EXTS * CL_NAME_VERSION_MAX_NAME_SIZE];
static pthread_once_t platform_ext_once = PTHREAD_ONCE_INIT;

void kcl_join_names(const cl_name_version *v, size_t n, char *out)
{
	out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (i)
			strcat(out, " ");
		strcat(out, v[i].name);
	}
}

static void make_platform_exts(void)
{
	size_t n = 0;
	const cl_name_version *dev = kcl_device_exts(&n);
	platform_exts[0] = (cl_name_version){CL_MAKE_VERSION(1, 0, 0), "cl_khr_icd"};
	for (size_t i = 0; i < n && i + 1 < KCL_MAX_EXTS; i++)
		platform_exts[i + 1] = dev[i];
	nplatform_exts = n + 1 < KCL_MAX_EXTS ? n + 1 : KCL_MAX_EXTS;
	kcl_join_names(platform_exts, nplatform_exts, platform_ext_string);
}

/* Exported too: ocl-icd reads the extensions and the ICD suffix through the library symbol. */
KCL_EXPORT cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id p, cl_platform_info param_name,
                                                size_t param_value_size, void *param_value,
                                                size_t *param_value_size_ret)
{
	if (p && p != &platform)
		return CL_INVALID_PLATFORM;
	switch (param_name) {
	case CL_PLATFORM_PROFILE:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret, "EMBEDDED_PROFILE");
	case CL_PLATFORM_VERSION:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret, "OpenCL 3.0 Kiln");
	case CL_PLATFORM_NAME:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret, "Kiln");
	case CL_PLATFORM_VENDOR:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret, "Kiln project");
	case CL_PLATFORM_EXTENSIONS:
		pthread_once(&platform_ext_once, make_platform_exts);
		return kcl_info_str(param_value_size, param_value, param_value_size_ret, platform_ext_string);
	case CL_PLATFORM_ICD_SUFFIX_KHR:
		return kcl_info_str(param_value_size, param_value, param_value_size_ret, "KILN");
	case CL_PLATFORM_HOST_TIMER_RESOLUTION:
		KCL_INFO(cl_ulong, 1);
	case CL_PLATFORM_NUMERIC_VERSION:
		KCL_INFO(cl_version, CL_MAKE_VERSION(3, 0, 0));
	case CL_PLATFORM_EXTENSIONS_WITH_VERSION:
		pthread_once(&platform_ext_once, make_platform_exts);
		return kcl_info(param_value_size, param_value, param_value_size_ret, platform_exts,
		                nplatform_exts * sizeof platform_exts[0]);
	default:
		return CL_INVALID_VALUE;
	}
}

cl_int CL_API_CALL clUnloadCompiler(void)
{
	return CL_SUCCESS;
}

cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id p)
{
	return p == &platform ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

cl_int CL_API_CALL clGetHostTimer(cl_device_id d, cl_ulong *host_timestamp)
{
	if (!KCL_VALID(d, KCL_MAGIC_DEVICE))
		return CL_INVALID_DEVICE;
	if (!host_timestamp)
		return CL_INVALID_VALUE;
	*host_timestamp = kcl_now_ns();
	return CL_SUCCESS;
}

cl_int CL_API_CALL clGetDeviceAndHostTimer(cl_device_id d, cl_ulong *device_timestamp,
                                           cl_ulong *host_timestamp)
{
	if (!KCL_VALID(d, KCL_MAGIC_DEVICE))
		return CL_INVALID_DEVICE;
	if (!host_timestamp || !device_timestamp)
		return CL_INVALID_VALUE;
	/* Profiling timestamps are on the host's monotonic clock. */
	*device_timestamp = *host_timestamp = kcl_now_ns();
	return CL_SUCCESS;
}

typedef struct kcl_head {
	KCL_HEAD;
} kcl_head;

int kcl_handle_init(void *obj, uint32_t magic)
{
	kcl_head *h = obj;
	h->dispatch = &kcl_dispatch;
	h->magic = magic;
	atomic_init(&h->refs, 1);
	return kiln_handle_add(obj, magic);
}

/* The last KCL_QUARANTINE freed handles, oldest freed first when a new one comes. */
#define KCL_QUARANTINE 256
static void *quarantine[KCL_QUARANTINE];
static size_t q_next;
static pthread_mutex_t q_mu = PTHREAD_MUTEX_INITIALIZER;

void kcl_handle_free(void *obj)
{
	pthread_mutex_lock(&q_mu);
	void *old = quarantine[q_next];
	quarantine[q_next] = obj;
	q_next = (q_next + 1) % KCL_QUARANTINE;
	pthread_mutex_unlock(&q_mu);
	free(old);
}

void kcl_handle_drop(void *obj)
{
	kcl_head *h = obj;
	kiln_handle_remove(obj, h->magic);
	h->magic = KCL_MAGIC_DEAD;
}
