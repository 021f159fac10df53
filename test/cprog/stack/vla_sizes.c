// SPDX-License-Identifier: Apache-2.0
// Variable-length arrays whose bound the compiler finds: sizes a caller passes as constants, a size a
// condition before the array limits, a two-dimensional array, sizeof of one, and a new size each iteration.
#include <stdio.h>
#include <string.h>

static int triangle(int n)
{
	int t[n];
	for (int i = 0; i < n; i++)
		t[i] = i == 0 ? 1 : t[i - 1] + i + 1;
	return t[n - 1] + (int)sizeof t;
}

static long grid(int rows, int cols)
{
	long m[rows][cols];
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			m[r][c] = (long)r * 100 + c;
	long s = 0;
	for (int r = 0; r < rows; r++)
		s += m[r][(r * 3) % cols] * (r + 1);
	return s + (long)sizeof m + (long)sizeof m[0];
}

/* n comes from the data; the array only exists for n up to 24. */
static unsigned checksum(const unsigned char *data, unsigned n)
{
	if (n > 24)
		return 0;
	unsigned char copy[n + 1];
	memcpy(copy, data, n);
	copy[n] = 0;
	unsigned h = 5381;
	for (unsigned i = 0; i <= n; i++)
		h = h * 33 + copy[i];
	return h;
}

int main(void)
{
	static const unsigned char bytes[40] = "variable length arrays in hardware!";
	printf("triangle %d %d %d\n", triangle(1), triangle(7), triangle(20));
	printf("grid %ld %ld\n", grid(3, 4), grid(6, 9));
	unsigned total = 0;
	for (unsigned n = 0; n < 40; n += 3) {
		unsigned h = checksum(bytes, n);
		printf("checksum(%u) = %u\n", n, h);
		total += h;
	}
	for (int k = 1; k <= 5; k++) {
		int sq[k * k];
		for (int i = 0; i < k * k; i++)
			sq[i] = i * k;
		total += (unsigned)sq[k * k - 1];
	}
	printf("total %u\n", total);
	printf("ok\n");
	return 0;
}
