// SPDX-License-Identifier: Apache-2.0
// relational comparison of pointers into the same array
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

static int a[12];

int main(void)
{
	int *lo = &a[2], *hi = &a[9];
	int n = 0;
	for (int *p = a; p < a + 12; p++) {
		int in = p >= lo && p <= hi;
		n += in;
		*p = in ? 1 : 0;
	}
	CHECK(n == 8);
	CHECK(lo < hi && !(hi < lo) && hi > lo && lo <= lo);
	int *m = lo + (hi - lo) / 2;
	CHECK(m == &a[5]);
	while (lo < hi) {
		int t = *lo;
		*lo++ = *hi + 1;
		*hi-- = t + 2;
	}
	printf("%d %d %d\n", a[2], a[5], a[9]);
	CHECK(a[2] == 2 && a[9] == 3 && lo == &a[6]);
	return done();
}
