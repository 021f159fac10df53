// SPDX-License-Identifier: Apache-2.0
// inttypes.h: the PRId64, PRIu64, PRIx64, PRIX32, PRIu8, PRId16, PRIo32 and PRIdMAX macros
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
	int64_t a = -1234567890123LL;
	uint64_t b = 18446744073709551615ULL;
	uint32_t c = 0xDEADBEEFu;
	uint8_t d = 255;
	int16_t e = -32768;
	intmax_t m = INTMAX_MIN;
	printf("%" PRId64 " %" PRIu64 " %" PRIx64 "\n", a, b, b);
	printf("%" PRIX32 " %" PRIu8 " %" PRId16 " %" PRIo32 "\n", c, d, e, c);
	printf("%" PRIdMAX " %" PRIi32 " %" PRIxLEAST16 "\n", m, (int32_t)-5, (uint_least16_t)0xBEEF);
	CHECK(a < 0 && b == UINT64_MAX && m == INT64_MIN);
	return done();
}
