// SPDX-License-Identifier: Apache-2.0
/* Corpus: multiplications of the sequential code (outside pipelined loops) in many states and widths, for
 * binding to share when a board's DSPs are few (kiln-cc --dsp-max; hls/emit/bind_mul.c): products of 16, 32
 * and 64 bits, operands narrowed by masks and extensions, a product feeding the next, and products whose
 * operands come late in their state or whose result goes on through more logic. */
#include <kiln/device.h>

/* An inner loop of unknown trip count keeps the outer loop's body sequential code. */
KILN_SINGLE_TASK_KERNEL void mix32(unsigned *out, const unsigned *a, const unsigned short *b, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned x = a[i], y = b[i];
		unsigned p = x * y;
		unsigned q = (p ^ (p >> 13)) * 0x5bd1e995u;
		unsigned r = (q + x) * (y | 1u);
		unsigned s = r * r + (x >> 3) * (q >> 7);
		for (unsigned k = 0; k < (y & 3u); k++)
			s = (s ^ k) + x;
		out[i] = s ^ (q * (unsigned)(i + 11));
	}
}

KILN_SINGLE_TASK_KERNEL void mix64(unsigned long long *out, const unsigned long long *a, const int *c, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned long long x = a[i], h = x * 0x9e3779b97f4a7c15ull;
		h ^= h >> 29;
		h *= (unsigned long long)(long long)c[i] | 1u;
		unsigned long long lo = (x & 0xffffffffu) * (h & 0xffffu);
		for (int k = 0; k < (c[i] & 3); k++)
			h = (h << 1) ^ lo;
		out[i] = h * (x >> 40) + lo;
	}
}

/* 16-bit products, each a narrow multiplier, and a sum of products in one state. */
KILN_SINGLE_TASK_KERNEL void dot16(short *out, const short *a, const short *b, int n)
{
	for (int i = 0; i + 3 < n; i += 4) {
		short s = (short)(a[i] * b[i] + a[i + 1] * b[i + 1]);
		short t = (short)(a[i + 2] * b[i + 2] - a[i + 3] * b[i + 3]);
		for (int k = 0; k < (a[i] & 1); k++)
			s = (short)(s + t);
		out[i / 4] = (short)(s * t);
	}
}

/* Two pipelined loops that multiply: each keeps a multiplier, pipelined or taking turns in its own stage;
 * only sequential, as a board of too few DSPs for that has them (kfunc.mul_serial's last level), do all
 * their products share one. */
KILN_SINGLE_TASK_KERNEL void two_loops(unsigned *restrict out, const unsigned *restrict a, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = a[i] * (a[i] >> 3);
	for (int i = 0; i < n; i++)
		out[n + i] = a[i] * 0x9e3779b1u + (a[i] ^ 5u) * a[n - 1 - i];
}

#ifdef KILN_HARNESS
KT_TEST(mix32)
{
	unsigned *o = KT_BUF(unsigned, 24), *a = KT_BUF(unsigned, 24);
	unsigned short *b = KT_BUF(unsigned short, 24);
	KT_RUN(mix32, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 24));
}
KT_TEST(mix64)
{
	unsigned long long *o = KT_BUF(unsigned long long, 20), *a = KT_BUF(unsigned long long, 20);
	int *c = KT_BUF(int, 20);
	KT_RUN(mix64, KT_P(o), KT_P(a), KT_P(c), KT_V(int, 20));
}
KT_TEST(two_loops)
{
	unsigned *o = KT_BUF(unsigned, 32), *a = KT_BUF(unsigned, 16);
	KT_RUN(two_loops, KT_P(o), KT_P(a), KT_V(int, 16));
}
KT_TEST(dot16)
{
	short *o = KT_BUF(short, 8), *a = KT_BUF(short, 32), *b = KT_BUF(short, 32);
	KT_RUN(dot16, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 32));
}
#endif
