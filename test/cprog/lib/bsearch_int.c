// SPDX-License-Identifier: Apache-2.0
// bsearch: every element found, absent keys below, between and above
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

static const int v[] = {-50, -3, 0, 4, 8, 15, 16, 23, 42, 108};

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

int main(void)
{
	int n = 10, found = 0;
	for (int i = 0; i < n; i++) {
		const int *p = bsearch(&v[i], v, (size_t)n, sizeof v[0], cmp_int);
		CHECK(p == &v[i]);
	}
	for (int k = -60; k <= 120; k++) {
		const int *p = bsearch(&k, v, (size_t)n, sizeof v[0], cmp_int);
		if (p) {
			CHECK(*p == k);
			printf("%d at %d\n", k, (int)(p - v));
			found++;
		}
	}
	CHECK(found == 10);
	int k = 5;
	CHECK(bsearch(&k, v, 0, sizeof v[0], cmp_int) == NULL);
	return done();
}
