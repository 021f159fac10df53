// SPDX-License-Identifier: Apache-2.0
/* Corpus: 64-bit elements in on-chip memories. An array of 64-bit elements read and written whole becomes a
 * RAM of 64-bit words (one access per element); narrower views of the same array (a union, a byte pointer)
 * use its byte lanes; the copy engine works on it a 64-bit word at a time. */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void wide_prefix(long long *out, const long long *in, int n)
{
	long long acc[32];
	for (int i = 0; i < 32; i++)
		acc[i] = in[i % n] * (i + 1);
	for (int i = 1; i < 32; i++)
		acc[i] += acc[i - 1];
	for (int i = 0; i < n; i++)
		out[i] = acc[(i * 7) & 31] ^ acc[31 - (i & 31)];
}

KILN_SINGLE_TASK_KERNEL void wide_table(unsigned long long *out, const unsigned *idx, int n)
{
	static const unsigned long long t[16] = {
	    0x0123456789abcdefULL, 0xfedcba9876543210ULL, 0x8000000000000001ULL, 0x7fffffffffffffffULL,
	    0x00000000ffffffffULL, 0xffffffff00000000ULL, 0x0f0f0f0f0f0f0f0fULL, 0xf0f0f0f0f0f0f0f0ULL,
	    0x1111111122222222ULL, 0x3333333344444444ULL, 0x5555555566666666ULL, 0x7777777788888888ULL,
	    0x9999999aaaaaaaabULL, 0xbbbbbbbcccccccccULL, 0xdddddddeeeeeeeefULL, 0x0000000000000001ULL};
	for (int i = 0; i < n; i++)
		out[i] = t[idx[i] & 15] + (t[(idx[i] >> 4) & 15] >> (idx[i] & 63));
}

/* The same local memory seen as 64-bit, 32-bit, 16-bit and 8-bit elements: every lane of the wide word. */
KILN_SINGLE_TASK_KERNEL void wide_views(unsigned *out, const unsigned long long *in, int n)
{
	union {
		unsigned long long q[8];
		unsigned w[16];
		unsigned short h[32];
		unsigned char b[64];
	} u;
	for (int i = 0; i < 8; i++)
		u.q[i] = in[i % n];
	for (int i = 0; i < 16; i++)
		u.w[i] ^= (unsigned)i * 0x01010101u;
	u.h[5] = 0xbeef;
	u.b[13] = 0x5a;
	u.b[62] = (unsigned char)n;
	for (int i = 0; i < 64; i += 5)
		out[i / 5] = u.b[i] + u.h[i / 2] + u.w[i / 4] + (unsigned)(u.q[i / 8] >> (i & 31));
}

/* A global table of 64-bit counters, initialised, updated on every run. */
static unsigned long long counters[4] = {1, 2, 3, 0x100000000ULL};

KILN_SINGLE_TASK_KERNEL void wide_counters(unsigned long long *out, int k)
{
	counters[k & 3] += 0xffffffffULL;
	for (int i = 0; i < 4; i++)
		out[i] = counters[i];
}

/* Records with a 64-bit field, copied with memcpy: the arrays keep 64-bit words and the copy engine moves
 * them 8 bytes at a time. */
struct rec {
	long long key;
	int val;
	short tag;
};

KILN_SINGLE_TASK_KERNEL void wide_records(long long *out, const long long *in, int n)
{
	struct rec a[6], b[6];
	for (int i = 0; i < 6; i++) {
		a[i].key = in[i % n] - i;
		a[i].val = (int)in[i % n];
		a[i].tag = (short)i;
	}
	__builtin_memcpy(b, a, sizeof a);
	for (int i = 0; i < 6; i++)
		out[i] = b[5 - i].key + b[i % n].val * b[i].tag; /* a loop kept (unroll_small) */
}

/* A loop over a local 64-bit array that pipelines. */
KILN_SINGLE_TASK_KERNEL void wide_pipe(long long *out, const long long *in, int n)
{
	long long buf[64];
	for (int i = 0; i < 64; i++)
		buf[i] = in[i & 15] + i;
	long long s = 0;
	for (int i = 0; i < 64; i++)
		s += buf[i] * 3;
	out[0] = s;
	(void)n;
}

