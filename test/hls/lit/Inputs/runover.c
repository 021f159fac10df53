// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>

/* A 64-bit product, several clock periods long at 5 ns, then its store (lit report_runover.ll). */
KILN_SINGLE_TASK_KERNEL void runover(long long *p, long long a, long long b)
{
	*p = a * b;
}
