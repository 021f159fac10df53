// SPDX-License-Identifier: Apache-2.0
// sqrt, sqrtf, fma and fmaf over edge values and random operands (products near the addend), bit for bit
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const uint64_t edge[] = {
    0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x000fffffffffffff, 0x0010000000000000,
    0x7fefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0x3ff0000000000000,
    0xbff0000000000000, 0x3ff0000000000001, 0x4000000000000000, 0x4008000000000000, 0x3fe0000000000000,
    0x4340000000000001, 0x3ca0000000000000, 0xc01c000000000000};
#define NE (sizeof edge / sizeof edge[0])

static uint64_t hash = 14695981039346656037ull;

static void mixd(double x)
{
	uint64_t u;
	memcpy(&u, &x, 8);
	hash = (hash ^ (x != x ? 1 : u)) * 1099511628211ull;
}

static void mixf(float x)
{
	uint32_t u;
	memcpy(&u, &x, 4);
	hash = (hash ^ (x != x ? 1 : u)) * 1099511628211ull;
}

static double dbl(uint64_t u)
{
	double d;
	memcpy(&d, &u, 8);
	return d;
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static float flt(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

int main(void)
{
	for (unsigned i = 0; i < NE; i++) {
		double a = dbl(edge[i]);
		mixd(sqrt(a));
		mixf(sqrtf((float)a));
		for (unsigned j = 0; j < NE; j++)
			for (unsigned k = 0; k < NE; k += 3) {
				double b = dbl(edge[j]), c = dbl(edge[k]);
				mixd(fma(a, b, c));
				mixf(fmaf((float)a, (float)b, (float)c));
			}
	}
	printf("edges: hash %016llx\n", (unsigned long long)hash);
	for (int r = 0; r < 300; r++) {
		double a = dbl(next()), b = dbl(next());
		double c = -(a * b) * (1.0 + dbl(0x3cb0000000000000ull) * (double)(r % 7));
		float fa = flt((uint32_t)next()), fb = flt((uint32_t)next());
		float fc = r & 1 ? -(fa * fb) : flt((uint32_t)next());
		mixd(sqrt(a < 0 ? -a : a));
		mixd(fma(a, b, c));
		mixf(sqrtf(fa < 0 ? -fa : fa));
		mixf(fmaf(fa, fb, fc));
	}
	printf("random: hash %016llx\n", (unsigned long long)hash);
	printf("ok\n");
	return 0;
}
