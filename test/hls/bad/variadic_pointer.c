// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
#include <stdarg.h>

static int first(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int v = n ? va_arg(ap, int) : 0;
	va_end(ap);
	return v;
}

static int (*volatile pick)(int, ...) = first;

KILN_SINGLE_TASK_KERNEL void k(int *out, int n)
{
	out[0] = pick(1, n);
}
