// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void k(int *out, int n)
{
	asm volatile("nop");
	out[0] = n;
}
