// SPDX-License-Identifier: Apache-2.0
// strchr: first occurrence, the terminator itself, characters converted to char
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

static const char s[] = "hello, kiln world";

int main(void)
{
	CHECK(strchr(s, 'h') == s);
	CHECK(strchr(s, 'l') == s + 2);
	CHECK(strchr(s, 'w') == s + 12);
	CHECK(strchr(s, 'q') == NULL);
	CHECK(strchr(s, 0) == s + strlen(s));
	CHECK(strchr(s, 'k' + 256) == s + 7);
	CHECK(strchr("", 'a') == NULL);
	for (const char *p = strchr(s, 'l'); p; p = strchr(p + 1, 'l'))
		printf("l at %d\n", (int)(p - s));
	return done();
}
