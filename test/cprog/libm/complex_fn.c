// SPDX-License-Identifier: Apache-2.0
// complex.h's elementary functions at Annex G's special values and over a sweep, hashed bit for bit
#include <complex.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t hash = 14695981039346656037ull;

static void mixc(double complex z)
{
	double p[2] = {creal(z), cimag(z)};
	for (int i = 0; i < 2; i++) {
		uint64_t u;
		memcpy(&u, &p[i], 8);
		hash = (hash ^ (p[i] != p[i] ? 1 : u)) * 1099511628211ull;
	}
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static double uniform(double lo, double hi)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return lo + (hi - lo) * (double)(rng >> 11) * 0x1p-53;
}

/* One call site per function (each inlines its body), chosen by number. */
static double complex apply(int f, double complex z)
{
	switch (f) {
	case 0:
		return cexp(z);
	case 1:
		return clog(z);
	case 2:
		return csqrt(z);
	case 3:
		return csin(z);
	case 4:
		return ccos(z);
	case 5:
		return ctan(z);
	case 6:
		return casin(z);
	case 7:
		return cacos(z);
	case 8:
		return catan(z);
	case 9:
		return csinh(z);
	case 10:
		return ccosh(z);
	case 11:
		return ctanh(z);
	case 12:
		return casinh(z);
	case 13:
		return cacosh(z);
	case 14:
		return catanh(z);
	default:
		return cpow(z, CMPLX(0.5, -1.25));
	}
}

static const double edge[] = {0.0, -0.0, 1.0, -1.5, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 800.0};
#define NEDGE (sizeof edge / sizeof edge[0])

int main(void)
{
	double complex e = cexp(CMPLX(0.0, 3.14159265358979323846));
	printf("exp(i pi) = %.6f%+.6fi, log(-1) = %.6f%+.6fi\n", creal(e), cimag(e),
	       creal(clog(CMPLX(-1.0, 0.0))), cimag(clog(CMPLX(-1.0, 0.0))));
	for (int f = 0; f < 16; f++) {
		for (unsigned i = 0; i < NEDGE; i++)
			for (unsigned j = 0; j < NEDGE; j++)
				mixc(apply(f, CMPLX(edge[i], edge[j])));
		for (int r = 0; r < 12; r++)
			mixc(apply(f, CMPLX(uniform(-4, 4), uniform(-4, 4))));
		mixc(apply(f, CMPLX(uniform(-1, 1) * 1e-9, uniform(0.99, 1.01))));
		printf("%2d: %016llx\n", f, (unsigned long long)hash);
	}
	float complex g = csqrtf(CMPLXF(-9.0f, 0.0f));
	printf("csqrtf(-9) = %g%+gi\n", crealf(g), cimagf(g));
	printf("ok\n");
	return 0;
}
