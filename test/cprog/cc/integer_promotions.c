// SPDX-License-Identifier: Apache-2.0
// integer promotions and the usual arithmetic conversions (small types become int; signed meets unsigned)
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
	unsigned char a = 200, b = 100;
	unsigned short h = 65535;
	CHECK(a + b == 300);
	CHECK(sizeof(a + b) == sizeof(int) && sizeof(+a) == sizeof(int));
	CHECK(~a == -201);
	CHECK((unsigned char)~a == 55);
	CHECK(h + 1 == 65536);
	CHECK((h << 15) == 2147450880);
	int neg = -1;
	unsigned one = 1;
	CHECK(neg > one);
	CHECK((long long)neg < one);
	unsigned zero = 0;
	CHECK(zero - 1 > 0);
	long l = -1;
	CHECK(l < 1u);
	short s = -300;
	CHECK(s * 200 == -60000);
	printf("%d %d %u %d\n", a + b, ~a, zero - 1, s * 200);
	return done();
}
