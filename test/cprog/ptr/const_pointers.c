// SPDX-License-Identifier: Apache-2.0
// pointer to const, const pointer and const pointer to const
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

static int vals[4] = {10, 20, 30, 40};

static int sum(const int *p, int n)
{
	int s = 0;
	while (n--)
		s += *p++;
	return s;
}

int main(void)
{
	const int *pc = vals;
	int *const cp = &vals[1];
	const int *const cpc = &vals[3];
	pc++;
	*cp += 5;
	CHECK(*pc == 25 && *cpc == 40);
	CHECK(sum(vals, 4) == 105);
	pc = cpc;
	printf("%d %d\n", *pc, sum(cp, 3));
	CHECK(sum(cp, 3) == 95);
	return done();
}
