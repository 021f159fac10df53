// SPDX-License-Identifier: Apache-2.0
// inttypes.h: imaxabs, imaxdiv, strtoimax and strtoumax
#include <inttypes.h>
#include <stdint.h>
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
	CHECK(imaxabs(-5) == 5);
	CHECK(imaxabs(INTMAX_MAX) == INTMAX_MAX);
	imaxdiv_t d = imaxdiv(-100000000001LL, 10);
	CHECK(d.quot == -10000000000LL && d.rem == -1);
	char *end;
	intmax_t a = strtoimax("-0x7fffffffffffffff!", &end, 16);
	CHECK(a == -INTMAX_MAX && *end == '!');
	uintmax_t b = strtoumax("777", NULL, 8);
	CHECK(b == 511);
	printf("%jd %jd %jd %ju\n", d.quot, d.rem, a, b);
	return done();
}
