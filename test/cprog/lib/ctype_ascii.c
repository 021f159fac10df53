// SPDX-License-Identifier: Apache-2.0
// isascii and toascii (BSD/SVID extensions of ctype.h)
#include <ctype.h>
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
	int n = 0;
	unsigned sum = 0;
	for (int c = -1; c < 300; c++) {
		n += isascii(c) != 0;
		sum = sum * 7u + (unsigned)toascii(c);
		CHECK((isascii(c) != 0) == (c >= 0 && c < 128));
		CHECK(toascii(c) == (c & 0x7f));
	}
	printf("ascii %d sum %u\n", n, sum);
	CHECK(n == 128);
	return done();
}
