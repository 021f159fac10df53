// SPDX-License-Identifier: Apache-2.0
/* Known loop nests for the schedule report (test/hls/lit/report_loops.ll). */
#include <stdio.h>

#include <kiln/device.h>

/* Three loops: an outer one with an early exit, its inner one, and one after them. */
KILN_SINGLE_TASK_KERNEL void nest(int *o, const int *a, int n, int m)
{
	for (int i = 0; i < n; i++) {
		int s = 0;
		for (int j = 0; j < m; j++)
			s += a[i * m + j];
		if (s < 0)
			break;
		o[i] = s;
	}
	for (int k = 0; k < n; k++)
		o[k] += 1;
}

/* One loop whose body branches around a call the hardware cannot if-convert (a printf). */
KILN_SINGLE_TASK_KERNEL void guarded(int *o, const int *a, int n)
{
	for (int i = 0; i < n; i++) {
		int v = a[i] * 3;
		if (v < 0)
			printf("negative at %d\n", i);
		o[i] = v;
	}
}
