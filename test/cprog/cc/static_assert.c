// SPDX-License-Identifier: Apache-2.0
// _Static_assert at file scope, in a block and in a struct; static_assert from assert.h
#include <assert.h>
#include <limits.h>
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

_Static_assert(sizeof(int) == 4, "int is 32 bits");
_Static_assert(CHAR_BIT == 8, "bytes are 8 bits");
static_assert(sizeof(uint64_t) == 8, "uint64_t");

struct hdr {
	uint16_t kind;
	uint16_t len;
	_Static_assert(1 + 1 == 2, "inside a struct");
	uint32_t crc;
};

int main(void)
{
	_Static_assert(sizeof(struct hdr) == 8, "no padding");
	enum { N = 6 };
	_Static_assert(N * 2 == 12, "enum constant");
	struct hdr h = {1, N, 0xFFFFu};
	printf("%u %u %u %zu\n", h.kind, h.len, h.crc, sizeof h);
	CHECK(h.len == 6);
	return done();
}
