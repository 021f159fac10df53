// SPDX-License-Identifier: Apache-2.0
/* Kernels for the Python package's own tests (test/python/test_kiln.py): a device global of every
 * host_access, a static one (its unique id carries a suffix), char/short/float/double parameters, an nd-range
 * kernel and one that calls exit. */
#include <kiln/device.h>
#include <stdlib.h>

KILN_DEVICE_GLOBAL(int, ro_val, KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_READ) = 41;
KILN_DEVICE_GLOBAL(int, wo_val, KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_WRITE);
KILN_DEVICE_GLOBAL(int, hidden, KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_NONE);
KILN_DEVICE_GLOBAL(int, rw_arr[4], KILN_DEVICE_IMAGE_SCOPE) = {10, 20, 30, 40};
static KILN_DEVICE_GLOBAL(unsigned, runs, KILN_DEVICE_IMAGE_SCOPE);

/* What the host may only write reaches what it may only read through a global it cannot reach at all. */
KILN_SINGLE_TASK_KERNEL void relay(int *out)
{
	hidden = hidden + wo_val * 2;
	ro_val = hidden + 1;
	for (int i = 0; i < 4; i++) {
		out[i] = rw_arr[i] + hidden;
		rw_arr[i] += i;
	}
	runs++;
}

KILN_SINGLE_TASK_KERNEL void widths(long long *out, signed char a, short b, unsigned char c, unsigned short d,
                                    float f, double g)
{
	out[0] = a;
	out[1] = b;
	out[2] = c;
	out[3] = d;
	out[4] = (long long)(f * 4.0f);
	out[5] = (long long)(g * 1000.0);
}

KILN_ND_RANGE_KERNEL(2) void grid(int *out, int w)
{
	int x = (int)kiln_global_id(0), y = (int)kiln_global_id(1);
	out[y * w + x] = x * 100 + y + (int)kiln_local_id(0) * 10000;
}

KILN_SINGLE_TASK_KERNEL void stop_if(int *out, int code)
{
	out[0] = 7;
	if (code >= 0)
		exit(code);
	out[0] = 9;
}
