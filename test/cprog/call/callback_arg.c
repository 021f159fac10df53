// SPDX-License-Identifier: Apache-2.0
// callbacks passed as arguments: map and fold helpers over an array
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

static int dbl(int x)
{
	return 2 * x;
}
static int neg(int x)
{
	return -x;
}
static int sq(int x)
{
	return x * x;
}
static int plus(int a, int b)
{
	return a + b;
}
static int larger(int a, int b)
{
	return a > b ? a : b;
}

static void map(int *v, int n, int (*f)(int))
{
	for (int i = 0; i < n; i++)
		v[i] = f(v[i]);
}

static int fold(const int *v, int n, int init, int (*f)(int, int))
{
	for (int i = 0; i < n; i++)
		init = f(init, v[i]);
	return init;
}

int main(void)
{
	int v[6] = {3, -1, 4, -1, 5, -9};
	map(v, 6, sq);
	int s = fold(v, 6, 0, plus);
	int m = fold(v, 6, 0, larger);
	map(v, 6, dbl);
	map(v, 3, neg);
	int s2 = fold(v, 6, 0, plus);
	printf("%d %d %d\n", s, m, s2);
	CHECK(s == 133 && m == 81 && s2 == 2 * (-9 - 1 - 16 + 1 + 25 + 81));
	return done();
}
