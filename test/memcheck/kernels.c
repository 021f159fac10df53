// SPDX-License-Identifier: Apache-2.0
/* Kernels of the wild-access tests (memcheck_test.c): built twice, without and with kiln-cc --checks. The
 * test finds the lines it expects in the messages by the "line:" markers. */
#include <kiln/device.h>

/* A store (or, with READ, a load) through P, which the host may make null or point into the null page. */
KILN_SINGLE_TASK_KERNEL void poke(int *p, int v, int read)
{
	if (read)
		p[1] = *p;
	else
		*p = v;
}

/* A store to the address the 64-bit integer A holds. */
KILN_SINGLE_TASK_KERNEL void poke64(unsigned long a, int v)
{
	*(int *)a = v;
}

/* A store to a fixed address above 4 GiB, whose low 32 bits are the debug channel's first word. */
KILN_SINGLE_TASK_KERNEL void poke_far(int v)
{
	*(volatile int *)0x100001000ul = v;
}

/* An on-chip array filled up to N, which may pass its 16 elements; OUT gets the array afterwards. */
KILN_SINGLE_TASK_KERNEL void past(int *out, unsigned n)
{
	int a[16];
	for (unsigned i = 0; i < 16; i++)
		a[i] = 0;
	for (unsigned i = 0; i < n; i++)
		a[i] = (int)i + 1; /* line: store past */
	for (unsigned i = 0; i < 16; i++)
		out[i] = a[i];
}

/* The same past an on-chip table reached through a pointer that may also be device memory (an ambiguous
 * access: a dispatch over both). */
KILN_DEVICE_GLOBAL(int, table[8], KILN_DEVICE_IMAGE_SCOPE);
KILN_SINGLE_TASK_KERNEL void ambiguous(int *dev, int which, unsigned i, int v)
{
	int *p = which ? dev : table;
	p[i] = v; /* line: ambiguous store */
}
