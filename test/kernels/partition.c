// SPDX-License-Identifier: Apache-2.0
/* Corpus: array partitioning (kiln/device.h's KILN_PARTITION_*, hls/cdfg/mem_partition.c). Each shape twice
 * where it matters, with and without the directive, so test/hls/partition-test.sh can compare their II:
 * an unrolled dot product over a cyclic local array and a cyclic constant table (every access's bank known),
 * a block partition read at i and i + N/2, a complete partition indexed by data (every access reaches every
 * bank), a scatter into a cyclic array (stores predicated per bank, some under an if), a cleared array (its
 * memset split per bank), 64-bit and byte elements, and a partitioned global variable. */
#include <kiln/device.h>

#define PN 64

static const int ptab[PN] KILN_PARTITION_CYCLIC(4) = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3,
                                                      2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5};
/* not the same contents, or LLVM would merge the two tables into one */
static const int ptab_plain[PN] = {2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5,
                                   2, 3, 5, 3, 6, 0, 2, 8, 7, 4, 7, 1, 3, 5, 2, 6};

/* a[4i..4i+3] and ptab[4i..4i+3] in one cycle: four banks each, where one memory's two ports take two. */
KILN_SINGLE_TASK_KERNEL void part_dot4(int *restrict out, const int *restrict in)
{
	int a[PN] KILN_PARTITION_CYCLIC(4);
	for (int i = 0; i < PN; i++)
		a[i] = in[i];
	for (int i = 0; i < PN / 4; i++)
		out[i] = a[4 * i] * ptab[4 * i] + a[4 * i + 1] * ptab[4 * i + 1] +
		         a[4 * i + 2] * ptab[4 * i + 2] + a[4 * i + 3] * ptab[4 * i + 3];
}

KILN_SINGLE_TASK_KERNEL void nopart_dot4(int *restrict out, const int *restrict in)
{
	int a[PN];
	for (int i = 0; i < PN; i++)
		a[i] = in[i];
	for (int i = 0; i < PN / 4; i++)
		out[i] = a[4 * i] * ptab_plain[4 * i] + a[4 * i + 1] * ptab_plain[4 * i + 1] +
		         a[4 * i + 2] * ptab_plain[4 * i + 2] + a[4 * i + 3] * ptab_plain[4 * i + 3];
}

/* The same halves without the directive. */
KILN_SINGLE_TASK_KERNEL void nopart_halves(int *restrict out, const int *restrict in)
{
	int a[PN];
	for (int i = 0; i < PN; i++)
		a[i] = in[i] ^ (i * 7);
	for (int i = 0; i < PN / 2; i++)
		out[i] = a[i] - a[i + PN / 2] + a[PN / 2 - 1 - i];
}

/* The two halves of one array at once. */
KILN_SINGLE_TASK_KERNEL void part_halves(int *restrict out, const int *restrict in)
{
	int a[PN] KILN_PARTITION_BLOCK(2);
	for (int i = 0; i < PN; i++)
		a[i] = in[i] ^ (i * 7);
	for (int i = 0; i < PN / 2; i++)
		out[i] = a[i] - a[i + PN / 2] + a[PN / 2 - 1 - i];
}

/* Indexed by data: each read selects among eight banks, each write goes to the bank its index names. */
KILN_SINGLE_TASK_KERNEL void part_hist(int *restrict out, const unsigned char *restrict in, int n)
{
	int h[8] KILN_PARTITION_COMPLETE;
	for (int i = 0; i < 8; i++)
		h[i] = i;
	for (int i = 0; i < n; i++)
		h[in[i] & 7] += in[i] >> 3;
	for (int i = 0; i < 8; i++)
		out[i] = h[i] + h[7 - i];
}

/* A scatter: the banks of cyclic 4 picked per iteration, the store under an if in half the cases. */
KILN_SINGLE_TASK_KERNEL void part_scatter(int *restrict out, const int *restrict idx, const int *restrict v,
                                          int n)
{
	int a[PN] KILN_PARTITION_CYCLIC(4) = {0};
	for (int i = 0; i < n; i++) {
		int j = idx[i] & (PN - 1);
		if (v[i] & 1)
			a[j] = v[i];
		else
			a[j] += 1;
	}
	for (int i = 0; i < PN; i++)
		out[i] = a[i];
}

/* 64-bit elements (a bank a word of 8 bytes) and bytes (a bank a word of 4). */
KILN_SINGLE_TASK_KERNEL void part_wide(long long *restrict out, const long long *restrict in,
                                       unsigned char *restrict bytes)
{
	long long w[16] KILN_PARTITION_CYCLIC(2);
	unsigned char c[64] KILN_PARTITION_CYCLIC(4);
	for (int i = 0; i < 16; i++)
		w[i] = in[i] * 3;
	for (int i = 0; i < 64; i++)
		c[i] = (unsigned char)(in[i & 15] >> (i & 7));
	for (int i = 0; i < 8; i++)
		out[i] = w[2 * i] + w[2 * i + 1];
	for (int i = 0; i < 16; i++)
		bytes[i] = (unsigned char)(c[4 * i] + c[4 * i + 1] + c[4 * i + 2] + c[63 - i]);
}

/* A global variable of the kernel's own, kept between runs. */
static int pstate[16] KILN_PARTITION_CYCLIC(2) = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

KILN_SINGLE_TASK_KERNEL void part_global(int *restrict out, int k)
{
	for (int i = 0; i < 8; i++) {
		int t = pstate[2 * i] + k;
		pstate[2 * i] = pstate[2 * i + 1];
		pstate[2 * i + 1] = t;
	}
	for (int i = 0; i < 16; i++)
		out[i] = pstate[(i + k) & 15];
}

#ifdef KILN_HARNESS
KT_TEST(part_dot4)
{
	int *o = KT_BUF(int, PN / 4), *in = KT_BUF(int, PN);
	KT_RUN(part_dot4, KT_P(o), KT_P(in));
	KT_RUN(nopart_dot4, KT_P(o), KT_P(in));
}
KT_TEST(part_halves)
{
	int *o = KT_BUF(int, PN / 2), *in = KT_BUF(int, PN);
	KT_RUN(part_halves, KT_P(o), KT_P(in));
	KT_RUN(nopart_halves, KT_P(o), KT_P(in));
}
KT_TEST(part_hist)
{
	int *o = KT_BUF(int, 8);
	unsigned char *in = KT_BUF(unsigned char, 100);
	KT_RUN(part_hist, KT_P(o), KT_P(in), KT_V(int, 100));
	KT_RUN(part_hist, KT_P(o), KT_P(in), KT_V(int, 1));
	KT_RUN(part_hist, KT_P(o), KT_P(in), KT_V(int, 0));
}
KT_TEST(part_scatter)
{
	int *o = KT_BUF(int, PN), *idx = KT_BUF(int, 80), *v = KT_BUF(int, 80);
	KT_RUN(part_scatter, KT_P(o), KT_P(idx), KT_P(v), KT_V(int, 80));
	KT_RUN(part_scatter, KT_P(o), KT_P(idx), KT_P(v), KT_V(int, 3));
}
KT_TEST(part_wide)
{
	long long *o = KT_BUF(long long, 8), *in = KT_BUF(long long, 16);
	unsigned char *b = KT_BUF(unsigned char, 16);
	KT_RUN(part_wide, KT_P(o), KT_P(in), KT_P(b));
}
KT_TEST(part_global)
{
	int *o = KT_BUF(int, 16);
	KT_RUN(part_global, KT_P(o), KT_V(int, 3));
	KT_RUN(part_global, KT_P(o), KT_V(int, 11));
}
#endif
