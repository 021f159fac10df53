// SPDX-License-Identifier: Apache-2.0
/* kiln test's own test (kiln-test-test.sh): kernels that fail in each way a regression must tell apart. */
#include <kiln/device.h>

/* The board and the native build disagree: a mismatch the harness must name at its byte. */
KILN_SINGLE_TASK_KERNEL void differs(int *out, int n)
{
#ifdef KILN_HARNESS
	out[n] = 1;
#else
	out[n] = 2;
#endif
}

/* Never ends while flag[0] is zero: the cycle limit must stop it. */
KILN_SINGLE_TASK_KERNEL void spins(volatile int *flag, int *out)
{
	int i = 0;
	while (flag[0] == 0)
		i++;
	out[0] = i;
}

#ifdef KILN_HARNESS
KT_TEST(mismatch)
{
	int *o = KT_BUF(int, 8);
	KT_RUN(differs, KT_P(o), KT_V(int, 5));
}
KT_TEST(hang)
{
	int *f = KT_BUF(int, 1), *o = KT_BUF(int, 1);
	f[0] = 0;
	KT_RUN(spins, KT_P(f), KT_P(o));
}
#endif
