// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_ND_RANGE_KERNEL(2) void f(int *v, int d)
{
	v[kiln_global_id(d & 1)] = 1;
}
