// SPDX-License-Identifier: Apache-2.0
/* Corpus: kernels that only touch device globals (scalars, arrays, structs; CSR and dedicated storage). */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(unsigned, dg_acc, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, dg_hist[16], KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_OFF);
KILN_DEVICE_GLOBAL(long long, dg_wide[4], KILN_DEVICE_IMAGE_SCOPE);
struct stats {
	int min, max;
	long long sum;
	unsigned short count;
};
KILN_DEVICE_GLOBAL(struct stats, dg_stats, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(unsigned char, dg_bytes[24], KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON);
KILN_DEVICE_GLOBAL(const unsigned, dg_coef[4], KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_READ) = {3, 5, 7,
                                                                                                  11};

KILN_SINGLE_TASK_KERNEL void dg_accumulate(unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		dg_acc = dg_acc * 31u + i;
}

KILN_SINGLE_TASK_KERNEL void dg_histogram(unsigned seed, int n)
{
	for (int i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		dg_hist[(seed >> 16) & 15]++;
	}
}

KILN_SINGLE_TASK_KERNEL void dg_wide_ops(long long k)
{
	for (int i = 0; i < 4; i++)
		dg_wide[i] = dg_wide[i] * k + (dg_wide[(i + 1) & 3] >> 7);
}

KILN_SINGLE_TASK_KERNEL void dg_update_stats(int v)
{
	if (dg_stats.count == 0 || v < dg_stats.min)
		dg_stats.min = v;
	if (dg_stats.count == 0 || v > dg_stats.max)
		dg_stats.max = v;
	dg_stats.sum += v;
	dg_stats.count++;
}

KILN_SINGLE_TASK_KERNEL void dg_byte_shuffle(int r)
{
	for (int i = 0; i < 24; i++)
		dg_bytes[i] = (unsigned char)(dg_bytes[(i + r) % 24] + dg_coef[i & 3]);
}

#ifdef KILN_HARNESS
KT_TEST(dg_accumulate)
{
	KT_DG(dg_acc);
	KT_RUN(dg_accumulate, KT_V(unsigned, 37));
	KT_RUN(dg_accumulate, KT_V(unsigned, 5));
}
KT_TEST(dg_histogram)
{
	KT_DG(dg_hist);
	KT_RUN(dg_histogram, KT_V(unsigned, 99), KT_V(int, 100));
}
KT_TEST(dg_wide_ops)
{
	KT_DG(dg_wide);
	KT_RUN(dg_wide_ops, KT_V(long long, -77777777777LL));
}
KT_TEST(dg_update_stats)
{
	KT_DG(dg_stats);
	KT_RUN(dg_update_stats, KT_V(int, 5));
	KT_RUN(dg_update_stats, KT_V(int, -12));
	KT_RUN(dg_update_stats, KT_V(int, 40));
}
KT_TEST(dg_byte_shuffle)
{
	KT_DG(dg_bytes);
	KT_DG_KEEP(dg_coef);
	KT_RUN(dg_byte_shuffle, KT_V(int, 5));
}
#endif
