// SPDX-License-Identifier: Apache-2.0
/* Input of annotations.ll: a device global with properties, a kernel, a helper. */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, counter, KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON);

static int twice(int n)
{
	return 2 * n;
}

KILN_SINGLE_TASK_KERNEL void bump(int n)
{
	counter += twice(n);
}
