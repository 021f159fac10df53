// SPDX-License-Identifier: Apache-2.0
/* Kernels for the HTML report's test (test/report/report-test.sh): loops at known lines, a device global
 * with properties, and text that would be markup if the page took it as such: this comment holds
 * </script><b id="pwned_comment">x</b>, and the second kernel's #line names a file of the same kind. */
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, scale, KILN_HOST_ACCESS_READ_WRITE);

KILN_SINGLE_TASK_KERNEL void nest(int *o, const int *a, int n, int m)
{
	for (int i = 0; i < n; i++) { /* line 11: over its bound (holds the loop below) */
		int s = 0;
		for (int j = 0; j < m; j++) /* line 13: pipelined */
			s += a[i * m + j] * scale;
		if (s < 0)
			break;
		o[i] = s;
	}
	for (int k = 0; k < n; k++) /* line 19: pipelined */
		o[k] += 1;
}

#line 1 "</script><b id=\"pwned_line\">x</b>.c"
KILN_SINGLE_TASK_KERNEL void renamed(int *o, int n)
{
	for (int i = 0; i < n; i++)
		o[i] = i;
}

/* an array partitioned under the same file name: the memory table links its directive's line there */
KILN_SINGLE_TASK_KERNEL void banks(int *o, int i)
{
	int t[4] KILN_PARTITION_COMPLETE;
	t[0] = i, t[1] = i + 1, t[2] = i * 3, t[3] = 7;
	*o = t[i & 3] + t[(i + 1) & 3];
}
