// SPDX-License-Identifier: Apache-2.0
// sinh, cosh, tanh, asinh, acosh and atanh in both widths over their ranges and edges, hashed bit for bit
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

static const double edge[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1e-9, 22.5, -30.0, 710.0, 711.0, 1e300, 1.0 / 0.0,
                              0.0 / 0.0, 0.99999, -0.25, 2.0};

int main(void)
{
	for (unsigned i = 0; i < sizeof edge / sizeof edge[0]; i++) {
		double x = edge[i];
		mixd(sinh(x)), mixd(cosh(x)), mixd(tanh(x)), mixd(asinh(x)), mixd(acosh(x)), mixd(atanh(x));
		mixf(sinhf((float)x)), mixf(coshf((float)x)), mixf(tanhf((float)x)), mixf(atanhf((float)x));
	}
	printf("edges: %016llx\n", (unsigned long long)hash);
	for (int r = 0; r < 40; r++) {
		double x = uniform(-25, 25), u = uniform(-1, 1), c = uniform(1, 1e6);
		mixd(sinh(x)), mixd(cosh(x)), mixd(tanh(x / 8)), mixd(asinh(x * 1e3)), mixd(acosh(c)), mixd(atanh(u));
		mixf(sinhf((float)x)), mixf(tanhf((float)u)), mixf(asinhf((float)x)), mixf(acoshf((float)c));
	}
	printf("sweep: %016llx\n", (unsigned long long)hash);
	printf("ok\n");
	return 0;
}
