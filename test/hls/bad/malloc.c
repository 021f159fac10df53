// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
#include <stdlib.h>
KILN_SINGLE_TASK_KERNEL void f(int **out, int n)
{
	*out = malloc((unsigned)n * sizeof(int));
}
