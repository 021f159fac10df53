// SPDX-License-Identifier: Apache-2.0
// calls through function pointers with six arguments of mixed types
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

static long f1(int a, long b, unsigned char c, short d, long long e, unsigned f)
{
	return a + b + c + d + (long)e + (long)f;
}
static long f2(int a, long b, unsigned char c, short d, long long e, unsigned f)
{
	return (long)a * b - c * d + (long)(e % 1000) - (long)(f & 0xff);
}
static long f3(int a, long b, unsigned char c, short d, long long e, unsigned f)
{
	return (a ^ c) + (b > e ? 1 : 0) + d - (long)(f >> 4);
}
typedef long (*six)(int, long, unsigned char, short, long long, unsigned);

int main(void)
{
	six fs[3] = {f1, f2, f3};
	long acc = 0;
	for (int i = 0; i < 9; i++) {
		long r = fs[i % 3](i - 4, 100000L * i, (unsigned char)(200 + i), (short)(-300 * i),
		                   5000000000LL + i, 0xABCDu + (unsigned)i);
		printf("%ld\n", r);
		acc += r;
	}
	CHECK(acc == 15003556518L);
	return done();
}
