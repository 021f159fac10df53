// SPDX-License-Identifier: Apache-2.0
// lldiv: long long division
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
	static const long long n[] = {123456789012345LL, -5LL, 5LL, -9223372036854775807LL};
	static const long long m[] = {1000LL, 3LL, -3LL, 2LL};
	for (int i = 0; i < 4; i++) {
		lldiv_t d = lldiv(n[i], m[i]);
		printf("%lld %lld\n", d.quot, d.rem);
		CHECK(d.quot * m[i] + d.rem == n[i]);
		CHECK(d.rem == 0 || (d.rem < 0) == (n[i] < 0));
	}
	return done();
}
