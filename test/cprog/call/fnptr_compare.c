// SPDX-License-Identifier: Apache-2.0
// function pointers compared for equality: finding a handler's index in a table
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

typedef int (*handler)(int);
static int h_a(int x)
{
	return x + 100;
}
static int h_b(int x)
{
	return x + 200;
}
static int h_c(int x)
{
	return x + 300;
}
static int h_d(int x)
{
	return x + 400;
}
static const handler registry[4] = {h_a, h_b, h_c, h_d};

static int index_of(handler h)
{
	for (int i = 0; i < 4; i++)
		if (registry[i] == h)
			return i;
	return -1;
}

int main(void)
{
	handler chosen[5] = {h_c, h_a, h_d, NULL, h_b};
	int s = 0;
	for (int i = 0; i < 5; i++) {
		int k = index_of(chosen[i]);
		printf("%d ", k);
		s = s * 10 + k + 1;
		if (chosen[i] != NULL)
			CHECK(chosen[i](0) == 100 * (k + 1));
	}
	printf("\n");
	CHECK(s == 31402);
	CHECK(h_a != h_b && registry[2] == h_c);
	return done();
}
