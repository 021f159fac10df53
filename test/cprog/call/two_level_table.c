// SPDX-License-Identifier: Apache-2.0
// a two-level table: an array of tables of function pointers, indexed by mode and operation
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

static int a0(int x)
{
	return x + 1;
}
static int a1(int x)
{
	return x - 1;
}
static int b0(int x)
{
	return x * 3;
}
static int b1(int x)
{
	return x / 3;
}
static int c0(int x)
{
	return x ^ 5;
}
static int c1(int x)
{
	return -x;
}
static int (*const mode_a[2])(int) = {a0, a1};
static int (*const mode_b[2])(int) = {b0, b1};
static int (*const mode_c[2])(int) = {c0, c1};
static int (*const *const modes[3])(int) = {mode_a, mode_b, mode_c};

int main(void)
{
	int x = 7;
	for (int i = 0; i < 18; i++) {
		x = modes[i % 3][(i / 3) & 1](x);
		printf("%d ", x);
	}
	printf("\n");
	CHECK(modes[1][0](5) == 15 && modes[2][1](5) == -5);
	CHECK(x == -5);
	return done();
}
