// SPDX-License-Identifier: Apache-2.0
/* Corpus: nd-range kernels of 1, 2 and 3 dimensions (the hardware iterates the range itself). */
#include <kiln/device.h>

KILN_ND_RANGE_KERNEL(1) void nd_saxpy(int *y, const int *x, int a)
{
	size_t i = kiln_global_id(0);
	y[i] = a * x[i] + y[i];
}

KILN_ND_RANGE_KERNEL(1) void nd_groups(unsigned *out)
{
	size_t i = kiln_global_id(0);
	out[i] = (unsigned)(kiln_group_id(0) << 16 | kiln_local_id(0) << 8 | kiln_local_range(0)) ^
	         (unsigned)kiln_global_range(0) << 24;
}

KILN_ND_RANGE_KERNEL(2) void nd_matadd(int *c, const int *a, const int *b)
{
	size_t x = kiln_global_id(0), y = kiln_global_id(1), w = kiln_global_range(0);
	c[y * w + x] = a[y * w + x] - b[y * w + x];
}

KILN_ND_RANGE_KERNEL(2) void nd_matmul(int *c, const int *a, const int *b, int n)
{
	size_t col = kiln_global_id(0), row = kiln_global_id(1);
	int s = 0;
	for (int k = 0; k < n; k++)
		s += a[row * n + k] * b[k * n + col];
	c[row * n + col] = s;
}

KILN_ND_RANGE_KERNEL(3) void nd_volume(unsigned short *v)
{
	size_t x = kiln_global_id(0), y = kiln_global_id(1), z = kiln_global_id(2);
	size_t w = kiln_global_range(0), h = kiln_global_range(1);
	size_t i = (z * h + y) * w + x;
	v[i] = (unsigned short)(v[i] + x * 3 + y * 5 + z * 7 + kiln_group_id(2) + kiln_local_id(1));
}

KILN_ND_RANGE_KERNEL(1) void nd_reduce_tree(int *v, int stride)
{
	size_t i = kiln_global_id(0) * 2 * (size_t)stride;
	v[i] += v[i + (size_t)stride];
}

#ifdef KILN_HARNESS
KT_TEST(nd_saxpy)
{
	int *y = KT_BUF(int, 64), *x = KT_BUF(int, 64);
	KT_RUN_ND(nd_saxpy, 1, KT_DIMS(64, 1, 1), KT_DIMS(16, 1, 1), KT_P(y), KT_P(x), KT_V(int, 5));
}
KT_TEST(nd_groups)
{
	unsigned *o = KT_BUF(unsigned, 24);
	KT_RUN_ND(nd_groups, 1, KT_DIMS(24, 1, 1), KT_DIMS(6, 1, 1), KT_P(o));
}
KT_TEST(nd_matadd)
{
	int *c = KT_BUF(int, 48), *a = KT_BUF(int, 48), *b = KT_BUF(int, 48);
	KT_RUN_ND(nd_matadd, 2, KT_DIMS(8, 6, 1), KT_DIMS(4, 3, 1), KT_P(c), KT_P(a), KT_P(b));
}
KT_TEST(nd_matmul)
{
	int *c = KT_BUF(int, 36), *a = KT_BUF(int, 36), *b = KT_BUF(int, 36);
	KT_RUN_ND(nd_matmul, 2, KT_DIMS(6, 6, 1), KT_DIMS(2, 3, 1), KT_P(c), KT_P(a), KT_P(b), KT_V(int, 6));
}
KT_TEST(nd_volume)
{
	unsigned short *v = KT_BUF(unsigned short, 60);
	KT_RUN_ND(nd_volume, 3, KT_DIMS(5, 4, 3), KT_DIMS(5, 2, 1), KT_P(v));
}
KT_TEST(nd_reduce_tree)
{
	int *v = KT_BUF(int, 32);
	for (int s = 1; s < 32; s *= 2)
		KT_RUN_ND(nd_reduce_tree, 1, KT_DIMS(16 / s, 1, 1), KT_DIMS(1, 1, 1), KT_P(v), KT_V(int, s));
}
#endif
