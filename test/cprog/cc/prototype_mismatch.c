// SPDX-License-Identifier: Apache-2.0
// calls through a prototype other than the definition's: a library function redeclared with the program's
// own types (no <string.h>), and K&R definitions called without a prototype
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

int strlen(char *);
int abs();
static int twice();
static double half();
static long widen();

static int twice(x)
int x;
{
	return 2 * x;
}

static double half(x)
float x;
{
	return x / 2;
}

static long widen(x, y)
short x;
char *y;
{
	return (long)x * 1000 + y[0];
}

static char word[] = "kiln hardware";

int main(void)
{
	CHECK(strlen(word) == 13);
	CHECK(strlen(word + 5) == 8);
	CHECK(abs(-42) == 42);
	CHECK(twice(21) == 42);
	CHECK(twice(-8) == -16);
	CHECK(half(3.0f) == 1.5);
	CHECK(widen(-7, word) == -7000 + 'k');
	printf("%d %d %g %ld\n", strlen(word), twice(5), half(5.0f), widen(12, word + 1));
	return done();
}
