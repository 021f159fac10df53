// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>
int ping(int *v, int n);
__attribute__((noinline)) int pong(int *v, int n)
{
	return n <= 0 ? v[0] : v[n] + ping(v, n - 2) * ping(v, n - 3);
}
__attribute__((noinline)) int ping(int *v, int n)
{
	return n <= 0 ? v[1] : v[n] * pong(v, n - 1) + pong(v, n - 2);
}
KILN_SINGLE_TASK_KERNEL void f(int *v, int n)
{
	v[0] = ping(v, n);
}
