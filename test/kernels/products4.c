// SPDX-License-Identifier: Apache-2.0
/* Corpus: four 32-bit products ready in one state, which a board of few DSPs makes take turns (kiln-cc
 * --dsp-max; image_build.c schedules them again with fewer a step). test/boards/fit-test.sh builds it for
 * the iCEBreaker, whose 8 DSPs hold two of its four multipliers, and kiln-cc-test reads its binding. */
#include <kiln/device.h>

/* Bound by timing, a multiplier each; for a board of few DSPs the scheduler gives them two steps or four
 * (kfunc.mul_serial). */
KILN_SINGLE_TASK_KERNEL void products4(int *out, const int *a, const int *b, int n)
{
	for (int i = 0; i < n; i++) {
		int x = a[i], y = b[i];
		unsigned s = (unsigned)x * (unsigned)y + (unsigned)(x + 1) * (unsigned)(y - 3) +
		             (unsigned)(x ^ y) * (unsigned)(x | y) + (unsigned)(x >> 3) * (unsigned)(y >> 5);
		for (unsigned k = 0; k < (s & 3u); k++)
			s ^= k;
		out[i] = (int)s;
	}
}

#ifdef KILN_HARNESS
KT_TEST(products4)
{
	int *o = KT_BUF(int, 24), *a = KT_BUF(int, 24), *b = KT_BUF(int, 24);
	KT_RUN(products4, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 24));
}
#endif
