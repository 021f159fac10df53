// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>

/* s may point into v: s[0] is read again after the store to v[0] (lit report_mem_order.ll). */
KILN_SINGLE_TASK_KERNEL void reload(int *v, const int *s)
{
	v[0] = s[0] + 1;
	v[1] = s[0] * 3;
}

/* The same with restrict: one read of s[0], both stores after it. */
KILN_SINGLE_TASK_KERNEL void once(int *restrict v, const int *restrict s)
{
	v[0] = s[0] + 1;
	v[1] = s[0] * 3;
}
