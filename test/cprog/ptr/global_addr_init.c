// SPDX-License-Identifier: Apache-2.0
// file-scope pointers initialised with addresses: static int *p = &x and friends
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

static int x = 42, y = -3;
static int *p = &x;
static int *q = &y;
static int **pp = &p;
static const int *cp = &x;

int main(void)
{
	CHECK(*p == 42 && *q == -3 && **pp == 42);
	*p += 1;
	CHECK(*cp == 43);
	*pp = q;
	CHECK(p == &y && *p == -3);
	**pp = 9;
	printf("%d %d %d\n", x, y, *cp);
	CHECK(y == 9 && x == 43);
	return done();
}
