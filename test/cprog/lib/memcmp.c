// SPDX-License-Identifier: Apache-2.0
// memcmp: sign of the result, bytes compared as unsigned char, length limits
#include <stdio.h>
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

struct c {
	const char *a, *b;
	int n, sign;
};
static const struct c cases[] = {
    {"abc", "abc", 3, 0}, {"abc", "abd", 3, -1},  {"abd", "abc", 3, 1},    {"abc", "abd", 2, 0},
    {"", "", 0, 0},       {"\x80", "\x01", 1, 1}, {"\x01", "\xff", 1, -1}, {"hello", "help!", 5, -1},
    {"zz", "za", 1, 0},   {"zz", "za", 2, 1},
};

static int sgn(int v)
{
	return (v > 0) - (v < 0);
}

int main(void)
{
	int n = (int)(sizeof cases / sizeof cases[0]);
	for (int i = 0; i < n; i++) {
		int r = sgn(memcmp(cases[i].a, cases[i].b, (size_t)cases[i].n));
		printf("%d: %d\n", i, r);
		CHECK(r == cases[i].sign);
	}
	return done();
}
