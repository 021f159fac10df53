// SPDX-License-Identifier: Apache-2.0
#include <kiln/device.h>

/* Five floating-point operations, each on the one before: the block's dependence bound holds five unit
 * latencies (lit report_fp_bound.ll). */
KILN_SINGLE_TASK_KERNEL void fchain(double *restrict p)
{
	double a = p[0];
	p[1] = ((a * a + 1.0) * a + 2.0) * a;
}
