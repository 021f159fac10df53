// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
#include <stdlib.h>

KILN_SINGLE_TASK_KERNEL KILN_HEAP_SIZE(64 * 1024) void k(int *out, int n)
{
	int *p = malloc((size_t)n * sizeof *p);
	out[0] = p != 0;
	free(p);
}
