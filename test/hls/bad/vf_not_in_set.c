// SPDX-License-Identifier: Apache-2.0
// A kernel that calls through a table but names no set reaches none of the sets' functions: building an
// object whose table names them is not calling them (seed 001), so the call has nothing to dispatch over.
#include <kiln/device.h>

KILN_INDIRECTLY_CALLABLE(ops) static int twice(int x)
{
	return 2 * x;
}

KILN_INDIRECTLY_CALLABLE(ops) static int thrice(int x)
{
	return 3 * x;
}

struct obj {
	int (*f)(int);
};

KILN_SINGLE_TASK_KERNEL void make(struct obj *o, int i)
{
	o->f = i ? twice : thrice;
}

KILN_SINGLE_TASK_KERNEL void use(const struct obj *o, int *out)
{
	*out = o->f(4);
}
