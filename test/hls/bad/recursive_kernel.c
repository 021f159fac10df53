// SPDX-License-Identifier: Apache-2.0
// A kernel is where the hardware starts: a function it calls may recurse, the kernel may not be called back.
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void f(int *v);
static void step(int *v)
{
	if (v[1]-- > 0) {
		f(v);
		v[0] *= 3;
	}
}
KILN_SINGLE_TASK_KERNEL void f(int *v)
{
	v[0] += v[1];
	step(v);
}
