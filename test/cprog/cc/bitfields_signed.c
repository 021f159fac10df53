// SPDX-License-Identifier: Apache-2.0
// explicitly signed bit-fields holding negative values, and bit-fields of several base types
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

struct s {
	signed int a : 4;
	signed int b : 7;
	unsigned char c : 3;
	unsigned short d : 9;
	_Bool e : 1;
};

int main(void)
{
	struct s v = {-8, 63, 7, 511, 1};
	CHECK(v.a == -8 && v.b == 63 && v.c == 7 && v.d == 511 && v.e);
	v.a = 7;
	v.b = -64;
	CHECK(v.a == 7 && v.b == -64);
	int sum = 0;
	for (int i = -8; i < 8; i++) {
		v.a = i;
		sum += v.a * 3;
	}
	v.e = 5;
	CHECK(v.e == 1);
	v.c = (unsigned char)(v.c + 1);
	printf("%d %d %d %u %d\n", sum, v.a, v.b, v.c, v.e);
	CHECK(sum == -24 && v.c == 0);
	return done();
}
