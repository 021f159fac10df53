// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void f(char *dst, const char *src, int n)
{
	__builtin_memcpy(dst, src, (unsigned)n);
}
