// SPDX-License-Identifier: Apache-2.0
// two pointers to the same object: writes through one are seen through the other
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

static int store[4];

static void add_both(int *a, int *b)
{
	*a += 1;
	*b += 10;
	*a *= 2;
}

int main(void)
{
	add_both(&store[0], &store[1]);
	add_both(&store[2], &store[2]);
	CHECK(store[0] == 2 && store[1] == 10 && store[2] == 22);
	int *p = &store[3], *q = store + 3;
	*p = 5;
	*q += *p;
	printf("%d %d %d %d\n", store[0], store[1], store[2], store[3]);
	CHECK(store[3] == 10);
	return done();
}
