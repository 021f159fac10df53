// SPDX-License-Identifier: Apache-2.0
// __builtin_bswap16, __builtin_bswap32 and __builtin_bswap64, and byte reversal by hand
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

static uint32_t rev32(uint32_t v)
{
	return (v >> 24) | ((v >> 8) & 0xFF00u) | ((v << 8) & 0xFF0000u) | (v << 24);
}

int main(void)
{
	CHECK(__builtin_bswap32(0x11223344u) == 0x44332211u);
	CHECK(__builtin_bswap16(0xABCD) == 0xCDAB);
	CHECK(__builtin_bswap64(0x0102030405060708ULL) == 0x0807060504030201ULL);
	uint32_t x = 0xDEADBEEFu, acc = 0;
	for (int i = 0; i < 32; i++) {
		x = x * 2654435761u + 1u;
		CHECK(__builtin_bswap32(x) == rev32(x));
		CHECK(__builtin_bswap32(__builtin_bswap32(x)) == x);
		acc ^= __builtin_bswap32(x);
	}
	printf("%x %llx\n", acc, (unsigned long long)__builtin_bswap64(0xFFULL));
	return done();
}
