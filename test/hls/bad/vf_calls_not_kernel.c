// SPDX-License-Identifier: Apache-2.0
// KILN_CALLS_INDIRECTLY is a kernel property: on a plain function it is an error at the function.
#include <kiln/device.h>

KILN_INDIRECTLY_CALLABLE(ops) static int twice(int x)
{
	return 2 * x;
}

static int (*const table[1])(int) = {twice};

KILN_CALLS_INDIRECTLY(ops) int helper(int i, int x)
{
	return table[i](x);
}

KILN_SINGLE_TASK_KERNEL void k(int *out, int i)
{
	*out = helper(i, 3);
}
