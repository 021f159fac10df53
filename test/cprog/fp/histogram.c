// SPDX-License-Identifier: Apache-2.0
// a histogram of scaled float samples: binning by conversion to int, clamping, and the bins' mean
#include <stdio.h>

#define BINS 16
#define N 500

static int bins[BINS];
static float sums[BINS];

int main(void)
{
	const float lo = -2.0f, hi = 2.0f, scale = BINS / (hi - lo);
	unsigned r = 99;
	int under = 0, over = 0;
	for (int i = 0; i < N; i++) {
		r = r * 1664525u + 1013904223u;
		/* roughly normal: the sum of four uniforms, centred */
		float s = 0;
		for (int k = 0; k < 4; k++) {
			r = r * 1664525u + 1013904223u;
			s += (float)(r >> 8) * (1.0f / 16777216.0f);
		}
		float x = (s - 2.0f) * 1.7f;
		int b = (int)((x - lo) * scale);
		if (x < lo) {
			under++;
			continue;
		}
		if (b >= BINS) {
			over++;
			continue;
		}
		bins[b]++;
		sums[b] += x;
	}
	for (int b = 0; b < BINS; b++)
		printf("bin %2d [%5.2f, %5.2f): %3d mean %.6f\n", b, (double)(lo + b / scale),
		       (double)(lo + (b + 1) / scale), bins[b], bins[b] ? (double)(sums[b] / (float)bins[b]) : 0.0);
	printf("under %d over %d\n", under, over);
	printf("ok\n");
	return 0;
}
