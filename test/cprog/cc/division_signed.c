// SPDX-License-Identifier: Apache-2.0
// signed division and remainder truncate toward zero (C99), for every sign combination
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
	static const int n[4] = {17, -17, 17, -17}, d[4] = {5, 5, -5, -5};
	static const int q[4] = {3, -3, -3, 3}, r[4] = {2, -2, 2, -2};
	for (int i = 0; i < 4; i++) {
		printf("%d / %d = %d, %% = %d\n", n[i], d[i], n[i] / d[i], n[i] % d[i]);
		CHECK(n[i] / d[i] == q[i] && n[i] % d[i] == r[i]);
		CHECK((n[i] / d[i]) * d[i] + n[i] % d[i] == n[i]);
	}
	long long big = -9000000000000000001LL;
	CHECK(big / 1000 == -9000000000000000LL && big % 1000 == -1);
	int m = -7;
	CHECK(m / 2 == -3 && m % 2 == -1 && -m / 2 == 3);
	return done();
}
