// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL long f(int *v)
{
	return v[0];
}
