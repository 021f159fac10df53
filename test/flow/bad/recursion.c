// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
KILN_DEVICE_GLOBAL(int, r, KILN_DEVICE_IMAGE_SCOPE);
static int fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
KILN_SINGLE_TASK_KERNEL void k(int n)
{
	r = fib(n);
}
