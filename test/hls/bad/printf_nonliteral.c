// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
#include <stdio.h>
KILN_SINGLE_TASK_KERNEL void f(int *v, const char *fmt)
{
	printf(fmt, v[0]);
}
