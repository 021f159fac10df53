// SPDX-License-Identifier: Apache-2.0
/* The tracer bullet: one device global in the CSR block and one single-task kernel that adds to it. */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, counter, KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON);

KILN_SINGLE_TASK_KERNEL void bump(int n)
{
	counter += n;
}
