// SPDX-License-Identifier: Apache-2.0
// inline assembly with an empty template: compiler barriers and value hiders, as benchmarks write them
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

/* the optimiser may not know what comes back */
static int opaque(int x)
{
	asm("" : "+r"(x));
	return x;
}

static long long opaque64(long long x)
{
	long long y;
	asm("" : "=r"(y) : "0"(x));
	return y;
}

static unsigned buf[16];

int main(void)
{
	int sum = 0;
	for (int i = 0; i < 10; i++) {
		asm volatile("" ::: "memory");
		sum += opaque(i);
	}
	CHECK(sum == 45);
	/* a store the barrier keeps, read back after it */
	for (int i = 0; i < 16; i++) {
		buf[i] = (unsigned)i * 3u;
		asm volatile("" : : "g"(buf[i]) : "memory");
	}
	unsigned t = 0;
	for (int i = 0; i < 16; i++)
		t += buf[i];
	CHECK(t == 360);
	/* a value kept alive, two outputs tied to two inputs */
	int a = 7, b = 9;
	asm("" ::"r"(a));
	asm("" : "+r"(a), "+r"(b));
	CHECK(a == 7 && b == 9);
	CHECK(opaque64(-1234567890123LL) == -1234567890123LL);
	asm volatile("");
	asm volatile("\n\t");
	printf("sum %d t %u\n", sum, t);
	return done();
}
