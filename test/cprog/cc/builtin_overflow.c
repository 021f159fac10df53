// SPDX-License-Identifier: Apache-2.0
// __builtin_add_overflow, __builtin_sub_overflow and __builtin_mul_overflow (no UB)
#include <limits.h>
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
	int r;
	CHECK(!__builtin_add_overflow(1, 2, &r) && r == 3);
	CHECK(__builtin_add_overflow(INT_MAX, 1, &r) && r == INT_MIN);
	CHECK(__builtin_sub_overflow(INT_MIN, 1, &r) && r == INT_MAX);
	CHECK(__builtin_mul_overflow(65536, 65536, &r) && r == 0);
	unsigned u;
	CHECK(__builtin_sub_overflow(0u, 1u, &u) && u == UINT_MAX);
	long long ll;
	CHECK(!__builtin_mul_overflow(3000000000LL, 3, &ll) && ll == 9000000000LL);
	int n = 0;
	int f = 1;
	while (!__builtin_mul_overflow(f, n + 1, &f))
		n++;
	printf("%d %d %u %lld\n", n, r, u, ll);
	CHECK(n == 12);
	return done();
}
