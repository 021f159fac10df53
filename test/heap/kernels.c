// SPDX-License-Identifier: Apache-2.0
/* Kernels of the heap test (test/heap/heap_test.c): a heap of 4 KiB asked for by one kernel; with
 * -DONLY_KEEP, keep alone, without KILN_HEAP_SIZE (the default heap). */
#include <kiln/device.h>
#include <stdlib.h>
#include <string.h>

#ifndef ONLY_KEEP
/* Allocates blocks of SIZE bytes until malloc says no (at most 1000), writes each, checks them, frees them
 * all, and does it again: out[0] the blocks the first round got, out[1] the second's, out[3] the bytes that
 * read back wrong. (errno after the refusal is not looked at: LLVM takes malloc to touch no memory of the
 * program's, errno included, and folds a read of errno across it, as clang does for any C program.) */
KILN_SINGLE_TASK_KERNEL KILN_HEAP_SIZE(4K) void fill(int *out, int size)
{
	static char *blocks[1000];
	int bad = 0;
	for (int round = 0; round < 2; round++) {
		int n = 0;
		while (n < 1000 && (blocks[n] = malloc((size_t)size)))
			n++;
		for (int i = 0; i < n; i++)
			memset(blocks[i], i, (size_t)size);
		for (int i = 0; i < n; i++)
			for (int j = 0; j < size; j++)
				bad += blocks[i][j] != (char)i;
		for (int i = n - 1; i >= 0; i -= 2) /* every other one first, so that freed neighbours join */
			free(blocks[i]);
		for (int i = n - 2; i >= 0; i -= 2)
			free(blocks[i]);
		out[round] = n;
	}
	out[3] = bad;
}
#endif

/* One block of BYTES kept across runs: the pointer in a global, what it holds counted up each run. */
KILN_SINGLE_TASK_KERNEL void keep(int *out, int bytes)
{
	static int *kept;
	if (!kept)
		kept = calloc((size_t)bytes / sizeof(int), sizeof(int));
	if (!kept) {
		out[0] = -1;
		return;
	}
	kept[0]++;
	out[0] = kept[0];
}

#ifndef ONLY_KEEP
/* free of a pointer twice: glibc aborts, and so does the kernel */
KILN_SINGLE_TASK_KERNEL void twice(int *out)
{
	static int *volatile p; /* volatile: the optimiser may drop a malloc whose block nothing uses */
	p = malloc(16);
	out[0] = p != NULL;
	free(p);
	free(p);
	out[1] = 1;
}
#endif
