// SPDX-License-Identifier: Apache-2.0
// float +, -, *, / over all pairs of edge values and random bit patterns, hashed bit for bit
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const uint32_t edge[] = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000,
    0x00800001, 0x7f7fffff, 0xff7fffff, 0x7f000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
    0x3f800000, 0xbf800000, 0x3f800001, 0x3f7fffff, 0x3fc00000, 0x40200000, 0x4b800001, 0x33800000,
    0x34000000, 0x00400000, 0x0c000000, 0x73000000, 0x3eaaaaab, 0x40490fdb};
#define NE (sizeof edge / sizeof edge[0])

static uint32_t hash = 2166136261u;
static unsigned count;

static void mix(float x)
{
	uint32_t u;
	memcpy(&u, &x, 4);
	if (x != x) /* NaN payloads aside */
		u = 0x7fc00000;
	hash = (hash ^ u) * 16777619u;
	count++;
}

static float fl(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static uint32_t rng = 2463534242u;
static uint32_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static void ops(float a, float b)
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
	printf("edges: %u results, hash %08x\n", count, hash);
	for (int r = 0; r < 400; r++) {
		uint32_t a = next(), b = next();
		if (r & 1) /* close operands: cancellation and rounding near halfway */
			b = (a & 0xff800000) ^ (next() & 0x807fffff & (r & 2 ? 0x8000000f : 0xffffffff));
		ops(fl(a), fl(b));
	}
	printf("random: %u results, hash %08x\n", count, hash);
	printf("ok\n");
	return 0;
}
