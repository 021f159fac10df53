// SPDX-License-Identifier: Apache-2.0
// strcasecmp from strings.h: case-insensitive ordering
#include <stdio.h>
#include <strings.h>

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

static const char *pairs[][2] = {{"Kiln", "kILN"}, {"abc", "ABD"},    {"ABD", "abc"}, {"", ""},
                                 {"a", ""},        {"Zeta", "alpha"}, {"A[", "a_"},   {"HELLO", "hello!"}};
static const int want[] = {0, -1, 1, 0, 1, 1, -1, -1};

int main(void)
{
	for (int i = 0; i < 8; i++) {
		int r = strcasecmp(pairs[i][0], pairs[i][1]);
		r = (r > 0) - (r < 0);
		printf("%d: %d\n", i, r);
		CHECK(r == want[i]);
	}
	return done();
}
