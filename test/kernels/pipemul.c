// SPDX-License-Identifier: Apache-2.0
/* Corpus: pipelined loops whose products, on a board of few DSPs, take turns on shared multipliers in the
 * cycles of the loop's stage (kiln-cc --dsp-max; sched_muls_per_cycle, hls/emit/bind_mul.c): three and four
 * 32-bit products an iteration, one feeding the next, one stored straight away, and a product carried to
 * the next iteration. */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void three(unsigned *restrict out, const unsigned *restrict a,
                                   const unsigned *restrict b, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned x = a[i], y = b[i];
		out[i] = x * y + (x + 1u) * (y - 7u) + (x ^ 0x55u) * (y | 1u);
	}
}

KILN_SINGLE_TASK_KERNEL void chained(unsigned *restrict out, const unsigned *restrict a, int n)
{
	unsigned h = 2166136261u;
	for (int i = 0; i < n; i++) {
		unsigned x = a[i];
		unsigned p = x * (x >> 7);
		h = (h ^ p) * 16777619u;
		out[i] = h + p * (x | 3u) + (h >> 5) * x;
	}
}

#ifdef KILN_HARNESS
KT_TEST(three)
{
	unsigned *o = KT_BUF(unsigned, 40), *a = KT_BUF(unsigned, 40), *b = KT_BUF(unsigned, 40);
	KT_RUN(three, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 40));
}
KT_TEST(chained)
{
	unsigned *o = KT_BUF(unsigned, 40), *a = KT_BUF(unsigned, 40);
	KT_RUN(chained, KT_P(o), KT_P(a), KT_V(int, 40));
}
#endif
