// SPDX-License-Identifier: Apache-2.0
// output parameters through pointer-to-pointer: a function selects a pointer for the caller
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

static int evens[5] = {0, 2, 4, 6, 8}, odds[5] = {1, 3, 5, 7, 9};

static int pick(int want_odd, int idx, int **out)
{
	if (idx < 0 || idx >= 5)
		return 0;
	*out = want_odd ? &odds[idx] : &evens[idx];
	return 1;
}

int main(void)
{
	int *p = 0, sum = 0;
	for (int i = -1; i <= 5; i++) {
		if (pick(i & 1, i, &p)) {
			sum += *p;
			*p = -*p;
		}
	}
	printf("%d %d %d\n", sum, evens[2], odds[3]);
	CHECK(sum == 0 + 3 + 4 + 7 + 8);
	CHECK(evens[2] == -4 && odds[1] == -3 && evens[1] == 2);
	CHECK(p == &evens[4]);
	return done();
}
