// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_DEVICE_GLOBAL(int, g, KILN_DEVICE_IMAGE_SCOPE);
KILN_SINGLE_TASK_KERNEL void k(int n)
{
	g = (int)((_Float16)n * (_Float16)n);
}
