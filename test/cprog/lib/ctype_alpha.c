// SPDX-License-Identifier: Apache-2.0
// isalpha, isupper, islower, isalnum, isdigit: all of 0..255 and EOF, counted and checksummed
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
	unsigned sum = 0;
	int n[5] = {0, 0, 0, 0, 0};
	for (int c = -1; c < 256; c++) {
		int a = isalpha(c) != 0, u = isupper(c) != 0, l = islower(c) != 0;
		int an = isalnum(c) != 0, d = isdigit(c) != 0;
		n[0] += a, n[1] += u, n[2] += l, n[3] += an, n[4] += d;
		sum = sum * 33u + (unsigned)(a | u << 1 | l << 2 | an << 3 | d << 4);
		CHECK(a == (u || l));
		CHECK(an == (a || d));
		CHECK(d == (c >= '0' && c <= '9'));
	}
	printf("alpha %d upper %d lower %d alnum %d digit %d sum %u\n", n[0], n[1], n[2], n[3], n[4], sum);
	CHECK(n[0] == 52 && n[1] == 26 && n[2] == 26 && n[3] == 62 && n[4] == 10);
	CHECK(!isalpha(EOF) && !isdigit(EOF));
	return done();
}
