// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_DEVICE_GLOBAL(int, g, KILN_HOST_ACCESS_READ, KILN_HOST_ACCESS_WRITE);
KILN_SINGLE_TASK_KERNEL void k(int n)
{
	g = n;
}
