// SPDX-License-Identifier: Apache-2.0
/* The constant multiplications as shifts and adders (hls/cdfg/mul_const.h) against C's multiplication: every
 * constant and factor of up to 10 bits, and the constants of up to 10 bits that any sum of at most
 * MUL_CONST_MAX_DIGITS signed powers of two reaches (found by enumerating those sums) must be exactly the
 * ones given digits; wide constants against random factors at 16, 32 and 64 bits. */
#include <stdint.h>
#include <string.h>

#include "hls/cdfg/mul_const.h"
#include "test/harness.h"

static uint64_t rng = 0x2545F4914F6CDD1Dull;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static uint64_t mask(int w)
{
	return w >= 64 ? ~0ull : (1ull << w) - 1;
}

/* REACH[c] = 1 for each W-bit constant some sum of up to LEFT more signed digits added to ACC reaches. */
static void reach(unsigned char *r, int w, int from, int left, uint64_t acc)
{
	r[acc & mask(w)] = 1;
	if (!left)
		return;
	for (int s = from; s < w; s++) {
		reach(r, w, s + 1, left - 1, acc + (1ull << s));
		reach(r, w, s + 1, left - 1, acc - (1ull << s));
	}
}

/* Whether the N digits D of a constant of W bits multiply every factor X as X * C does. */
static int exact(const mul_digit *d, int n, int w, uint64_t c, uint64_t *bad)
{
	for (uint64_t x = 0; x < (1ull << w); x++)
		if (mul_const_apply(d, n, w, x) != ((x * c) & mask(w))) {
			*bad = x;
			return 0;
		}
	return 1;
}

int main(void)
{
	static unsigned char r[1 << 10];
	int ok = 1, minimal = 1, bw = 0;
	uint64_t bc = 0, bad = 0;
	for (int w = 1; w <= 10 && ok && minimal; w++) {
		memset(r, 0, sizeof r);
		reach(r, w, 0, MUL_CONST_MAX_DIGITS, 0);
		for (uint64_t c = 0; c < (1ull << w) && ok && minimal; c++) {
			mul_digit d[MUL_CONST_MAX_DIGITS];
			int n = mul_const_digits(c, w, d);
			bw = w;
			bc = c;
			if (n > 0)
				ok = exact(d, n, w, c, &bad);
			minimal = (n > 0) == (c != 0 && r[c]);
		}
	}
	KT_CHECK(ok, "every constant's digits multiply every factor as C does, up to 10 bits",
	         "w %d: %llu * %llu", bw, (unsigned long long)bad, (unsigned long long)bc);
	KT_CHECK(minimal, "exactly the constants of at most 3 signed digits get digits, up to 10 bits",
	         "w %d: constant %llu", bw, (unsigned long long)bc);

	int wide = 1, used = 0;
	static const int widths[] = {16, 32, 64};
	for (int i = 0; i < 30000 && wide; i++) {
		int w = widths[i % 3];
		/* constants built of 1 to 4 signed digits, so that most have digits */
		uint64_t c = 0;
		for (int k = (int)(next() % 4); k >= 0; k--)
			c += (next() & 1 ? 1 : -1) * (1ull << (next() % (uint64_t)w));
		c &= mask(w);
		mul_digit d[MUL_CONST_MAX_DIGITS];
		int n = mul_const_digits(c, w, d);
		if (n <= 0)
			continue;
		used++;
		for (int j = 0; j < 64 && wide; j++) {
			uint64_t x = next() & mask(w);
			if (mul_const_apply(d, n, w, x) != ((x * c) & mask(w))) {
				wide = 0;
				bc = c;
				bad = x;
				bw = w;
			}
		}
	}
	KT_CHECK(wide && used > 10000, "wide constants against random factors at 16, 32 and 64 bits",
	         "w %d: %llu * %llu (%d constants)", bw, (unsigned long long)bad, (unsigned long long)bc,
	         used);

	mul_digit d[MUL_CONST_MAX_DIGITS];
	KT_CHECK(mul_const_digits(255, 64, d) == 2 && mul_const_digits(-44ull, 64, d) == 3 &&
	             mul_const_digits(564, 64, d) == -1 && mul_const_digits(0, 32, d) == -1 &&
	             mul_const_digits(0x8000000000000000ull, 64, d) == 1 && mul_const_digits(7, 0, d) == -1,
	         "255 is two digits, -44 three, 564 four (a multiplier), 0 none, 2^63 one", "%s", "");
	return KT_DONE();
}
