// SPDX-License-Identifier: Apache-2.0
// A source with a variable-length array is compiled for x86-64, whose va_list the varargs pass does not read.
#include <kiln/device.h>
#include <stdarg.h>
static int sum(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int s = 0;
	for (int i = 0; i < n; i++)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}
KILN_SINGLE_TASK_KERNEL void f(int *v, int n)
{
	int tmp[n] KILN_VLA_MAX(64);
	for (int i = 0; i < n; i++)
		tmp[i] = v[i];
	v[0] = sum(3, tmp[0], tmp[1], tmp[n - 1]);
}
