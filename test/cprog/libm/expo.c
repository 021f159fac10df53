// SPDX-License-Identifier: Apache-2.0
// exp, exp2, expm1, log, log2, log10, log1p and pow in both widths over sweeps, hashed bit for bit
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

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static double uniform(double lo, double hi)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return lo + (hi - lo) * (double)(rng >> 11) * 0x1p-53;
}

static const double edge[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e-310, 1e300, -1e300, 709.78, -745.1, 1024.0,
                              -1075.0, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 1e-17, 3.0};

int main(void)
{
	for (unsigned i = 0; i < sizeof edge / sizeof edge[0]; i++) {
		double x = edge[i];
		mixd(exp(x)), mixd(exp2(x)), mixd(expm1(x)), mixd(log(x)), mixd(log2(x)), mixd(log10(x));
		mixd(log1p(x)), mixf(expf((float)x)), mixf(logf((float)x)), mixf(log1pf((float)x));
		for (unsigned j = 0; j < sizeof edge / sizeof edge[0]; j++)
			mixd(pow(x, edge[j])), mixf(powf((float)x, (float)edge[j]));
	}
	printf("edges: %016llx\n", (unsigned long long)hash);
	for (int r = 0; r < 60; r++) {
		double x = uniform(-700, 700), y = uniform(1e-5, 50), z = uniform(-0.9, 3);
		mixd(exp(x)), mixd(exp2(x / 0.69)), mixd(expm1(x / 20)), mixd(log(y)), mixd(log2(y * 1e10));
		mixd(log10(y / 1e7)), mixd(log1p(z)), mixd(pow(y, z * 10)), mixd(pow(-y, (double)(r - 30)));
		mixf(expf((float)(x / 10))), mixf(exp2f((float)(x / 7))), mixf(expm1f((float)(z))), mixf(logf((float)y));
		mixf(log2f((float)y)), mixf(log10f((float)y)), mixf(powf((float)y, (float)z));
	}
	printf("sweep: %016llx\n", (unsigned long long)hash);
	printf("ok\n");
	return 0;
}
