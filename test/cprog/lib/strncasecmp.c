// SPDX-License-Identifier: Apache-2.0
// strncasecmp from strings.h: case-insensitive comparison of at most n bytes
#include <stdio.h>
#include <strings.h>

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

int main(void)
{
	CHECK(strncasecmp("HelloWorld", "helloTHERE", 5) == 0);
	CHECK(strncasecmp("HelloWorld", "helloTHERE", 6) > 0);
	CHECK(strncasecmp("abc", "ABCDEF", 3) == 0);
	CHECK(strncasecmp("abc", "ABCDEF", 4) < 0);
	CHECK(strncasecmp("x", "y", 0) == 0);
	int s = 0;
	for (int n = 0; n < 8; n++) {
		int r = strncasecmp("FPGAone", "fpgaTWO", (size_t)n);
		s = s * 3 + (r > 0) - (r < 0) + 1;
	}
	printf("%d\n", s);
	return done();
}
