// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void f(int *v, long *out)
{
	*out = (long)(v + 3) * 7;
}
