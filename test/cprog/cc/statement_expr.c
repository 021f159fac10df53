// SPDX-License-Identifier: Apache-2.0
// GNU statement expressions ({ ... }) and a MAX macro that evaluates its arguments once
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

#define MAX(a, b)                                                                                            \
	({                                                                                                   \
		__typeof__(a) _a = (a);                                                                      \
		__typeof__(b) _b = (b);                                                                      \
		_a > _b ? _a : _b;                                                                           \
	})

int main(void)
{
	int i = 3, j = 7, calls = 0;
	int m = MAX(i++, j++);
	CHECK(m == 7 && i == 4 && j == 8);
	int v = ({
		int t = 0;
		for (int k = 1; k <= 10; k++)
			t += k;
		calls++;
		t;
	});
	long long big = MAX(5LL, (long long)v * 1000000000);
	printf("%d %d %lld %d\n", m, v, big, calls);
	CHECK(v == 55 && big == 55000000000LL && calls == 1);
	return done();
}
