// SPDX-License-Identifier: Apache-2.0
// unsigned wrap-around and shifts below the width: additions, negation, rotations, masks
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

static uint32_t rotl(uint32_t v, unsigned s)
{
	s &= 31;
	return s ? (v << s) | (v >> (32 - s)) : v;
}

int main(void)
{
	unsigned a = 0xFFFFFFFFu;
	a += 2;
	CHECK(a == 1);
	unsigned n = -a;
	CHECK(n == 0xFFFFFFFFu);
	uint16_t h = 0;
	h -= 1;
	CHECK(h == 65535);
	uint32_t x = 0x80000001u, acc = 0;
	for (unsigned s = 0; s < 40; s++)
		acc += rotl(x, s) ^ (x >> (s & 31)) ^ (x << (s % 32));
	uint64_t big = UINT64_MAX;
	big *= big;
	printf("%u %u %u %u %llu\n", a, n, h, acc, (unsigned long long)big);
	CHECK(big == 1);
	CHECK(rotl(x, 1) == 3u && rotl(x, 32) == x);
	return done();
}
