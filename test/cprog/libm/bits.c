// SPDX-License-Identifier: Apache-2.0
// fmod, remainder, remquo, frexp, ldexp, modf, ilogb, logb, nextafter, fdim, hypot, cbrt: both widths
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t hash = 14695981039346656037ull;

static void mix(uint64_t u)
{
	hash = (hash ^ u) * 1099511628211ull;
}

static void mixd(double x)
{
	uint64_t u;
	memcpy(&u, &x, 8);
	mix(x != x ? 1 : u);
}

static void mixf(float x)
{
	uint32_t u;
	memcpy(&u, &x, 4);
	mix(x != x ? 1 : u);
}

static const double v[] = {0.0, -0.0, 1.0, -1.5, 3.75, 1e-310, 4.9e-324, 1e300, -7e-5, 123456.789, 0x1p52 + 1,
                           1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 2.5, -1e-20};
#define N (sizeof v / sizeof v[0])

int main(void)
{
	for (unsigned i = 0; i < N; i++) {
		double x = v[i], ip;
		float fx = (float)x, fip;
		int e;
		mixd(frexp(x, &e)), mix((uint64_t)e), mixf(frexpf(fx, &e)), mix((uint64_t)e);
		mixd(modf(x, &ip)), mixd(ip), mixf(modff(fx, &fip)), mixf(fip);
		mix((uint64_t)ilogb(x)), mixd(logb(x)), mix((uint64_t)ilogbf(fx)), mixd(cbrt(x)), mixf(cbrtf(fx));
		for (int k = -1100; k <= 1100; k += 275)
			mixd(ldexp(x, k)), mixf(ldexpf(fx, k / 8)), mixd(scalbn(x, -k));
		for (unsigned j = 0; j < N; j++) {
			double y = v[j];
			mixd(fmod(x, y)), mixd(nextafter(x, y)), mixd(fdim(x, y)), mixd(hypot(x, y));
			mixf(fmodf(fx, (float)y)), mixf(nextafterf(fx, (float)y)), mixf(hypotf(fx, (float)y));
			int q;
			mixd(remquo(x, y, &q)), mix((uint64_t)(q & 7)), mixd(remainder(x, y));
			mixf(remainderf(fx, (float)y));
		}
	}
	printf("hash %016llx\n", (unsigned long long)hash);
	printf("ok\n");
	return 0;
}
