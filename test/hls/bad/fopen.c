// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
#include <stdio.h>

KILN_SINGLE_TASK_KERNEL void k(int *out)
{
	FILE *f = fopen("data.txt", "r");
	out[0] = f != NULL;
}
