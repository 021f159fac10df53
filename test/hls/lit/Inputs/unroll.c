// SPDX-License-Identifier: Apache-2.0
// A loop of eight iterations under the unroll directive UNROLL (test/hls/lit/pragma_unroll.ll).
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void sum8(const int *in, int *out, int n)
{
	int s = 0;
	UNROLL
	for (int i = 0; i < 8; i++)
		s += in[i] / n;
	out[0] = s;
}
