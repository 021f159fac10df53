// SPDX-License-Identifier: Apache-2.0
/* Corpus: multiplications whose operands have low bits known to be zero, which the multiplier leaves out and
 * the product regains as a shift (cdfg/value_bits.c's tz), and products of a narrow by a wide operand, which
 * Kiln writes as a sum of slice products where that takes fewer DSPs (sched_mul_split): softfloat's
 * mul64To128 on shifted significands (CHStone dfmul's shape), signed operands, a product of a constant, and
 * operands shifted further than a shared multiplier's width (its sign repeated). corpus_dspshare_multrim
 * builds it with --dsp-max 0, so that products of one width with different shifts share multipliers. */
#include <kiln/device.h>

/* softfloat's mul64To128, as float64_mul calls it on significands shifted left 10 and 11 */
static void mul64to128(unsigned long long a, unsigned long long b, unsigned long long *hi,
                       unsigned long long *lo)
{
	unsigned a_lo = (unsigned)a, a_hi = (unsigned)(a >> 32), b_lo = (unsigned)b,
	         b_hi = (unsigned)(b >> 32);
	unsigned long long z1 = (unsigned long long)a_lo * b_lo;
	unsigned long long mid_a = (unsigned long long)a_lo * b_hi, mid_b = (unsigned long long)a_hi * b_lo;
	unsigned long long z0 = (unsigned long long)a_hi * b_hi;
	mid_a += mid_b;
	z0 += ((unsigned long long)(mid_a < mid_b) << 32) + (mid_a >> 32);
	mid_a <<= 32;
	z1 += mid_a;
	z0 += z1 < mid_a;
	*hi = z0;
	*lo = z1;
}

/* An inner loop of unknown trip count keeps the products in the sequential code, in states of their own. */
KILN_SINGLE_TASK_KERNEL void sigmul(unsigned long long *out, const unsigned long long *a,
                                    const unsigned long long *b, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned long long x = ((a[i] & 0xfffffffffffffull) | 0x10000000000000ull) << 10;
		unsigned long long y = ((b[i] & 0xfffffffffffffull) | 0x10000000000000ull) << 11;
		unsigned long long hi, lo;
		mul64to128(x, y, &hi, &lo);
		for (unsigned k = 0; k < (unsigned)(a[i] & 3u); k++)
			hi ^= lo >> k;
		out[2 * i] = hi;
		out[2 * i + 1] = lo;
	}
}

/* Signed operands with low zero bits, a 32-bit product of two shifted values, a constant with low zero bits,
 * and a 64-bit operand shifted left 40 (24 bits left) beside 33-bit ones. */
KILN_SINGLE_TASK_KERNEL void shifted(long long *out, const int *a, const int *b, int n)
{
	for (int i = 0; i < n; i++) {
		int x = a[i], y = b[i];
		long long p = (long long)(x << 8) * (long long)(y & ~0x3ff);
		unsigned q = ((unsigned)x << 4) * ((unsigned)y << 2);
		for (int k = 0; k < (x & 3); k++)
			p += (long long)q * 0x5000;
		long long r = (long long)((unsigned long long)(unsigned)y << 40) * (long long)(x | 1);
		for (int k = 0; k < (y & 3); k++)
			r ^= p >> k;
		long long s = (long long)(unsigned)x * (long long)(unsigned)(y >> 7);
		out[3 * i] = p;
		out[3 * i + 1] = r + s;
		out[3 * i + 2] = (long long)q;
	}
}

/* A pipelined loop: its products keep multipliers of their own, a split one among them. */
KILN_SINGLE_TASK_KERNEL void piped(unsigned long long *restrict out, const unsigned *restrict a,
                                   const unsigned *restrict b, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = (unsigned long long)(a[i] & 0xfffff800u) * (b[i] | 0x80000000u) +
		         (unsigned long long)(a[i] >> 9) * (unsigned long long)(b[i] << 3);
}

#ifdef KILN_HARNESS
KT_TEST(sigmul)
{
	unsigned long long *o = KT_BUF(unsigned long long, 40), *a = KT_BUF(unsigned long long, 20),
	                   *b = KT_BUF(unsigned long long, 20);
	KT_RUN(sigmul, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 20));
}

KT_TEST(shifted)
{
	long long *o = KT_BUF(long long, 60);
	int *a = KT_BUF(int, 20), *b = KT_BUF(int, 20);
	KT_RUN(shifted, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 20));
}

KT_TEST(piped)
{
	unsigned long long *o = KT_BUF(unsigned long long, 32);
	unsigned *a = KT_BUF(unsigned, 32), *b = KT_BUF(unsigned, 32);
	KT_RUN(piped, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 32));
}
#endif
