// SPDX-License-Identifier: Apache-2.0
// qsort: an int array with a comparison that does not overflow
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

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

static int v[] = {42, -7, INT_MAX, 0, INT_MIN, 13, -1000, 5, 99, -7000, 1, 2};

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

int main(void)
{
	int n = (int)(sizeof v / sizeof v[0]);
	qsort(v, (size_t)n, sizeof v[0], cmp_int);
	for (int i = 0; i < n; i++)
		printf("%d ", v[i]);
	printf("\n");
	for (int i = 1; i < n; i++)
		CHECK(v[i - 1] < v[i]);
	CHECK(v[0] == INT_MIN && v[n - 1] == INT_MAX);
	qsort(v, 0, sizeof v[0], cmp_int);
	qsort(v, 1, sizeof v[0], cmp_int);
	CHECK(v[0] == INT_MIN);
	return done();
}
