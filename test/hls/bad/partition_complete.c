// SPDX-License-Identifier: Apache-2.0
/* KILN_PARTITION_COMPLETE on more elements than banks are built: refused at the array's line. */
#include <kiln/device.h>

static int table[100] KILN_PARTITION_COMPLETE = {1, 2, 3};

KILN_SINGLE_TASK_KERNEL void k(int *out, int i)
{
	table[i % 100] += 1;
	*out = table[(i + 1) % 100];
}
