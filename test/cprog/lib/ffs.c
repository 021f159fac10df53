// SPDX-License-Identifier: Apache-2.0
// ffs from strings.h: position of the lowest set bit, for int, long and long long
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
	CHECK(ffs(0) == 0);
	CHECK(ffs(1) == 1);
	CHECK(ffs(8) == 4);
	CHECK(ffs(-2147483647 - 1) == 32);
	CHECK(ffsl(0x100000000L) == 33);
	CHECK(ffsll(0x8000000000000000LL >> 1) == 63);
	unsigned s = 0;
	for (int i = 0; i < 64; i++)
		s = s * 5u + (unsigned)ffs(i * 12);
	printf("%u\n", s);
	return done();
}
