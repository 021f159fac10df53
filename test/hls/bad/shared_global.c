// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
static int shared_count = 1;
KILN_SINGLE_TASK_KERNEL void f(int *v)
{
	shared_count += v[0];
}
KILN_SINGLE_TASK_KERNEL void g(int *v)
{
	v[0] = shared_count;
	shared_count = 0;
}
