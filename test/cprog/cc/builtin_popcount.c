// SPDX-License-Identifier: Apache-2.0
// __builtin_popcount, __builtin_popcountl and __builtin_popcountll against a bit loop
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

static int slow_pop(unsigned long long v)
{
	int n = 0;
	while (v) {
		n += (int)(v & 1);
		v >>= 1;
	}
	return n;
}

int main(void)
{
	static const unsigned long long vals[8] = {0,
	                                           1,
	                                           0xFF,
	                                           0x80000000u,
	                                           0xFFFFFFFFu,
	                                           0x123456789ABCDEFULL,
	                                           0xFFFFFFFFFFFFFFFFULL,
	                                           0x8000000000000001ULL};
	int total = 0;
	for (int i = 0; i < 8; i++) {
		int p32 = __builtin_popcount((unsigned)vals[i]);
		int pl = __builtin_popcountl((unsigned long)vals[i]);
		int pll = __builtin_popcountll(vals[i]);
		printf("%d %d %d\n", p32, pl, pll);
		CHECK(p32 == slow_pop((unsigned)vals[i]));
		CHECK(pl == pll && pll == slow_pop(vals[i]));
		total += pll;
	}
	CHECK(total == 0 + 1 + 8 + 1 + 32 + 32 + 64 + 2);
	return done();
}
