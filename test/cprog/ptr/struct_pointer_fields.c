// SPDX-License-Identifier: Apache-2.0
// structs whose fields point to other objects and to each other
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

struct pair {
	int *first, *second;
	struct pair *other;
};
static int x = 5, y = 7, z = 11;

int main(void)
{
	struct pair p = {&x, &y, NULL}, q = {&z, &x, &p};
	p.other = &q;
	*p.other->second += 100;
	*q.other->second *= 2;
	CHECK(x == 105 && y == 14);
	p.first = q.first;
	*p.first = *p.first + *q.second;
	printf("%d %d %d\n", x, y, z);
	CHECK(z == 116);
	CHECK(p.other->other == &p);
	int s = *p.first + *p.second + *p.other->first + *p.other->other->other->second;
	printf("%d\n", s);
	CHECK(s == 116 + 14 + 116 + 105);
	return done();
}
