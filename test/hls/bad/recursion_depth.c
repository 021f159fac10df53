// SPDX-License-Identifier: Apache-2.0
// KILN_RECURSION_DEPTH takes a number of nested calls, 1 to 65536.
#include <kiln/device.h>
KILN_RECURSION_DEPTH(0) static int fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
KILN_SINGLE_TASK_KERNEL void f(int *v)
{
	v[0] = fib(v[1]);
}
