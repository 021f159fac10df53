// SPDX-License-Identifier: Apache-2.0
/* Kernels for the OpenCL tests and benchmark: one image, several kernels, and device globals of every
 * host_access (plus an array in its own window and one in device memory without device_image_scope). */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, dg_rw, KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON);
KILN_DEVICE_GLOBAL(int, dg_ro, KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_READ) = 42;
KILN_DEVICE_GLOBAL(int, dg_wo, KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_WRITE);
KILN_DEVICE_GLOBAL(int, dg_none, KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_NONE);
KILN_DEVICE_GLOBAL(int, dg_arr[8], KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_OFF);
KILN_DEVICE_GLOBAL(int, dg_usm);

/* Does nothing: launch overhead. */
KILN_SINGLE_TASK_KERNEL void empty(void) {}

/* dg_rw += n; dg_usm += n. */
KILN_SINGLE_TASK_KERNEL void add(int n)
{
	dg_rw += n;
	dg_usm += n;
}

/* Makes the write-only and host-invisible globals observable: dg_ro = dg_wo + dg_none, then dg_none++. */
KILN_SINGLE_TASK_KERNEL void mirror(void)
{
	dg_ro = dg_wo + dg_none;
	dg_none += 1;
}

/* v[i] = v[i] * k + dg_arr[i % 8]. */
KILN_ND_RANGE_KERNEL(1) void scale(int *v, int k)
{
	size_t i = kiln_global_id(0);
	v[i] = v[i] * k + dg_arr[i % 8];
}

/* *out = sum of v[0..n) plus bias; argument types of every width and signedness. */
KILN_SINGLE_TASK_KERNEL void sum(const int *v, unsigned n, long long *out, signed char bias,
                                 unsigned short pad)
{
	long long s = bias + pad;
	for (unsigned i = 0; i < n; i++)
		s += v[i];
	*out = s;
}

/* v[i] = x: with an index past device memory, an out-of-range store the platform must report. */
KILN_SINGLE_TASK_KERNEL void store_at(int *v, unsigned i, int x)
{
	v[i] = x;
}
