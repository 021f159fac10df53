// SPDX-License-Identifier: Apache-2.0
// a static table of four functions of the same type, called by index in a loop
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

static int add(int a, int b)
{
	return a + b;
}
static int sub(int a, int b)
{
	return a - b;
}
static int mul(int a, int b)
{
	return a * b;
}
static int max(int a, int b)
{
	return a > b ? a : b;
}
static int (*const ops[4])(int, int) = {add, sub, mul, max};

int main(void)
{
	int acc = 1;
	for (int i = 0; i < 12; i++) {
		acc = ops[i % 4](acc, i + 1);
		printf("%d ", acc);
	}
	printf("\n");
	CHECK(ops[2](6, 7) == 42 && ops[1](3, 5) == -2);
	CHECK(acc == 220);
	return done();
}
