// SPDX-License-Identifier: Apache-2.0
/* Corpus: bit manipulation and the integer intrinsics clang emits for ordinary C. */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void popcounts(unsigned *out, const unsigned long long *in, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = (unsigned)__builtin_popcountll(in[i]) +
		         ((unsigned)__builtin_popcount((unsigned)in[i]) << 8);
}

KILN_SINGLE_TASK_KERNEL void leading_trailing(unsigned *out, const unsigned *in, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned x = in[i] | 1u, y = in[i] | 0x80000000u;
		out[i] = (unsigned)__builtin_clz(x) | (unsigned)__builtin_ctz(y) << 8 |
		         (unsigned)__builtin_clzll((unsigned long long)x << 7) << 16;
	}
}

KILN_SINGLE_TASK_KERNEL void byteswaps(unsigned long long *a, unsigned *b, unsigned short *c, int n)
{
	for (int i = 0; i < n; i++) {
		a[i] = __builtin_bswap64(a[i]);
		b[i] = __builtin_bswap32(b[i]);
		c[i] = __builtin_bswap16(c[i]);
	}
}

KILN_SINGLE_TASK_KERNEL void bitreverse(unsigned *v, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned x = v[i], r = 0;
		for (int b = 0; b < 32; b++)
			r |= ((x >> b) & 1u) << (31 - b);
		v[i] = r;
	}
}

static unsigned rotl32(unsigned x, unsigned s)
{
	return (x << (s & 31)) | (x >> ((32 - s) & 31));
}

KILN_SINGLE_TASK_KERNEL void rotates(unsigned *v, unsigned long long *w, const unsigned char *s, int n)
{
	for (int i = 0; i < n; i++) {
		v[i] = rotl32(v[i], s[i]) ^ rotl32(v[i], 13);
		unsigned k = s[i] & 63;
		w[i] = (w[i] >> k) | (w[i] << ((64 - k) & 63));
	}
}

KILN_SINGLE_TASK_KERNEL void minmax_abs(int *out, const int *a, const int *b, int n)
{
	for (int i = 0; i < n; i++) {
		int x = a[i] >> 1, y = b[i] >> 1;
		int mn = x < y ? x : y, mx = x > y ? x : y;
		unsigned umn = (unsigned)a[i] < (unsigned)b[i] ? (unsigned)a[i] : (unsigned)b[i];
		int ab = x < 0 ? -x : x;
		out[4 * i] = mn;
		out[4 * i + 1] = mx;
		out[4 * i + 2] = (int)umn;
		out[4 * i + 3] = ab;
	}
}

KILN_SINGLE_TASK_KERNEL void saturating(unsigned char *u, signed char *s, const unsigned char *a, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned sum = (unsigned)u[i] + a[i];
		u[i] = sum > 255 ? 255 : (unsigned char)sum;
		int d = (int)s[i] - (int)(signed char)a[i];
		s[i] = (signed char)(d > 127 ? 127 : d < -128 ? -128 : d);
	}
}

KILN_SINGLE_TASK_KERNEL void overflow_checks(int *flags, int *res, const int *a, const int *b, int n)
{
	for (int i = 0; i < n; i++) {
		int r1, r2, r3;
		unsigned u1;
		int f = __builtin_sadd_overflow(a[i], b[i], &r1);
		f |= __builtin_ssub_overflow(a[i], b[i], &r2) << 1;
		f |= __builtin_smul_overflow(a[i] >> 8, b[i] >> 4, &r3) << 2;
		f |= __builtin_uadd_overflow((unsigned)a[i], (unsigned)b[i], &u1) << 3;
		unsigned long long u64;
		f |= __builtin_umulll_overflow((unsigned long long)(unsigned)a[i] << 20,
		                               (unsigned long long)(unsigned)b[i] << 16, &u64)
		     << 4;
		flags[i] = f;
		res[3 * i] = r1 ^ r2;
		res[3 * i + 1] = r3;
		res[3 * i + 2] = (int)u1 ^ (int)u64;
	}
}

