// SPDX-License-Identifier: Apache-2.0
// function pointer typedefs, arrays of them and pointers to them
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

typedef int (*unary)(int);
typedef unary table3[3];

static int inc(int x)
{
	return x + 1;
}
static int twice(int x)
{
	return x * 2;
}
static int half(int x)
{
	return x / 2;
}

static table3 ta = {inc, twice, half};
static table3 tb = {twice, twice, inc};

static int run(const unary *t, int n, int x)
{
	for (int i = 0; i < n; i++)
		x = t[i](x);
	return x;
}

int main(void)
{
	unary *which = ta;
	int a = run(which, 3, 10);
	which = tb;
	int b = run(which, 3, 10);
	unary(*pt)[3] = &ta;
	int c = (*pt)[1](21);
	printf("%d %d %d\n", a, b, c);
	CHECK(a == 11 && b == 41 && c == 42);
	return done();
}
