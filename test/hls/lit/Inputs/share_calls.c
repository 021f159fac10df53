// SPDX-License-Identifier: Apache-2.0
// Input of share_calls.ll: sin (the kernel C library's) from three places, a result kept across a later
// call, a value computed before a call and used after it; a kernel's own function called twice; qsort
// (its comparator comes through a pointer: not shared); a function of the user's marked noinline, called from
// three places in `theirs` and one in `once`; in `nested`, a noinline function
// that calls `mix` and is called twice, beside two calls of `mix` itself.
#include <kiln/device.h>
#include <math.h>
#include <stdlib.h>

static double mine(double x)
{
	return x * x + 1.0;
}

KILN_SINGLE_TASK_KERNEL void trig(double *io)
{
	double a = io[0], b = io[1], c = io[2];
	double k = a * 3.0; /* before the first call, used after the last */
	double s1 = sin(a); /* kept across the two calls after it */
	double s2 = sin(b + s1);
	double s3 = sin(c);
	io[0] = s1 + k;
	io[1] = s2 * s3 + mine(a) + mine(b);
}

static int up(const void *x, const void *y)
{
	return *(const int *)x - *(const int *)y;
}

static int down(const void *x, const void *y)
{
	return *(const int *)y - *(const int *)x;
}

KILN_SINGLE_TASK_KERNEL void sorts(int *v)
{
	qsort(v, 8, sizeof *v, up);
	qsort(v + 8, 8, sizeof *v, down);
}

/* the user's noinline: built once per kernel that calls it from several places */
__attribute__((noinline)) static unsigned mix(const unsigned *p, int n, unsigned seed)
{
	for (int i = 0; i < n; i++)
		seed = (seed << 5 | seed >> 27) ^ p[i];
	return seed;
}

KILN_SINGLE_TASK_KERNEL void theirs(unsigned *v, int n)
{
	unsigned a = mix(v, n, 1);
	unsigned b = mix(v + n, n, a);
	v[0] = a + (a & 1 ? mix(v + 2 * n, n, b) : b);
}

KILN_SINGLE_TASK_KERNEL void once(unsigned *v, int n)
{
	v[0] = mix(v, n, 3);
}

/* a shared function whose body calls another, which the kernel also calls: one copy of each */
__attribute__((noinline)) static unsigned twice(const unsigned *p, int n)
{
	unsigned s = 0;
	for (int i = 0; i < n; i++)
		s += p[i] * p[i];
	return mix(p, n, s);
}

KILN_SINGLE_TASK_KERNEL void nested(unsigned *v, int n)
{
	unsigned a = twice(v, n);
	unsigned b = twice(v + n, n);
	v[0] = mix(v, n, a) + mix(v + n, n, b);
}
