// SPDX-License-Identifier: Apache-2.0
// A kernel that calls through a set no function belongs to (a misspelt set name) is refused at the kernel.
#include <kiln/device.h>

KILN_INDIRECTLY_CALLABLE(shapes) static int twice(int x)
{
	return 2 * x;
}

struct obj {
	int (*f)(int);
};

KILN_SINGLE_TASK_KERNEL void make(struct obj *o)
{
	o->f = twice;
}

KILN_SINGLE_TASK_KERNEL KILN_CALLS_INDIRECTLY(shapez) void use(const struct obj *o, int *out)
{
	*out = o->f(4);
}
