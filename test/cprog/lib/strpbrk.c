// SPDX-License-Identifier: Apache-2.0
// strpbrk: first character from a set
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

static const char s[] = "The quick brown fox";

int main(void)
{
	CHECK(strpbrk(s, "aeiou") == s + 2);
	CHECK(strpbrk(s, "xyz") == s + 18);
	CHECK(strpbrk(s, "") == NULL);
	CHECK(strpbrk(s, "Z") == NULL);
	CHECK(strpbrk("", "abc") == NULL);
	int n = 0;
	for (const char *p = strpbrk(s, "aeiou"); p; p = strpbrk(p + 1, "aeiou")) {
		printf("%c@%d ", *p, (int)(p - s));
		n++;
	}
	printf("\n");
	CHECK(n == 5);
	return done();
}
