// SPDX-License-Identifier: Apache-2.0
// %d, %i and %u with zero, negative numbers and the limits of int and unsigned
#include <limits.h>
#include <stdio.h>

static const int vals[8] = {0, 1, -1, 42, -42, 1000000, INT_MAX, INT_MIN};

int main(void)
{
	for (int i = 0; i < 8; i++)
		printf("%d|%i|%u\n", vals[i], vals[i], (unsigned)vals[i]);
	printf("%u %u\n", 0u, UINT_MAX);
	printf("ok\n");
	return 0;
}
