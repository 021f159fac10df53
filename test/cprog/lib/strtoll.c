// SPDX-License-Identifier: Apache-2.0
// strtoll and strtoull: 64-bit conversions in several bases
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

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
	long long a = strtoll("-9223372036854775808", NULL, 10);
	CHECK(a == LLONG_MIN);
	long long b = strtoll("7fffffffffffffff", NULL, 16);
	CHECK(b == LLONG_MAX);
	char *end;
	long long c = strtoll("1010xyz", &end, 2);
	CHECK(c == 10 && *end == 'x');
	unsigned long long d = strtoull("ffffffffffffffff", NULL, 16);
	CHECK(d == ULLONG_MAX);
	errno = 0;
	unsigned long long e = strtoull("1ffffffffffffffff", NULL, 16);
	CHECK(e == ULLONG_MAX && errno == ERANGE);
	unsigned long long f = strtoull("01234567", NULL, 0);
	CHECK(f == 01234567ULL);
	printf("%lld %lld %lld %llu %llu %llu\n", a, b, c, d, e, f);
	return done();
}
