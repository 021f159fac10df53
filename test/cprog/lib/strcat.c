// SPDX-License-Identifier: Apache-2.0
// strcat: appending repeatedly, to an empty string and the empty string
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

static char buf[64];

int main(void)
{
	static const char *parts[] = {"red", "", "green", "-", "blue"};
	buf[0] = 0;
	for (int i = 0; i < 5; i++) {
		char *r = strcat(buf, parts[i]);
		CHECK(r == buf);
		printf("%s\n", buf);
	}
	CHECK(strcmp(buf, "redgreen-blue") == 0);
	CHECK(strlen(buf) == 13);
	return done();
}
