// SPDX-License-Identifier: Apache-2.0
// Set names are C identifiers.
#include <kiln/device.h>

KILN_INDIRECTLY_CALLABLE(2d) static int twice(int x)
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
