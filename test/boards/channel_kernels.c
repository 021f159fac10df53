// SPDX-License-Identifier: Apache-2.0
/* Kernels for test/boards/serial_host.c on a board with a debug channel (debug_bytes in its board file: a few
 * KiB on a real board), compiled into one image with serial_kernels.c and the examples. */
#include <kiln/device.h>
#include <stdio.h>
#include <stdlib.h>

/* A line through the board's debug channel, then exit(STATUS) unless STATUS is 0. */
KILN_SINGLE_TASK_KERNEL void hello(int n, int status)
{
	printf("hello from %s: %d, %x\n", "the board", n, n * 3);
	if (status)
		exit(status); /* hello's exit */
}

/* N records of 12 bytes each (the format's row and a 64-bit word), more than the channel holds: the kernel
 * C library, compiled for the board's channel, drops what does not fit instead of writing past it. */
KILN_SINGLE_TASK_KERNEL void flood(int n)
{
	for (int i = 0; i < n; i++)
		printf("%d\n", i);
}

/* malloc on a real board: a heap of 4 KiB (the 1 MiB default would not fit), described in the channel's
 * header; *out is the sum of i * i below N through a malloc'd array, -1 when malloc refused. */
KILN_SINGLE_TASK_KERNEL KILN_HEAP_SIZE(4K) void squares(long long *out, int n)
{
	int *v = malloc((size_t)n * sizeof *v);
	long long sum = -1;
	if (v) {
		sum = 0;
		for (int i = 0; i < n; i++)
			v[i] = i * i;
		for (int i = 0; i < n; i++)
			sum += v[i];
		free(v);
	}
	*out = sum;
}
