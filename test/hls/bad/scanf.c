// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
#include <stdio.h>

KILN_SINGLE_TASK_KERNEL void k(int *out)
{
	scanf("%d", &out[0]);
}
