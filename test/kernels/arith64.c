// SPDX-License-Identifier: Apache-2.0
/* Corpus: 64-bit and mixed-width arithmetic, division of every width and signedness. */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void mulhi64(unsigned long long *hi, const unsigned long long *a,
                                     const unsigned long long *b, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned long long al = a[i] & 0xffffffffu, ah = a[i] >> 32, bl = b[i] & 0xffffffffu,
		                   bh = b[i] >> 32;
		unsigned long long ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
		unsigned long long mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
		hi[i] = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	}
}

KILN_SINGLE_TASK_KERNEL void div64(long long *q, unsigned long long *r, const long long *a,
                                   const long long *b, int n)
{
	for (int i = 0; i < n; i++) {
		long long d = b[i] >> (i & 31);
		if (d == 0 || (d == -1 && a[i] == (long long)0x8000000000000000ULL))
			d = 3;
		q[i] = a[i] / d;
		r[i] = (unsigned long long)a[i] % (unsigned long long)d;
	}
}

KILN_SINGLE_TASK_KERNEL void div_small(signed char *s8, unsigned short *u16, const signed char *a,
                                       const unsigned short *b, int n)
{
	for (int i = 0; i < n; i++) {
		signed char d = (signed char)(a[(i + 1) % n] | 1);
		if (a[i] == -128 && d == -1)
			d = 1;
		s8[i] = (signed char)(a[i] / d + a[i] % d);
		unsigned short e = (unsigned short)(b[(i + 3) % n] | 1);
		u16[i] = (unsigned short)(b[i] / e * 7 + b[i] % e);
	}
}

KILN_SINGLE_TASK_KERNEL void mixed_width(long long *out, const signed char *a, const short *b,
                                         const unsigned *c, int n)
{
	for (int i = 0; i < n; i++) {
		long long x = a[i] * (long long)b[i];
		unsigned long long y = (unsigned long long)c[i] << 17;
		out[i] = x * 1000003 - (long long)(y >> 3) + ((long long)a[i] << 40);
	}
}

KILN_SINGLE_TASK_KERNEL void compare64(int *out, const long long *a, const long long *b, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned long long ua = (unsigned long long)a[i], ub = (unsigned long long)b[i];
		out[i] = (a[i] < b[i]) | (a[i] >= b[i]) << 1 | (ua < ub) << 2 | (ua >= ub) << 3 |
		         (a[i] == b[i]) << 4 | ((a[i] >> 32) > (b[i] >> 40)) << 5;
	}
}

KILN_SINGLE_TASK_KERNEL void poly_eval(long long *y, const long long *x, int n)
{
	static const long long c[6] = {7, -3, 11, 0, -19, 2};
	for (int i = 0; i < n; i++) {
		long long acc = 0;
		for (int k = 5; k >= 0; k--)
			acc = acc * (x[i] >> 40) + c[k];
		y[i] = acc;
	}
}

KILN_SINGLE_TASK_KERNEL void mod_pow(unsigned *out, const unsigned *base, const unsigned *exp, unsigned m,
                                     int n)
{
	for (int i = 0; i < n; i++) {
		unsigned long long r = 1, b = base[i] % m;
		unsigned e = exp[i] & 0xfff;
		while (e) {
			if (e & 1)
				r = r * b % m;
			b = b * b % m;
			e >>= 1;
		}
		out[i] = (unsigned)r;
	}
}

/* Products by constants of one to four signed digits in every width: the CDFG makes those of up to three
 * shifts and adders (hls/cdfg/mul_const.c), negative ones included; records of 12 bytes indexed too.
 * Unsigned, so that the products wrap as the hardware's do (a signed overflow would be undefined). */
struct rec12 {
	int a, b, c;
};

KILN_SINGLE_TASK_KERNEL void const_products(unsigned long long *o64, unsigned *o32, unsigned short *o16,
                                            unsigned char *o8, const unsigned long long *a,
                                            const struct rec12 *r, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned long long x = a[i];
		unsigned y = (unsigned)x;
		unsigned short z = (unsigned short)(x >> 7);
		unsigned char c = (unsigned char)(x >> 3);
		o64[i] = x * 255 - x * 44 + (unsigned long long)((long long)(x * -44ull) >> 3) + x * 564 +
		         x * 0x8000000000000001ull;
		o32[i] = y * 12 + y * -8u + y * 0x7fffffffu + y * 0xfffffffdu + (unsigned)r[i].b * 3;
		o16[i] = (unsigned short)(z * 255u + z * -3u + z * 0x4001u);
		o8[i] = (unsigned char)(c * 3u + c * -127u + c * 96u);
	}
}

#ifdef KILN_HARNESS
KT_TEST(mulhi64)
{
	unsigned long long *h = KT_BUF(unsigned long long, 16), *a = KT_BUF(unsigned long long, 16),
	                   *b = KT_BUF(unsigned long long, 16);
	KT_RUN(mulhi64, KT_P(h), KT_P(a), KT_P(b), KT_V(int, 16));
}
KT_TEST(div64)
{
	long long *q = KT_BUF(long long, 16), *a = KT_BUF(long long, 16), *b = KT_BUF(long long, 16);
	unsigned long long *r = KT_BUF(unsigned long long, 16);
	KT_RUN(div64, KT_P(q), KT_P(r), KT_P(a), KT_P(b), KT_V(int, 16));
}
KT_TEST(div_small)
{
	signed char *s = KT_BUF(signed char, 20), *a = KT_BUF(signed char, 20);
	unsigned short *u = KT_BUF(unsigned short, 20), *b = KT_BUF(unsigned short, 20);
	KT_RUN(div_small, KT_P(s), KT_P(u), KT_P(a), KT_P(b), KT_V(int, 20));
}
KT_TEST(mixed_width)
{
	long long *o = KT_BUF(long long, 20);
	signed char *a = KT_BUF(signed char, 20);
	short *b = KT_BUF(short, 20);
	unsigned *c = KT_BUF(unsigned, 20);
	KT_RUN(mixed_width, KT_P(o), KT_P(a), KT_P(b), KT_P(c), KT_V(int, 20));
}
KT_TEST(compare64)
{
	int *o = KT_BUF(int, 24);
	long long *a = KT_BUF(long long, 24), *b = KT_BUF(long long, 24);
	b[3] = a[3];
	KT_RUN(compare64, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 24));
}
KT_TEST(poly_eval)
{
	long long *y = KT_BUF(long long, 12), *x = KT_BUF(long long, 12);
	KT_RUN(poly_eval, KT_P(y), KT_P(x), KT_V(int, 12));
}
KT_TEST(mod_pow)
{
	unsigned *o = KT_BUF(unsigned, 8), *b = KT_BUF(unsigned, 8), *e = KT_BUF(unsigned, 8);
	KT_RUN(mod_pow, KT_P(o), KT_P(b), KT_P(e), KT_V(unsigned, 1000003), KT_V(int, 8));
}
KT_TEST(const_products)
{
	unsigned long long *o64 = KT_BUF(unsigned long long, 20), *a = KT_BUF(unsigned long long, 20);
	unsigned *o32 = KT_BUF(unsigned, 20);
	unsigned short *o16 = KT_BUF(unsigned short, 20);
	unsigned char *o8 = KT_BUF(unsigned char, 20);
	struct rec12 *r = KT_BUF(struct rec12, 20);
	KT_RUN(const_products, KT_P(o64), KT_P(o32), KT_P(o16), KT_P(o8), KT_P(a), KT_P(r), KT_V(int, 20));
}
#endif
