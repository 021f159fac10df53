// SPDX-License-Identifier: Apache-2.0
// __builtin_clz, __builtin_ctz and their l/ll forms on non-zero values
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
	unsigned sum = 0;
	for (int b = 0; b < 32; b++) {
		unsigned v = 1u << b;
		CHECK(__builtin_clz(v) == 31 - b);
		CHECK(__builtin_ctz(v) == b);
		CHECK(__builtin_clz(v | 1u) == 31 - b && __builtin_ctz(v | 0x80000000u) == b);
		sum += (unsigned)(__builtin_clz(v * 3u | 1u) * 7 + __builtin_ctz(v * 3u));
	}
	for (int b = 0; b < 64; b += 9) {
		unsigned long long v = 1ULL << b;
		CHECK(__builtin_clzll(v) == 63 - b && __builtin_ctzll(v) == b);
		CHECK(__builtin_clzl((unsigned long)v) == 63 - b && __builtin_ctzl((unsigned long)v) == b);
	}
	printf("%u %d %d\n", sum, __builtin_clz(0x00F00000u), __builtin_ctzll(0x0010000000000000ULL));
	return done();
}
