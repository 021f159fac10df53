// SPDX-License-Identifier: Apache-2.0
// Each frame of a recursion has one fixed size: an allocation sized at run time cannot be one.
#include <kiln/device.h>
static int sum(int n)
{
	int *a = __builtin_alloca(n * sizeof(int));
	for (int i = 0; i < n; i++)
		a[i] = i;
	return n ? a[n - 1] + 2 * sum(n - 1) : 0;
}
KILN_SINGLE_TASK_KERNEL void f(int *v)
{
	v[0] = sum(v[1]);
}
