// SPDX-License-Identifier: Apache-2.0
// A function belongs to one virtual-function set.
#include <kiln/device.h>

KILN_INDIRECTLY_CALLABLE(a) KILN_INDIRECTLY_CALLABLE(b) static int twice(int x)
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

KILN_SINGLE_TASK_KERNEL KILN_CALLS_INDIRECTLY(a) void use(const struct obj *o, int *out)
{
	*out = o->f(4);
}
