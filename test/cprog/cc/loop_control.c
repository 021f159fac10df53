// SPDX-License-Identifier: Apache-2.0
// do-while, continue and break in nested loops, loops with empty bodies and several variables
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

int main(void)
{
	int n = 0, i = 0;
	do {
		n += i;
	} while (++i < 10);
	CHECK(n == 45);
	int primes = 0;
	for (int p = 2; p < 100; p++) {
		int d;
		for (d = 2; d * d <= p; d++)
			if (p % d == 0)
				break;
		if (d * d <= p)
			continue;
		primes++;
	}
	CHECK(primes == 25);
	int k;
	for (k = 1; k < 1000; k *= 3)
		;
	int once = 0;
	do
		once++;
	while (0);
	int lines = 0;
	for (int r = 0; r < 5; r++) {
		for (int c = 0; c < 5; c++) {
			if (c > r)
				break;
			if ((r + c) & 1)
				continue;
			lines++;
		}
	}
	printf("%d %d %d %d %d\n", n, primes, k, once, lines);
	CHECK(k == 2187 && once == 1 && lines == 9);
	return done();
}
