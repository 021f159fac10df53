// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_DEVICE_GLOBAL(float, f, KILN_DEVICE_IMAGE_SCOPE);
KILN_SINGLE_TASK_KERNEL void k(int n)
{
	f = f * (float)n;
}
