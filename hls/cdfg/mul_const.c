// SPDX-License-Identifier: Apache-2.0
/* A multiplication by a constant of few signed digits is a few adders, as Bambu's IR_lowering expands
 * constant multiplications: x * 255 is (x << 8) - x. Synthesis builds a DSP multiplier for any non-constant
 * looking product (yosys maps x * 255 onto DSP48s, three of them at 64 bits), and LLVM folds the shifts and
 * adds back into the multiplication, so the kernel's IR keeps the product and only the CDFG takes it apart.
 * The digits are C's non-adjacent form, the signed-digit form with the fewest non-zero digits; a term
 * shifted out of W bits vanishes, so a negative constant takes the digits of its signed value. */
#include "mul_const.h"

static uint64_t mask_of(int w)
{
	return w >= 64 ? ~0ull : (1ull << w) - 1;
}

int mul_const_digits(uint64_t c, int w, mul_digit *d)
{
	if (w < 1 || w > 64)
		return -1;
	c &= mask_of(w);
	if (!c)
		return -1;
	/* the signed value of C, exactly, in 128 bits */
	__int128 n = (__int128)c;
	if ((c >> (w - 1)) & 1)
		n -= (__int128)1 << w;
	int k = 0;
	for (int s = 0; n != 0 && s < w; s++, n >>= 1) {
		if (!(n & 1))
			continue;
		int digit = 2 - (int)(n & 3); /* +1 or -1: leaves a multiple of 4 */
		if (k == MUL_CONST_MAX_DIGITS)
			return -1;
		d[k++] = (mul_digit){s, digit < 0};
		n -= digit;
	}
	return k;
}

uint64_t mul_const_apply(const mul_digit *d, int n, int w, uint64_t x)
{
	uint64_t r = 0;
	for (int i = 0; i < n; i++) {
		uint64_t t = d[i].shift < 64 ? x << d[i].shift : 0;
		r = d[i].neg ? r - t : r + t;
	}
	return r & mask_of(w);
}
