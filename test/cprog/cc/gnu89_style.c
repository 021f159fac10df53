// SPDX-License-Identifier: Apache-2.0
// gnu89-style code: declarations at the top of blocks, __inline__, __typeof__, __const__ and __signed__
#include <stdio.h>

static int fails;

static void check(int ok, int line)
{
	if (!ok) {
		printf("FAIL line %d\n", line);
		fails++;
	}
}

#define CHECK(c) check(!!(c), __LINE__)

static int done(void)
{
	if (fails)
		printf("failed %d\n", fails);
	else
		printf("ok\n");
	return fails;
}

static __inline__ int sq(int x)
{
	return x * x;
}

static int table[5];

int main(void)
{
	int i;
	__typeof__(table[0]) sum;
	__const__ int limit = 5;
	__signed__ char sc;
	unsigned int mask;

	sum = 0;
	for (i = 0; i < limit; i++) {
		table[i] = sq(i + 1);
		sum += table[i];
	}
	sc = -3;
	mask = 0;
	for (i = 0; i < 5; i++)
		if (table[i] & 1)
			mask |= 1u << i;
	printf("%d %d %u\n", sum, sc, mask);
	CHECK(sum == 55 && sc == -3 && mask == 0x15u);
	CHECK(sizeof sum == sizeof(int));
	return done();
}
