// SPDX-License-Identifier: Apache-2.0
// strncmp: comparison limited to n bytes, stops at the terminator
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
	int n, want;
};
static const struct c cases[] = {
    {"abcdef", "abcxyz", 3, 0}, {"abcdef", "abcxyz", 4, -1},
    {"abc", "abcdef", 3, 0},    {"abc", "abcdef", 4, -1},
    {"x", "y", 0, 0},           {"same", "same", 100, 0},
    {"\xf0", "\x10", 1, 1},     {"ab\0x", "ab\0y", 5, 0},
};

int main(void)
{
	for (int i = 0; i < 8; i++) {
		int r = strncmp(cases[i].a, cases[i].b, (size_t)cases[i].n);
		r = (r > 0) - (r < 0);
		printf("%d: %d\n", i, r);
		CHECK(r == cases[i].want);
	}
	return done();
}
