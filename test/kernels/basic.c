// SPDX-License-Identifier: Apache-2.0
/* Corpus: basic loops over device memory, scalar arithmetic, local arrays and tables. */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void vadd(int *a, const int *b, int n)
{
	for (int i = 0; i < n; i++)
		a[i] += b[i];
}

KILN_SINGLE_TASK_KERNEL void saxpy64(long long *y, const long long *x, long long k, int n)
{
	for (int i = 0; i < n; i++)
		y[i] = k * x[i] + y[i];
}

static const unsigned char perm[16] = {3, 14, 1, 9, 0, 7, 12, 5, 10, 2, 15, 8, 4, 11, 6, 13};

KILN_SINGLE_TASK_KERNEL void permute(unsigned char *out, const unsigned char *in, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = in[(i & ~15) + perm[i & 15]];
}

KILN_SINGLE_TASK_KERNEL void reverse_local(short *v)
{
	short loc[32];
	for (int i = 0; i < 32; i++)
		loc[i] = v[i];
	for (int i = 0; i < 32; i++)
		v[i] = (short)(loc[31 - i] * 3);
}

KILN_SINGLE_TASK_KERNEL void divmod(int *q, unsigned *r, const int *a, const int *b, int n)
{
	for (int i = 0; i < n; i++) {
		int d = b[i] == 0 ? 1 : b[i];
		if (a[i] == (int)0x80000000 && d == -1)
			d = 1;
		q[i] = a[i] / d;
		r[i] = (unsigned)a[i] % (unsigned)d;
	}
}

KILN_ND_RANGE_KERNEL(1) void scale(int *v, int k)
{
	v[kiln_global_id(0)] *= k;
}

#ifdef KILN_HARNESS
KT_TEST(vadd)
{
	int *a = KT_BUF(int, 64), *b = KT_BUF(int, 64);
	KT_RUN(vadd, KT_P(a), KT_P(b), KT_V(int, 64));
	KT_RUN(vadd, KT_P(a + 3), KT_P(b), KT_V(int, 7));
}
KT_TEST(saxpy64)
{
	long long *y = KT_BUF(long long, 40), *x = KT_BUF(long long, 40);
	KT_RUN(saxpy64, KT_P(y), KT_P(x), KT_V(long long, -123456789012345LL), KT_V(int, 40));
}
KT_TEST(permute)
{
	unsigned char *o = KT_BUF(unsigned char, 64), *i = KT_BUF(unsigned char, 64);
	KT_RUN(permute, KT_P(o), KT_P(i), KT_V(int, 64));
}
KT_TEST(reverse_local)
{
	short *v = KT_BUF(short, 32);
	KT_RUN(reverse_local, KT_P(v));
}
KT_TEST(divmod)
{
	int *q = KT_BUF(int, 24), *a = KT_BUF(int, 24), *b = KT_BUF(int, 24);
	unsigned *r = KT_BUF(unsigned, 24);
	for (int i = 0; i < 24; i += 3)
		b[i] &= 0xff;
	KT_RUN(divmod, KT_P(q), KT_P(r), KT_P(a), KT_P(b), KT_V(int, 24));
}
KT_TEST(scale)
{
	int *v = KT_BUF(int, 48);
	KT_RUN_ND(scale, 1, KT_DIMS(48, 1, 1), KT_DIMS(8, 1, 1), KT_P(v), KT_V(int, -7));
}
#endif
