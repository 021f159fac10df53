// SPDX-License-Identifier: Apache-2.0
// the comma operator in for loops, conditions and expressions; its value and sequencing
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

static int calls;

static int bump(int v)
{
	calls++;
	return v;
}

int main(void)
{
	int i, j, s = 0;
	for (i = 0, j = 10; i < j; i++, j--)
		s += i * j;
	CHECK(s == 0 * 10 + 1 * 9 + 2 * 8 + 3 * 7 + 4 * 6);
	int x = (bump(1), bump(2), bump(3));
	CHECK(x == 3 && calls == 3);
	int y = 5;
	while (y--, y > 2)
		s++;
	int z = (y += 10, y * 2);
	printf("%d %d %d %d %d\n", s, x, y, z, calls);
	CHECK(y == 12 && z == 24);
	return done();
}
