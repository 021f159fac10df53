// SPDX-License-Identifier: Apache-2.0
// stdint.h: mixing widths, promotion of uint8_t and uint16_t, SIZE_MAX, INTPTR limits
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
	uint8_t x = 200, y = 100;
	int sum = x + y;
	uint8_t wrapped = (uint8_t)(x + y);
	uint16_t h = 60000;
	uint32_t prod = (uint32_t)h * h;
	int32_t neg = -1;
	uint32_t asu = (uint32_t)neg;
	uint64_t wide = (uint64_t)asu << 8;
	printf("%d %u %u %u %llu\n", sum, wrapped, prod, asu, (unsigned long long)wide);
	CHECK(sum == 300 && wrapped == 44);
	CHECK(prod == 3600000000u);
	CHECK(asu == UINT32_MAX && wide == 0xFFFFFFFF00ULL);
	CHECK(SIZE_MAX == UINT64_MAX && INTPTR_MAX == INT64_MAX && UINTPTR_MAX == UINT64_MAX);
	CHECK(PTRDIFF_MIN == INT64_MIN);
	return done();
}
