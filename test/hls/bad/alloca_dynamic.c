// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void f(int *v, int n)
{
	int *tmp = __builtin_alloca((unsigned)n * sizeof(int));
	for (int i = 0; i < n; i++)
		tmp[i] = v[i] * 3;
	for (int i = 0; i < n; i++)
		v[n - 1 - i] = tmp[i] ^ tmp[n - 1 - i];
}
