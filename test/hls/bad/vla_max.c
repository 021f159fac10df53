// SPDX-License-Identifier: Apache-2.0
// KILN_VLA_MAX takes a decimal number of bytes.
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void f(int *v, int n)
{
	int tmp[n] KILN_VLA_MAX(0x40);
	for (int i = 0; i < n; i++)
		tmp[i] = v[i] * 3;
	v[0] = tmp[n - 1];
}
