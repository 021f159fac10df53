// SPDX-License-Identifier: Apache-2.0
// calls through unprototyped declarations (int f();) with default argument promotions
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

static int add3();
static long widen();
static int first_char();

int main(void)
{
	char c = 'A';
	short s = -7;
	int a = add3(1, 2, 3);
	long w = widen(40000, 2);
	int f = first_char("kiln");
	int p = add3(c, s, 100);
	printf("%d %ld %d %d\n", a, w, f, p);
	CHECK(a == 6 && w == 80000 && f == 'k' && p == 65 - 7 + 100);
	return done();
}

static int add3(a, b, c)
int a, b, c;
{
	return a + b + c;
}

static long widen(v, k)
int v, k;
{
	return (long)v * k;
}

static int first_char(s) const char *s;
{
	return s[0];
}
