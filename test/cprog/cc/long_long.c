// SPDX-License-Identifier: Apache-2.0
// long long and unsigned long long arithmetic: multiplication, division, modulo, shifts, comparisons
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
	long long a = 123456789LL, b = -987654321LL;
	long long p = a * b;
	long long q = p / 1000003LL, r = p % 1000003LL;
	unsigned long long u = 0xFEDCBA9876543210ULL;
	unsigned long long sh = (u >> 36) | (u << 28);
	unsigned long long d = u / 12345ULL, m = u % 12345ULL;
	long long neg = -(1LL << 62);
	printf("%lld %lld %lld\n", p, q, r);
	printf("%llx %llu %llu %lld\n", sh, d, m, neg / 3);
	CHECK(p == -121932631112635269LL);
	CHECK(q * 1000003LL + r == p && r <= 0);
	CHECK(d * 12345ULL + m == u);
	CHECK(a < 0xFFFFFFFFFFLL && b < 0 && (unsigned long long)b > u);
	CHECK(neg >> 10 == -(1LL << 52));
	return done();
}
