// SPDX-License-Identifier: Apache-2.0
// a configurable pipeline: an array of transform stages applied in sequence, reconfigured between runs
#include <stddef.h>
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

typedef int (*stage)(int);
static int s_inc(int x)
{
	return x + 1;
}
static int s_dbl(int x)
{
	return x * 2;
}
static int s_mod7(int x)
{
	return x % 7;
}
static int s_neg(int x)
{
	return -x;
}
static int s_sq(int x)
{
	return x * x;
}
static stage pipe[5];

static int run(int x)
{
	for (int i = 0; i < 5 && pipe[i]; i++)
		x = pipe[i](x);
	return x;
}

int main(void)
{
	pipe[0] = s_inc, pipe[1] = s_dbl, pipe[2] = s_sq;
	int a = run(3);
	pipe[3] = s_mod7, pipe[4] = s_neg;
	int b = run(3);
	pipe[0] = s_neg, pipe[2] = NULL;
	int c = run(3);
	printf("%d %d %d\n", a, b, c);
	CHECK(a == 64 && b == -1 && c == -6);
	return done();
}
