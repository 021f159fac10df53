// SPDX-License-Identifier: Apache-2.0
/* The constant-division plans (hls/lower/const_div.h) against the C division they replace: every dividend
 * and divisor of up to 12 bits, every dividend of 16 bits for a sample of divisors, and for 32 bits the
 * dividends at the edges (0, the multiples of the divisor and their neighbours, the top of the range) and a
 * seeded random sample, for small, prime, power-of-two-neighbour and 33-bit-magic divisors. */
#include <stdint.h>

#include "hls/lower/const_div.h"
#include "test/harness.h"

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* The first X for which the plan for D at W bits gives a wrong quotient, or -1 (as uint64_t) if none. */
static int check_one(unsigned w, uint64_t d, uint64_t x, uint64_t *bad)
{
	const_div_plan p = const_div_plan_for(w, d);
	if (const_div_apply(&p, x) != x / d) {
		*bad = x;
		return 0;
	}
	return 1;
}

int main(void)
{
	uint64_t bad = 0;
	int ok = 1;
	unsigned bw = 0;
	uint64_t bd = 0;
	for (unsigned w = 1; w <= 12 && ok; w++)
		for (uint64_t d = 1; d < (1ull << w) && ok; d++)
			for (uint64_t x = 0; x < (1ull << w) && ok; x++)
				if (!(ok = check_one(w, d, x, &bad))) {
					bw = w;
					bd = d;
				}
	KT_CHECK(ok, "every dividend and divisor up to 12 bits", "w %u: %llu / %llu", bw,
	         (unsigned long long)bad, (unsigned long long)bd);

	ok = 1;
	for (uint64_t i = 0; i < 400 && ok; i++) {
		uint64_t d = i < 300 ? i + 1 : 1 + next() % 0xFFFF;
		for (uint64_t x = 0; x < 0x10000 && ok; x++)
			if (!(ok = check_one(16, d, x, &bad)))
				bd = d;
	}
	KT_CHECK(ok, "every 16-bit dividend for 400 divisors", "%llu / %llu", (unsigned long long)bad,
	         (unsigned long long)bd);

	static const uint64_t fixed[] = {
	    3,          5,          6,          7,          10,         11,         13,
	    25,         60,         100,        641,        1000,       65535,      65537,
	    0x7FFFFFFF, 0x80000001, 0xFFFFFFFE, 0xFFFFFFFF, 1000000007, 0x40000001, 7 * 7 * 7};
	ok = 1;
	int mul_add = 0;
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0] + 3000 && ok; i++) {
		uint64_t d = i < sizeof fixed / sizeof fixed[0] ? fixed[i] : 2 + next() % 0xFFFFFFFEull;
		const_div_plan p = const_div_plan_for(32, d);
		mul_add |= p.kind == CD_MUL_ADD;
		uint64_t edge[] = {0,
		                   1,
		                   d - 1,
		                   d,
		                   d + 1,
		                   0xFFFFFFFFull,
		                   0xFFFFFFFEull,
		                   0x80000000ull,
		                   0x7FFFFFFFull,
		                   (0xFFFFFFFFull / d) * d,
		                   (0xFFFFFFFFull / d) * d - 1};
		for (size_t e = 0; e < sizeof edge / sizeof edge[0] && ok; e++)
			if (edge[e] <= 0xFFFFFFFFull && !(ok = check_one(32, d, edge[e], &bad)))
				bd = d;
		for (int r = 0; r < 2000 && ok; r++)
			if (!(ok = check_one(32, d, next() & 0xFFFFFFFFull, &bad)))
				bd = d;
	}
	KT_CHECK(ok, "32-bit dividends at the edges and at random, 3021 divisors", "%llu / %llu",
	         (unsigned long long)bad, (unsigned long long)bd);
	KT_CHECK(mul_add && const_div_plan_for(32, 7).kind == CD_MUL_ADD &&
	             const_div_plan_for(32, 10).kind == CD_MUL && const_div_plan_for(16, 7).kind == CD_MUL,
	         "the 33-bit magic's fix-up is exercised (32 bits by 7), a 32-bit magic where one exists",
	         "kinds %d %d %d", const_div_plan_for(32, 7).kind, const_div_plan_for(32, 10).kind,
	         const_div_plan_for(16, 7).kind);
	KT_CHECK(const_div_plan_for(64, 1ull << 40).kind == CD_SHIFT &&
	             const_div_plan_for(64, 10).kind == CD_NONE &&
	             const_div_plan_for(32, 0).kind == CD_NONE && const_div_plan_for(33, 3).kind == CD_NONE,
	         "64-bit dividends only by powers of two; no plan for 0 or for wide dividends", "%s", "");
	return KT_DONE();
}
