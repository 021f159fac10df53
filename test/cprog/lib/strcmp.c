// SPDX-License-Identifier: Apache-2.0
// strcmp: ordering, prefixes, bytes above 127 compare as unsigned char
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

static const char *pairs[][2] = {
    {"", ""},   {"a", ""},     {"", "a"},     {"abc", "abc"},   {"abc", "abd"},    {"abcd", "abc"},
    {"B", "a"}, {"\x80", "a"}, {"a", "\xff"}, {"kiln", "kilt"}, {"zeta", "alpha"},
};
static const int want[] = {0, 1, -1, 0, -1, 1, -1, 1, -1, -1, 1};

int main(void)
{
	for (int i = 0; i < 11; i++) {
		int r = strcmp(pairs[i][0], pairs[i][1]);
		r = (r > 0) - (r < 0);
		printf("%d: %d\n", i, r);
		CHECK(r == want[i]);
	}
	return done();
}
