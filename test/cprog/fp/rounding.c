// SPDX-License-Identifier: Apache-2.0
// floor, ceil, trunc, round, rint, nearbyint, lrint, llround, fmin, fmax, fabs, copysign in both widths
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t hash = 14695981039346656037ull;

static void mix(uint64_t u)
{
	hash = (hash ^ u) * 1099511628211ull;
}

static void mixd(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	mix(d != d ? 1 : u);
}

static void mixf(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	mix(f != f ? 1 : u);
}

static const double v[] = {0.0,   -0.0, 0.25, 0.5,  0.75, 1.0,       1.5,       2.5,     3.5,    -0.25,
                           -0.5,  -1.5, -2.5, 0.49999999999999994, 4503599627370495.5, 4503599627370497.0,
                           1e300, 8388607.5, 8388609.0, 1e-310, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 123.456};
#define N (sizeof v / sizeof v[0])

int main(void)
{
	for (unsigned i = 0; i < N; i++) {
		double x = v[i];
		float f = (float)x;
		mixd(floor(x)), mixd(ceil(x)), mixd(trunc(x)), mixd(round(x)), mixd(rint(x)), mixd(nearbyint(x));
		mixf(floorf(f)), mixf(ceilf(f)), mixf(truncf(f)), mixf(roundf(f)), mixf(rintf(f));
		mixf(nearbyintf(f)), mixd(fabs(x)), mixf(fabsf(f)), mixd(-x), mixf(-f);
		if (fabs(x) < 1e15) {
			mix((uint64_t)lrint(x)), mix((uint64_t)llround(x)), mix((uint64_t)lround(x));
			mix((uint64_t)llrintf(f)), mix((uint64_t)lroundf(f));
		}
		for (unsigned j = 0; j < N; j += 2) {
			double y = v[j];
			mixd(copysign(x, y)), mixf(copysignf(f, (float)y));
			if (x == 0 && y == 0)
				continue; /* C leaves which zero unspecified, and gcc swaps the operands */
			mixd(fmin(x, y)), mixd(fmax(x, y));
			mixf(fminf(f, (float)y)), mixf(fmaxf(f, (float)y));
		}
	}
	printf("hash %016llx\n", (unsigned long long)hash);
	printf("ok\n");
	return 0;
}
