// SPDX-License-Identifier: Apache-2.0
// sin, cos, tan, atan, atan2, asin and acos in both widths, small and huge arguments, hashed bit for bit
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t hash = 14695981039346656037ull;

static void mixd(double x)
{
	uint64_t u;
	memcpy(&u, &x, 8);
	hash = (hash ^ (x != x ? 1 : u)) * 1099511628211ull;
}

static void mixf(float x)
{
	uint32_t u;
	memcpy(&u, &x, 4);
	hash = (hash ^ (x != x ? 1 : u)) * 1099511628211ull;
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static double uniform(double lo, double hi)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return lo + (hi - lo) * (double)(rng >> 11) * 0x1p-53;
}

static const double edge[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1e-9, 3.141592653589793, 1.5707963267948966, 1e22,
                              -1e300, 6381956970095103.0 * 0x1p797, 1.0 / 0.0, 0.0 / 0.0, 2.0, -0.75};

int main(void)
{
	for (unsigned i = 0; i < sizeof edge / sizeof edge[0]; i++) {
		double x = edge[i];
		mixd(sin(x)), mixd(cos(x)), mixd(tan(x)), mixd(atan(x)), mixd(asin(x)), mixd(acos(x));
		mixf(sinf((float)x)), mixf(cosf((float)x)), mixf(atanf((float)x));
		for (unsigned j = 0; j < sizeof edge / sizeof edge[0]; j += 2)
			mixd(atan2(x, edge[j])), mixf(atan2f((float)x, (float)edge[j]));
	}
	printf("edges: %016llx\n", (unsigned long long)hash);
	for (int r = 0; r < 40; r++) {
		double x = uniform(-10, 10), big = uniform(-1, 1) * 0x1p200, u = uniform(-1, 1);
		mixd(sin(x)), mixd(cos(x)), mixd(tan(x)), mixd(sin(big)), mixd(cos(big)), mixd(atan(x));
		mixd(asin(u)), mixd(acos(u)), mixd(atan2(x, u)), mixf(tanf((float)x)), mixf(asinf((float)u));
		mixf(acosf((float)u)), mixf(atan2f((float)u, (float)x));
	}
	printf("sweep: %016llx\n", (unsigned long long)hash);
	printf("ok\n");
	return 0;
}
