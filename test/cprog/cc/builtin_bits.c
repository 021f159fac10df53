// SPDX-License-Identifier: Apache-2.0
// __builtin_parity, __builtin_ffs and __builtin_clrsb on assorted values
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
	unsigned par = 0;
	for (unsigned v = 0; v < 256; v++) {
		int p = __builtin_parity(v);
		CHECK(p == (__builtin_popcount(v) & 1));
		par = par * 2u + (unsigned)p;
	}
	CHECK(__builtin_ffs(0) == 0 && __builtin_ffs(0x50) == 5 && __builtin_ffsll(1LL << 40) == 41);
	CHECK(__builtin_parityll(0x8000000000000001ULL) == 0);
	CHECK(__builtin_clrsb(0) == 31 && __builtin_clrsb(-1) == 31 && __builtin_clrsb(1) == 30);
	printf("%u %d %d\n", par, __builtin_ffs(-2147483647 - 1), __builtin_clrsb(0x00FF0000));
	return done();
}
