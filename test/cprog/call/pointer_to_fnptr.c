// SPDX-License-Identifier: Apache-2.0
// iterating over a table of function pointers with a pointer to function pointer
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

static int t0(int x)
{
	return x + 3;
}
static int t1(int x)
{
	return x * 5;
}
static int t2(int x)
{
	return x - 7;
}
static int t3(int x)
{
	return x << 1;
}
static int t4(int x)
{
	return x % 100;
}
static int (*const chain[5])(int) = {t0, t1, t2, t3, t4};

int main(void)
{
	int results[4];
	for (int start = 0; start < 4; start++) {
		int x = start * 11;
		for (int (*const *p)(int) = chain; p < chain + 5; p++)
			x = (*p)(x);
		results[start] = x;
		printf("%d\n", x);
	}
	int (*const *last)(int) = &chain[4];
	CHECK((*last)(250) == 50 && (**last)(7) == 7);
	CHECK(results[0] == 16 && results[3] == 46);
	return done();
}
