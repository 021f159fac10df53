// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void f(int *v, int n)
{
	int tmp[n];
	for (int i = 0; i < n; i++)
		tmp[i] = v[i] * 3;
	for (int i = 0; i < n; i++)
		v[n - 1 - i] = tmp[i] + tmp[(i + 1) % n];
}
