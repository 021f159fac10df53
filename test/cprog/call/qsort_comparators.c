// SPDX-License-Identifier: Apache-2.0
// qsort with different comparators over the same data: ascending, descending, by absolute value, by low digit
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static const int orig[8] = {17, -4, 9, 0, -23, 12, 5, -8};

static int asc(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}
static int desc(const void *a, const void *b)
{
	return asc(b, a);
}
static int by_abs(const void *a, const void *b)
{
	int x = abs(*(const int *)a), y = abs(*(const int *)b);
	return (x > y) - (x < y);
}
static int by_digit_then_value(const void *a, const void *b)
{
	int x = abs(*(const int *)a) % 10, y = abs(*(const int *)b) % 10;
	return x != y ? x - y : asc(a, b);
}
static int (*const cmps[4])(const void *, const void *) = {asc, desc, by_abs, by_digit_then_value};

int main(void)
{
	static const int first[4] = {-23, 17, 0, 0}, last[4] = {17, -23, -23, 9};
	int v[8];
	for (int k = 0; k < 4; k++) {
		memcpy(v, orig, sizeof v);
		qsort(v, 8, sizeof v[0], cmps[k]);
		for (int i = 0; i < 8; i++)
			printf("%d ", v[i]);
		printf("\n");
		for (int i = 1; i < 8; i++)
			CHECK(cmps[k](&v[i - 1], &v[i]) < 0);
		CHECK(v[0] == first[k] && v[7] == last[k]);
	}
	return done();
}
