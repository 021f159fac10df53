// SPDX-License-Identifier: Apache-2.0
// complex.h's exponential, logarithm and square root at Annex G's special values and over a sweep, hashed
// bit for bit
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

/* One call site per function (each inlines its body, and the real functions' it calls), chosen by number:
 * exp, log and the square root, which hold every construct the others are made of (math_complex.c's
 * special-value branches, scaling, the real functions); test/libc/complex_test checks all of them
 * natively. The kernel stays small enough for Verilator in a few GB. */
static double complex apply(int f, double complex z)
{
	switch (f) {
	case 0:
		return cexp(z);
	case 1:
		return clog(z);
	default:
		return csqrt(z);
	}
}

static const double edge[] = {0.0, -0.0, 1.0, -1.5, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 800.0};
#define NEDGE (sizeof edge / sizeof edge[0])

int main(void)
{
	double complex e = apply(0, CMPLX(0.0, 3.14159265358979323846)), l = apply(1, CMPLX(-1.0, 0.0));
	printf("exp(i pi) = %.6f%+.6fi, log(-1) = %.6f%+.6fi\n", creal(e), cimag(e), creal(l), cimag(l));
	for (int f = 0; f < 3; f++) {
		for (unsigned i = 0; i < NEDGE; i++)
			for (unsigned j = 0; j < NEDGE; j++)
				mixc(apply(f, CMPLX(edge[i], edge[j])));
		for (int r = 0; r < 12; r++)
			mixc(apply(f, CMPLX(uniform(-4, 4), uniform(-4, 4))));
		mixc(apply(f, CMPLX(uniform(-1, 1) * 1e-9, uniform(0.99, 1.01))));
		printf("%2d: %016llx\n", f, (unsigned long long)hash);
	}
	double complex g = apply(2, CMPLX(-9.0, 0.0));
	printf("csqrt(-9) = %g%+gi\n", creal(g), cimag(g));
	printf("ok\n");
	return 0;
}
