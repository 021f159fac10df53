// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_DEVICE_GLOBAL(int, r, KILN_DEVICE_IMAGE_SCOPE);
KILN_SINGLE_TASK_KERNEL void k(int n)
{
	if (n > 0) {
		k(n - 1);
		r = r * 3 + n;
	}
}
