// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL KILN_ND_RANGE_KERNEL(1) void k(int *p)
{
	p[0] = 1;
}
