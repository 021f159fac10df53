// SPDX-License-Identifier: Apache-2.0
// function pointers with 64-bit arguments and results (uint64_t hash steps)
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

static uint64_t h_fnv(uint64_t h, uint64_t v)
{
	return (h ^ v) * 1099511628211ULL;
}
static uint64_t h_mix(uint64_t h, uint64_t v)
{
	h += v * 0x9E3779B97F4A7C15ULL;
	return h ^ (h >> 29);
}
static uint64_t h_rot(uint64_t h, uint64_t v)
{
	return ((h << 13) | (h >> 51)) + v;
}
static uint64_t (*const hs[3])(uint64_t, uint64_t) = {h_fnv, h_mix, h_rot};

int main(void)
{
	uint64_t h = 14695981039346656037ULL;
	for (uint64_t i = 0; i < 30; i++)
		h = hs[i % 3](h, i * i + 0x100000000ULL);
	printf("%llu %llx\n", (unsigned long long)h, (unsigned long long)(h >> 32));
	CHECK(hs[0](0, 1) == 1099511628211ULL);
	CHECK(hs[2](1, 0) == 8192);
	CHECK(h != 0);
	return done();
}