KILN_SINGLE_TASK_KERNEL void gray_parity(unsigned *v, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned g = v[i] ^ (v[i] >> 1);
		v[i] = g ^ ((unsigned)__builtin_parity(v[i]) << 31);
	}
}

KILN_SINGLE_TASK_KERNEL void morton(unsigned *out, const unsigned short *x, const unsigned short *y, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned r = 0;
		for (int b = 0; b < 16; b++)
			r |= ((unsigned)(x[i] >> b & 1) << (2 * b)) |
			     ((unsigned)(y[i] >> b & 1) << (2 * b + 1));
		out[i] = r;
	}
}

KILN_SINGLE_TASK_KERNEL void shifts(long long *v, const unsigned char *s, int n)
{
	for (int i = 0; i < n; i++) {
		int k = s[i] & 63;
		long long x = v[i];
		v[i] = (x >> k) ^ (long long)((unsigned long long)x >> k) ^
		       (long long)((unsigned long long)x << (k & 31));
	}
}

#ifdef KILN_HARNESS
KT_TEST(popcounts)
{
	unsigned *o = KT_BUF(unsigned, 32);
	unsigned long long *i = KT_BUF(unsigned long long, 32);
	KT_RUN(popcounts, KT_P(o), KT_P(i), KT_V(int, 32));
}
KT_TEST(leading_trailing)
{
	unsigned *o = KT_BUF(unsigned, 32), *i = KT_BUF(unsigned, 32);
	for (int k = 0; k < 32; k++)
		i[k] >>= k;
	KT_RUN(leading_trailing, KT_P(o), KT_P(i), KT_V(int, 32));
}
KT_TEST(byteswaps)
{
	unsigned long long *a = KT_BUF(unsigned long long, 16);
	unsigned *b = KT_BUF(unsigned, 16);
	unsigned short *c = KT_BUF(unsigned short, 16);
	KT_RUN(byteswaps, KT_P(a), KT_P(b), KT_P(c), KT_V(int, 16));
}
KT_TEST(bitreverse)
{
	unsigned *v = KT_BUF(unsigned, 20);
	KT_RUN(bitreverse, KT_P(v), KT_V(int, 20));
}
KT_TEST(rotates)
{
	unsigned *v = KT_BUF(unsigned, 24);
	unsigned long long *w = KT_BUF(unsigned long long, 24);
	unsigned char *s = KT_BUF(unsigned char, 24);
	KT_RUN(rotates, KT_P(v), KT_P(w), KT_P(s), KT_V(int, 24));
}
KT_TEST(minmax_abs)
{
	int *o = KT_BUF(int, 128), *a = KT_BUF(int, 32), *b = KT_BUF(int, 32);
	KT_RUN(minmax_abs, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 32));
}
KT_TEST(saturating)
{
	unsigned char *u = KT_BUF(unsigned char, 48), *a = KT_BUF(unsigned char, 48);
	signed char *s = KT_BUF(signed char, 48);
	KT_RUN(saturating, KT_P(u), KT_P(s), KT_P(a), KT_V(int, 48));
}
KT_TEST(overflow_checks)
{
	int *f = KT_BUF(int, 32), *r = KT_BUF(int, 96), *a = KT_BUF(int, 32), *b = KT_BUF(int, 32);
	for (int k = 0; k < 32; k += 4)
		a[k] >>= 12;
	KT_RUN(overflow_checks, KT_P(f), KT_P(r), KT_P(a), KT_P(b), KT_V(int, 32));
}
KT_TEST(gray_parity)
{
	unsigned *v = KT_BUF(unsigned, 33);
	KT_RUN(gray_parity, KT_P(v), KT_V(int, 33));
}
KT_TEST(morton)
{
	unsigned *o = KT_BUF(unsigned, 16);
	unsigned short *x = KT_BUF(unsigned short, 16), *y = KT_BUF(unsigned short, 16);
	KT_RUN(morton, KT_P(o), KT_P(x), KT_P(y), KT_V(int, 16));
}
KT_TEST(shifts)
{
	long long *v = KT_BUF(long long, 40);
	unsigned char *s = KT_BUF(unsigned char, 40);
	KT_RUN(shifts, KT_P(v), KT_P(s), KT_V(int, 40));
}
#endif
