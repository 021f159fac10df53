// SPDX-License-Identifier: Apache-2.0
/* A partitioning directive on a function means nothing: refused at its line. */
#include <kiln/device.h>

KILN_PARTITION_CYCLIC(2) static int twice(int x)
{
	return 2 * x;
}

KILN_SINGLE_TASK_KERNEL void k(int *out, int i)
{
	*out = twice(i);
}
