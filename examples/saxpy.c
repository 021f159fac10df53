// SPDX-License-Identifier: Apache-2.0
/* An nd-range kernel over device memory: y[i] = a * x[i] + y[i] + bias for every work-item i, where bias is a
 * device global the host sets. */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, bias, KILN_DEVICE_IMAGE_SCOPE) = 0;

KILN_ND_RANGE_KERNEL(1) void saxpy(int *restrict y, const int *restrict x, int a)
{
	size_t i = kiln_global_id(0);
	y[i] = a * x[i] + y[i] + bias;
}
