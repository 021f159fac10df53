// SPDX-License-Identifier: Apache-2.0
// stdint.h: exact-width types, their wrap-around in unsigned arithmetic and their limits
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
	uint8_t a = 250;
	a += 10;
	uint16_t b = 65535;
	b++;
	uint32_t c = 4000000000u;
	c *= 3;
	uint64_t d = UINT64_C(0xFFFFFFFFFFFFFFFF);
	d += 2;
	int8_t e = INT8_MIN;
	int32_t f = INT32_MAX;
	int64_t g = INT64_MIN;
	printf("%u %u %u %llu\n", a, b, c, (unsigned long long)d);
	printf("%d %d %lld\n", e, f, (long long)g);
	CHECK(a == 4 && b == 0 && c == 3410065408u && d == 1);
	CHECK(sizeof(int8_t) == 1 && sizeof(int16_t) == 2 && sizeof(int32_t) == 4 && sizeof(int64_t) == 8);
	CHECK(INT16_MAX == 32767 && UINT8_MAX == 255 && UINT32_MAX == 4294967295u);
	CHECK(INT64_C(-1) < 0 && UINT16_MAX == 65535);
	return done();
}
