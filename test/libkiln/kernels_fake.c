// SPDX-License-Identifier: Apache-2.0
/* Kernels for the fake board (fake_test): what they compute does not matter there, only their interfaces. */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, on_reset, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_RESET) = 5;
KILN_DEVICE_GLOBAL(int, on_program, KILN_DEVICE_IMAGE_SCOPE, KILN_INIT_MODE_REPROGRAM) = 6;
KILN_DEVICE_GLOBAL(int, in_memory) = 7;

KILN_SINGLE_TASK_KERNEL void add(int *p, long long v, unsigned char c)
{
	*p += (int)v + c + on_reset + on_program + in_memory;
}

KILN_ND_RANGE_KERNEL(2) void fill(int *out, int k)
{
	out[kiln_global_id(1) * kiln_global_range(0) + kiln_global_id(0)] = k;
}

KILN_SINGLE_TASK_KERNEL void hang_forever(int *p)
{
	*p = 1;
}
