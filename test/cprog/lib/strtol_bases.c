// SPDX-License-Identifier: Apache-2.0
// strtol: bases 2, 3, 8, 16, 36 and 0 (prefix detection)
#include <stdio.h>
#include <stdlib.h>

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
	const char *s;
	int base;
	long want;
	int used;
};
static const struct c cases[] = {
    {"ff", 16, 255, 2},   {"0xff", 16, 255, 4}, {"0XfF", 0, 255, 4}, {"0777", 0, 511, 4},
    {"777", 8, 511, 3},   {"101", 2, 5, 3},     {"102", 2, 2, 2},    {"zz", 36, 1295, 2},
    {"Zz", 36, 1295, 2},  {"12", 3, 5, 2},      {"0x", 16, 0, 1},    {"9", 8, 0, 0},
    {"-0x10", 0, -16, 5}, {"10", 0, 10, 2},     {"0", 0, 0, 1},      {"7fffffff", 16, 2147483647L, 8},
};

int main(void)
{
	int n = (int)(sizeof cases / sizeof cases[0]);
	for (int i = 0; i < n; i++) {
		char *end;
		long r = strtol(cases[i].s, &end, cases[i].base);
		printf("%s base %d: %ld +%d\n", cases[i].s, cases[i].base, r, (int)(end - cases[i].s));
		CHECK(r == cases[i].want);
		CHECK(end - cases[i].s == cases[i].used);
	}
	return done();
}
