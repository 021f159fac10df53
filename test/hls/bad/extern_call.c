// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
int helper_elsewhere(int);
KILN_SINGLE_TASK_KERNEL void f(int *v)
{
	v[0] = helper_elsewhere(v[1]);
}
