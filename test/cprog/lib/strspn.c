// SPDX-License-Identifier: Apache-2.0
// strspn: length of the initial segment made of accepted characters
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
	const char *s, *accept;
	int want;
};
static const struct c cases[] = {
    {"123abc", "0123456789", 3}, {"abc", "", 0},     {"", "abc", 0}, {"   x", " ", 3}, {"aaaa", "a", 4},
    {"xyz", "zyx", 3},           {"hello", "leh", 4}};

int main(void)
{
	for (int i = 0; i < 7; i++) {
		size_t r = strspn(cases[i].s, cases[i].accept);
		printf("%d: %zu\n", i, r);
		CHECK(r == (size_t)cases[i].want);
	}
	return done();
}
