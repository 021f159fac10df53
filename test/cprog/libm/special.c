// SPDX-License-Identifier: Apache-2.0
// erf, erfc, tgamma and lgamma in both widths over their ranges and edges, hashed bit for bit
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

/* zeros, infinities, NaN, poles, the ends of the polynomial pieces, overflow and underflow, lgamma's zeros */
static const double edge[] = {0.0,   -0.0,   1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 1.0,      2.0,        -1.0,
                              -2.0,  0.5,    -0.5,      6.0,        -6.0,      27.0,     27.3,       28.0,
                              171.5, 172.0,  -170.5,    -185.5,     1e-300,    4.9e-324, -2.4570247, 10.0,
                              1e300, -1e300, 3.0e305,   -2.0000001, 0.96875,   2.03125,  -15.9999999};

#define NEDGE (sizeof edge / sizeof edge[0])

/* One loop, one call of each function: in hardware every call site is a copy of the function. */
int main(void)
{
	for (unsigned i = 0; i < NEDGE + 40; i++) {
		double x, c, g, l;
		float cf;
		if (i < NEDGE) {
			x = c = g = l = edge[i];
			cf = (float)c;
		} else {
			x = uniform(-6, 6), c = uniform(-2, 27), g = uniform(-30, 30), l = uniform(-20, 1e3);
			cf = (float)c / 2;
		}
		mixd(erf(x)), mixd(erfc(c)), mixd(tgamma(g)), mixd(lgamma(l));
		mixf(erff((float)x)), mixf(erfcf(cf)), mixf(tgammaf((float)g)), mixf(lgammaf((float)l));
		if (i == NEDGE - 1)
			printf("edges: %016llx\n", (unsigned long long)hash);
	}
	printf("sweep: %016llx\n", (unsigned long long)hash);
	printf("ok\n");
	return 0;
}
