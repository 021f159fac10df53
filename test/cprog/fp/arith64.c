// SPDX-License-Identifier: Apache-2.0
// double +, -, *, / over all pairs of edge values and random bit patterns, hashed bit for bit
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const uint64_t edge[] = {
    0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001, 0x000fffffffffffff,
    0x800fffffffffffff, 0x0010000000000000, 0x8010000000000000, 0x0010000000000001, 0x7fefffffffffffff,
    0xffefffffffffffff, 0x7fe0000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
    0x7ff0000000000001, 0x3ff0000000000000, 0xbff0000000000000, 0x3ff0000000000001, 0x3fefffffffffffff,
    0x3ff8000000000000, 0x4004000000000000, 0x4340000000000001, 0x3ca0000000000000, 0x3cb0000000000000,
    0x0008000000000000, 0x0180000000000000, 0x7e60000000000000, 0x3fd5555555555555, 0x400921fb54442d18};
#define NE (sizeof edge / sizeof edge[0])

static uint64_t hash = 14695981039346656037ull;
static unsigned count;

static void mix(double x)
{
	uint64_t u;
	memcpy(&u, &x, 8);
	if (x != x) /* NaN payloads aside */
		u = 0x7ff8000000000000ull;
	hash = (hash ^ u) * 1099511628211ull;
	count++;
}

static double fl(uint64_t u)
{
	double f;
	memcpy(&f, &u, 8);
	return f;
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void ops(double a, double b)
{
	mix(a + b);
	mix(a - b);
	mix(a * b);
	mix(a / b);
}

int main(void)
{
	for (unsigned i = 0; i < NE; i++)
		for (unsigned j = 0; j < NE; j++)
			ops(fl(edge[i]), fl(edge[j]));
	printf("edges: %u results, hash %016llx\n", count, (unsigned long long)hash);
	for (int r = 0; r < 400; r++) {
		uint64_t a = next(), b = next();
		if (r & 1) /* close operands: cancellation and rounding near halfway */
			b = (a & 0xfff0000000000000ull) ^
			    (next() & 0x800fffffffffffffull & (r & 2 ? 0x800000000000000full : ~0ull));
		ops(fl(a), fl(b));
	}
	printf("random: %u results, hash %016llx\n", count, (unsigned long long)hash);
	printf("ok\n");
	return 0;
}
