// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_ND_RANGE_KERNEL(1) void f(int *v)
{
	v[kiln_global_id(0)] = (int)kiln_global_id(2);
}
