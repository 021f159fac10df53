// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void k(int *out, int n)
{
	int t;
	asm("" : "=r"(t));
	out[0] = t + n;
}
