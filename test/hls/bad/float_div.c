// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void f(int *v, int n)
{
	v[0] = (int)((float)v[1] / (float)n);
}
