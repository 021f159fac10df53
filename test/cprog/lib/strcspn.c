// SPDX-License-Identifier: Apache-2.0
// strcspn: length of the initial segment free of rejected characters
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
	const char *s, *reject;
	int want;
};
static const struct c cases[] = {{"key=value", "=", 3},  {"abc", "", 3},     {"", "x", 0},
                                 {"abc", "a", 0},        {"a,b;c", ";,", 1}, {"none", "xyz", 4},
                                 {"tab\there", "\t ", 3}};

int main(void)
{
	for (int i = 0; i < 7; i++) {
		size_t r = strcspn(cases[i].s, cases[i].reject);
		printf("%d: %zu\n", i, r);
		CHECK(r == (size_t)cases[i].want);
	}
	return done();
}
