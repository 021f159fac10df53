// SPDX-License-Identifier: Apache-2.0
// Variable-length arrays with a stated bound (KILN_VLA_MAX, nothing natively): a size read from data,
// and one in every frame of a recursive function.
#include <stdio.h>

#ifndef KILN_VLA_MAX
#define KILN_VLA_MAX(bytes)
#endif

static volatile int sizes[6] = {5, 17, 1, 64, 33, 2};

static int spread(int n)
{
	short v[n] KILN_VLA_MAX(128);
	for (int i = 0; i < n; i++)
		v[i] = (short)(i * 37 % 101);
	int lo = v[0], hi = v[0];
	for (int i = 1; i < n; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	return hi - lo;
}

/* Partitions of n with parts of at most k, each frame with its own table of the parts it tried. */
static int parts(int n, int k)
{
	if (n == 0)
		return 1;
	int tried[k] KILN_VLA_MAX(64);
	int count = 0;
	for (int p = 1; p <= k && p <= n; p++) {
		tried[p - 1] = parts(n - p, p);
		count += tried[p - 1];
	}
	return count + 0 * tried[0];
}

int main(void)
{
	for (int i = 0; i < 6; i++)
		printf("spread(%d) = %d\n", sizes[i], spread(sizes[i]));
	printf("parts %d %d %d\n", parts(5, 5), parts(10, 4), parts(12, 12));
	printf("ok\n");
	return 0;
}
