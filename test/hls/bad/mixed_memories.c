// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_DEVICE_GLOBAL(int, table[8], KILN_DEVICE_IMAGE_SCOPE);
KILN_SINGLE_TASK_KERNEL void f(int *v, int which)
{
	int *p = which ? v : table;
	p[which & 7] = 5;
}
