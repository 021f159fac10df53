// SPDX-License-Identifier: Apache-2.0
/* Corpus: OpenCL's 32-bit atomics (kiln/device.h) in nd-range and single-task kernels, on device memory and
 * on-chip arrays: a histogram whose work-items hit the same bins, every operation's old value and result,
 * both signednesses. */
#include <kiln/device.h>

KILN_ND_RANGE_KERNEL(1) void at_hist(unsigned *bins, const unsigned *v)
{
	size_t i = kiln_global_id(0);
	atomic_inc(&bins[v[i] & 7]);
	atomic_max(&bins[8], v[i]);
	atomic_min(&bins[9], v[i]);
	atomic_add(&bins[10], v[i]);
}

KILN_ND_RANGE_KERNEL(1) void at_ops(int *cell, int *old)
{
	size_t i = kiln_global_id(0);
	int x = (int)i * 37 - 300;
	switch (i % 8) {
	case 0:
		old[i] = atomic_add(cell, x);
		break;
	case 1:
		old[i] = atomic_sub(cell, x);
		break;
	case 2:
		old[i] = atomic_xchg(cell, x);
		break;
	case 3:
		old[i] = atomic_cmpxchg(cell, old[i - 1] == x ? 0 : x, x + 1);
		break;
	case 4:
		old[i] = atomic_min(cell, x);
		break;
	case 5:
		old[i] = atomic_max(cell, x);
		break;
	case 6:
		old[i] = atomic_and(cell, x | 0x0F0F);
		break;
	default:
		old[i] = atomic_xor(cell, x) + atomic_or(cell, 0x100) + atomic_dec(cell);
		break;
	}
}

KILN_SINGLE_TASK_KERNEL void at_local(int *out, const int *v, int n)
{
	int bins[16] = {0};
	for (int i = 0; i < n; i++)
		atomic_add(&bins[v[i] & 15], v[i]);
	for (int i = 0; i < 16; i++)
		out[i] = bins[i];
}

#ifdef KILN_HARNESS
KT_TEST(at_hist)
{
	unsigned *bins = KT_BUF(unsigned, 11), *v = KT_BUF(unsigned, 96);
	bins[9] = 0xFFFFFFFFu;
	KT_RUN_ND(at_hist, 1, KT_DIMS(96, 1, 1), KT_DIMS(8, 1, 1), KT_P(bins), KT_P(v));
}
KT_TEST(at_ops)
{
	int *cell = KT_BUF(int, 1), *old = KT_BUF(int, 64);
	KT_RUN_ND(at_ops, 1, KT_DIMS(64, 1, 1), KT_DIMS(8, 1, 1), KT_P(cell), KT_P(old));
}
KT_TEST(at_local)
{
	int *out = KT_BUF(int, 16), *v = KT_BUF(int, 50);
	KT_RUN(at_local, KT_P(out), KT_P(v), KT_V(int, 50));
}
#endif
