// SPDX-License-Identifier: Apache-2.0
/* A partition factor that is not a power of two: refused at the array's line. */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void k(int *out, const int *in)
{
	int a[30] KILN_PARTITION_CYCLIC(3);
	for (int i = 0; i < 30; i++)
		a[i] = in[i];
	for (int i = 0; i < 10; i++)
		out[i] = a[3 * i] + a[3 * i + 1] + a[3 * i + 2];
}
