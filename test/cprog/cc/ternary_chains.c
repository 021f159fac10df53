// SPDX-License-Identifier: Apache-2.0
// chained and nested conditional operators, as values and as lvalue selectors
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

static const char *grade(int score)
{
	return score >= 90 ? "A" : score >= 80 ? "B" : score >= 70 ? "C" : score >= 60 ? "D" : "F";
}

static int sign3(int v)
{
	return v > 0 ? 1 : v < 0 ? -1 : 0;
}

int main(void)
{
	static const int scores[7] = {95, 85, 75, 65, 55, 90, 0};
	for (int i = 0; i < 7; i++)
		printf("%s", grade(scores[i]));
	printf("\n");
	int a = 0, b = 0;
	for (int i = 0; i < 10; i++)
		*(i & 1 ? &a : &b) += i;
	CHECK(a == 25 && b == 20);
	int m = a > b ? a > 30 ? 3 : 2 : 1;
	CHECK(m == 2);
	CHECK(sign3(-7) + sign3(0) + sign3(9) == 0);
	unsigned u = sign3(-1) < 0 ? 7u : 9u;
	CHECK(u == 7);
	return done();
}
