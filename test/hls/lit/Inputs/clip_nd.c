// SPDX-License-Identifier: Apache-2.0
// An nd-range kernel whose body is an if-else (test/hls/lit/wi_loop_if.ll).
#include <kiln/device.h>
KILN_ND_RANGE_KERNEL(1) void clip(const int *restrict in, int *restrict out, int lo, int hi)
{
	size_t i = kiln_global_id(0);
	int v = in[i];
	if (v < lo)
		v = lo;
	else if (v > hi)
		v = hi * 2;
	out[i] = v;
}
