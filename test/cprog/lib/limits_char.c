// SPDX-License-Identifier: Apache-2.0
// limits.h: CHAR_BIT, SCHAR_*, UCHAR_MAX and the byte-sized values at the limits
#include <limits.h>
#include <stdio.h>

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
	printf("%d %d %d %d\n", CHAR_BIT, SCHAR_MIN, SCHAR_MAX, UCHAR_MAX);
	CHECK(CHAR_BIT == 8);
	CHECK(SCHAR_MIN == -128 && SCHAR_MAX == 127 && UCHAR_MAX == 255);
	CHECK(CHAR_MIN == SCHAR_MIN || CHAR_MIN == 0);
	signed char sc = SCHAR_MIN;
	unsigned char uc = UCHAR_MAX;
	CHECK(sc + 0 == -128 && uc + 0 == 255);
	uc++;
	CHECK(uc == 0);
	CHECK(MB_LEN_MAX >= 1);
	return done();
}