/* Copies on memories of 64-bit words: the copy engine moves 8 bytes a cycle between two of them, 4 between
 * one and a 32-bit port, bytes where a side is misaligned; memmoves on one memory both ways; memsets. */
KILN_SINGLE_TASK_KERNEL void wide_copies(unsigned long long *out, const unsigned long long *in, int n)
{
	unsigned long long a[16], b[16];
	unsigned c[8];
	for (int i = 0; i < 16; i++)
		a[i] = in[i] * 0x9E3779B97F4A7C15ull + (unsigned long long)i;
	for (int i = 0; i < 8; i++)
		c[i] = (unsigned)in[i] ^ 0xC3u;
	__builtin_memcpy(b, a, sizeof b);                          /* 8-byte words */
	__builtin_memcpy((char *)b + 4, (const char *)a + 12, 52); /* equally misaligned: bytes, words */
	__builtin_memcpy((char *)b + 65, (const char *)a + 3, 30); /* unequally: bytes */
	__builtin_memmove(b + 1, b, 6 * sizeof *b);                /* onto a higher address: from the end */
	__builtin_memmove(b + 9, (char *)b + 76, 20);              /* onto a lower one */
	__builtin_memcpy((char *)a + 8, c, sizeof c);              /* from a 32-bit memory */
	__builtin_memset((char *)a + 43, 0x5A, 29);
	__builtin_memset(a + 12, 0, (unsigned)n * sizeof *a);     /* a run-time length */
	__builtin_memcpy(a + 2, in + 2, (unsigned)n * sizeof *a); /* from a module port */
	for (int i = 0; i < 16; i++)
		b[i] ^= a[15 - i] >> (i & 7);
	__builtin_memcpy(out, b, sizeof b); /* to a module port */
	__builtin_memcpy(out + 16, a, sizeof a);
}

#ifdef KILN_HARNESS
KT_TEST(wide_prefix)
{
	long long *o = KT_BUF(long long, 40), *a = KT_BUF(long long, 40);
	KT_RUN(wide_prefix, KT_P(o), KT_P(a), KT_V(int, 40));
}
KT_TEST(wide_table)
{
	unsigned long long *o = KT_BUF(unsigned long long, 24);
	unsigned *x = KT_BUF(unsigned, 24);
	KT_RUN(wide_table, KT_P(o), KT_P(x), KT_V(int, 24));
}
KT_TEST(wide_views)
{
	unsigned *o = KT_BUF(unsigned, 13);
	unsigned long long *a = KT_BUF(unsigned long long, 8);
	KT_RUN(wide_views, KT_P(o), KT_P(a), KT_V(int, 8));
}
KT_TEST(wide_counters)
{
	unsigned long long *o = KT_BUF(unsigned long long, 4);
	KT_RUN(wide_counters, KT_P(o), KT_V(int, 1));
	KT_RUN(wide_counters, KT_P(o), KT_V(int, 3));
	KT_RUN(wide_counters, KT_P(o), KT_V(int, 3));
}
KT_TEST(wide_records)
{
	long long *o = KT_BUF(long long, 6), *a = KT_BUF(long long, 6);
	KT_RUN(wide_records, KT_P(o), KT_P(a), KT_V(int, 6));
}
KT_TEST(wide_pipe)
{
	long long *o = KT_BUF(long long, 1), *a = KT_BUF(long long, 16);
	KT_RUN(wide_pipe, KT_P(o), KT_P(a), KT_V(int, 16));
}
KT_TEST(wide_copies)
{
	unsigned long long *o = KT_BUF(unsigned long long, 32), *a = KT_BUF(unsigned long long, 16);
	KT_RUN(wide_copies, KT_P(o), KT_P(a), KT_V(int, 3));
	KT_RUN(wide_copies, KT_P(o), KT_P(a), KT_V(int, 0));
}
#endif
