// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
typedef int (*op_fn)(int);
int twice(int x)
{
	return 2 * x;
}
int negate(int x)
{
	return -x;
}
KILN_SINGLE_TASK_KERNEL void f(int *v, volatile op_fn *ops)
{
	v[0] = ops[v[1] & 1](v[0]);
}
