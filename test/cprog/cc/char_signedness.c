// SPDX-License-Identifier: Apache-2.0
// signed char and unsigned char: conversions, comparisons and arithmetic at the limits
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
	signed char sc = -1;
	unsigned char uc = 255;
	CHECK(sc != uc);
	CHECK((unsigned char)sc == uc);
	CHECK(sc < 0 && uc > 0);
	int i = sc, j = uc;
	CHECK(i == -1 && j == 255);
	signed char lo = -128, hi = 127;
	int span = hi - lo;
	unsigned char wrap = (unsigned char)(uc + 1);
	unsigned char bytes[4] = {0x80, 0x7F, 0xFF, 0x00};
	int ssum = 0, usum = 0;
	for (int k = 0; k < 4; k++) {
		usum += bytes[k];
		ssum += (signed char)(bytes[k] > 127 ? bytes[k] - 256 : bytes[k]);
	}
	printf("%d %d %d %u %d %d\n", i, j, span, wrap, ssum, usum);
	CHECK(span == 255 && wrap == 0 && ssum == -2 && usum == 510);
	return done();
}
