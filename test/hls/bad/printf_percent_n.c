// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
#include <stdio.h>
KILN_SINGLE_TASK_KERNEL void f(int *v)
{
	printf("%d%n\n", v[0], &v[1]);
}
