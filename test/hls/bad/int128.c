// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void f(unsigned long long *v)
{
	unsigned __int128 p = (unsigned __int128)v[0] * v[1];
	v[2] = (unsigned long long)(p >> 64) / (v[3] | 1) + (unsigned long long)(p % v[4]);
}
