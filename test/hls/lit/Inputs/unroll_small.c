// SPDX-License-Identifier: Apache-2.0
// Loops for Kiln's default small-loop unrolling (test/hls/lit/unroll_small.ll): TRIP iterations of a body
// of additions, the same nested in a loop of four, a body with a multiplication, a body too big
// to copy TRIP times, and one of some 25 operations (unrolled 8 times, not 16).
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void sum(const int *in, int *out)
{
	int s = 0;
	for (int i = 0; i < TRIP; i++)
		s += in[i];
	out[0] = s;
}

KILN_SINGLE_TASK_KERNEL void nested(const int *in, int *out)
{
	for (int j = 0; j < 4; j++) {
		int s = 0;
		for (int i = 0; i < 4; i++)
			s ^= in[4 * j + i];
		out[j] = s;
	}
}

KILN_SINGLE_TASK_KERNEL void product(const int *in, int *out, int n)
{
	int s = 0;
	for (int i = 0; i < TRIP; i++)
		s += in[i] * in[TRIP + i] + n;
	out[0] = s;
}

KILN_SINGLE_TASK_KERNEL void big(const unsigned *in, unsigned *out)
{
	unsigned s = 0;
	for (int i = 0; i < TRIP; i++) {
		unsigned v = in[i];
		for (int k = 0; k < 6; k++)
			v = (v << 3 | v >> 29) ^ (v >> 7) ^ (s + (unsigned)k);
		s += v;
	}
	out[0] = s;
}

KILN_SINGLE_TASK_KERNEL void mid(const unsigned *in, unsigned *out)
{
	unsigned s = 0;
	for (int i = 0; i < TRIP; i++) {
		unsigned v = in[i];
		v = (v << 3 | v >> 29) ^ (v >> 7) ^ s;
		v = (v << 5 | v >> 27) ^ (v >> 11) ^ (unsigned)i;
		v = (v << 9 | v >> 23) ^ (v >> 2) ^ (s >> 3);
		s += v;
	}
	out[0] = s;
}
