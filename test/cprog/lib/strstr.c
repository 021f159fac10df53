// SPDX-License-Identifier: Apache-2.0
// strstr: substrings, empty needle, overlapping partial matches
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

static const char hay[] = "aaabaaabaaaab needle in a haystack";
struct c {
	const char *needle;
	int at;
};
static const struct c cases[] = {{"aaaab", 8}, {"", 0},        {"needle", 14}, {"stack", 29},
                                 {"hay", 26},  {"stacks", -1}, {"baaa", 3},    {"k", 33}};

int main(void)
{
	for (int i = 0; i < 8; i++) {
		const char *p = strstr(hay, cases[i].needle);
		int at = p ? (int)(p - hay) : -1;
		printf("'%s' at %d\n", cases[i].needle, at);
		CHECK(at == cases[i].at);
	}
	CHECK(strstr("", "a") == NULL);
	return done();
}
