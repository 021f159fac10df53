// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
struct pair {
	int a, b;
};
KILN_SINGLE_TASK_KERNEL void k(struct pair p, int *out)
{
	out[0] = p.a + p.b;
}
