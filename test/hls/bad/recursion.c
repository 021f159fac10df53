// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
static int fact(int n)
{
	return n <= 1 ? 1 : n * fact(n - 1) + (n & 3 ? fact(n - 2) : 0);
}
KILN_SINGLE_TASK_KERNEL void f(int *v)
{
	v[0] = fact(v[1]);
}
