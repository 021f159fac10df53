// SPDX-License-Identifier: Apache-2.0
// atoi: leading white space, signs, trailing garbage
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

static const char *in[] = {"0",   "42", "-17", "+8",         "  \t\n99", "123abc",
                           "abc", "",   "-0",  "2147483647", " - 5"};
static const int want[] = {0, 42, -17, 8, 99, 123, 0, 0, 0, 2147483647, 0};

int main(void)
{
	for (int i = 0; i < 11; i++) {
		int r = atoi(in[i]);
		printf("%d\n", r);
		CHECK(r == want[i]);
	}
	return done();
}
