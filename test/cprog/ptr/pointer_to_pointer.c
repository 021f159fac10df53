// SPDX-License-Identifier: Apache-2.0
// pointers to pointers: reading, re-aiming the inner pointer, three levels
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

static int a = 1, b = 2;

int main(void)
{
	int *p = &a;
	int **pp = &p;
	int ***ppp = &pp;
	**pp = 10;
	CHECK(a == 10);
	*pp = &b;
	CHECK(p == &b);
	***ppp += 5;
	CHECK(b == 7);
	int *arr[2] = {&a, &b};
	int **it = arr;
	int s = **it + **(it + 1);
	it[1] = &a;
	**(it + 1) += 1;
	printf("%d %d %d\n", a, b, s);
	CHECK(s == 17 && a == 11 && b == 7);
	return done();
}
