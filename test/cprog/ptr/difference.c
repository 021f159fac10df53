// SPDX-License-Identifier: Apache-2.0
// pointer differences within arrays of several element types (ptrdiff_t)
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

static int ia[10];
static char ca[10];
static long long la[10];
struct s {
	char c[3];
};
static struct s sa[10];

int main(void)
{
	ptrdiff_t d1 = &ia[9] - &ia[2];
	ptrdiff_t d2 = &ca[1] - &ca[8];
	ptrdiff_t d3 = (la + 10) - la;
	ptrdiff_t d4 = &sa[7] - &sa[3];
	ptrdiff_t d5 = (char *)&sa[7] - (char *)&sa[3];
	printf("%td %td %td %td %td\n", d1, d2, d3, d4, d5);
	CHECK(d1 == 7 && d2 == -7 && d3 == 10 && d4 == 4 && d5 == 12);
	int *p = ia + 3;
	CHECK(p - ia == 3 && ia - p == -3);
	CHECK((char *)(la + 2) - (char *)la == 16);
	return done();
}
