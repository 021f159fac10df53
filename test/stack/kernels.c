// SPDX-License-Identifier: Apache-2.0
/* The bounds of what C puts on a stack (issue 30), as test/stack/stack-test.sh runs them: built with
 * --recursion-depth 65, down's stack holds 65 nested calls and deep's, which asks for 300 with
 * KILN_RECURSION_DEPTH, 300; a variable-length array holds the KILN_VLA_MAX it states. Each kernel is a C
 * main for run_main (the result is its exit status). Natively (NATIVE_MAIN), main prints what each kernel
 * returns. */
#include <kiln/device.h>
#include <stdio.h>

static unsigned down(unsigned n)
{
	if (n == 0)
		return 0;
	unsigned d = down(n - 1);
	return (d ^ (d >> 1)) + n;
}

KILN_RECURSION_DEPTH(300) static unsigned deep(unsigned n)
{
	if (n == 0)
		return 0;
	unsigned d = deep(n - 1);
	return (d ^ (d >> 2)) + 3 * n;
}

/* 65 frames: down(64) down to down(0). */
KILN_SINGLE_TASK_KERNEL void fits_65(int *r)
{
	*r = (int)(down(64) % 251);
}

/* One more: the stack is full at down(0). */
KILN_SINGLE_TASK_KERNEL void over_65(int *r)
{
	printf("before\n");
	*r = (int)(down(65) % 251);
}

KILN_SINGLE_TASK_KERNEL void fits_300(int *r)
{
	*r = (int)(deep(299) % 251);
}

KILN_SINGLE_TASK_KERNEL void over_300(int *r)
{
	*r = (int)(deep(300) % 251);
}

/* Sizes the compiler cannot know (one global per kernel: a global two kernels write is refused). */
static volatile unsigned n_fits = 32, n_over = 33;

static int sum_squares(unsigned n)
{
	int buf[n] KILN_VLA_MAX(128);
	for (unsigned i = 0; i < n; i++)
		buf[i] = (int)(i * i);
	int s = 0;
	for (unsigned i = 0; i < n; i++)
		s += buf[n - 1 - i] ^ (int)i;
	return s;
}

/* 32 ints: the bound's 128 bytes exactly. */
KILN_SINGLE_TASK_KERNEL void vla_fits(int *r)
{
	*r = sum_squares(n_fits) % 251;
}

KILN_SINGLE_TASK_KERNEL void vla_over(int *r)
{
	*r = sum_squares(n_over) % 251;
}

#ifdef NATIVE_MAIN
int main(void)
{
	int r;
	fits_65(&r);
	printf("fits_65 %d\n", r);
	fits_300(&r);
	printf("fits_300 %d\n", r);
	vla_fits(&r);
	printf("vla_fits %d\n", r);
	return 0;
}
#endif
