// SPDX-License-Identifier: Apache-2.0
// limits.h: INT_MAX, INT_MIN, UINT_MAX, LONG_*, LLONG_*, SHRT_* and their relations
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
	printf("int %d %d %u\n", INT_MIN, INT_MAX, UINT_MAX);
	printf("short %d %d %d\n", SHRT_MIN, SHRT_MAX, USHRT_MAX);
	printf("long %ld %ld %lu\n", LONG_MIN, LONG_MAX, ULONG_MAX);
	printf("llong %lld %lld %llu\n", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
	CHECK(INT_MIN == -INT_MAX - 1);
	CHECK(UINT_MAX == 2u * INT_MAX + 1u);
	CHECK(SHRT_MAX == 32767 && USHRT_MAX == 65535);
	CHECK(LONG_MAX == 9223372036854775807L);
	CHECK(LLONG_MIN == -LLONG_MAX - 1);
	CHECK(ULLONG_MAX == 18446744073709551615ULL);
	int x = INT_MAX;
	unsigned u = (unsigned)x + 1u;
	CHECK(u == 2147483648u);
	return done();
}
