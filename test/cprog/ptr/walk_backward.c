// SPDX-License-Identifier: Apache-2.0
// walking an array backward with --p, reversing in place with two pointers
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

static int a[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};

int main(void)
{
	int acc = 0;
	for (int *p = a + 9; p != a;)
		acc = acc * 2 + *--p;
	CHECK(acc == 4097);
	for (int *l = a, *r = a + 8; l < r; l++, r--) {
		int t = *l;
		*l = *r;
		*r = t;
	}
	for (int i = 0; i < 9; i++)
		printf("%d", a[i]);
	printf(" %d\n", acc);
	CHECK(a[0] == 9 && a[4] == 5 && a[8] == 1);
	return done();
}
