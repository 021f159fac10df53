// SPDX-License-Identifier: Apache-2.0
// Complex arithmetic as C writes it (the compiler's __muldc3/__divdc3 and float forms, Annex G's
// infinities), complex.h's parts and tgmath.h's dispatch, hashed bit for bit
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <tgmath.h>

static uint64_t hash = 14695981039346656037ull;

static void mixd(double x)
{
	uint64_t u;
	memcpy(&u, &x, 8);
	hash = (hash ^ (x != x ? 1 : u)) * 1099511628211ull;
}

static void mixc(double complex z)
{
	mixd(creal(z));
	mixd(cimag(z));
}

static void mixfc(float complex z)
{
	mixd(crealf(z));
	mixd(cimagf(z));
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static double uniform(double lo, double hi)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return lo + (hi - lo) * (double)(rng >> 11) * 0x1p-53;
}

static const double edge[] = {0.0, -0.0, 1.0, -1.0, 2.5, 1e-300, 1e300, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0};
#define NEDGE (sizeof edge / sizeof edge[0])

int main(void)
{
	double complex z = 3.0 + 4.0 * I, w = CMPLX(1.0, -2.0);
	printf("z*w = %g%+gi, z/w = %g%+gi, |z| = %g, arg z = %.6f\n", creal(z * w), cimag(z * w),
	       creal(z / w), cimag(z / w), cabs(z), carg(z));
	for (unsigned i = 0; i < NEDGE; i++)
		for (unsigned j = 0; j < NEDGE; j++) {
			double complex a = CMPLX(edge[i], edge[j]), b = CMPLX(edge[j], 0.5);
			mixc(a * b), mixc(a / b), mixc(b / a), mixc(conj(a)), mixc(cproj(a));
			mixfc((float complex)a * (float complex)b),
			    mixfc((float complex)a / (float complex)b);
		}
	printf("edges: %016llx\n", (unsigned long long)hash);
	/* (inf + i inf) i computes as NaN + iNaN, and is an infinity (Annex G); so is 1 / (0 + 0i) */
	double complex p = CMPLX(1.0 / 0.0, 1.0 / 0.0) * CMPLX(0.0, 1.0), q = 1.0 / CMPLX(0.0, 0.0);
	printf("inf product: %d %d, 1/0: %d %d\n", isinf(creal(p)), isinf(cimag(p)), isinf(creal(q)),
	       isnan(cimag(q)));
	for (int r = 0; r < 60; r++) {
		double complex a = CMPLX(uniform(-1e6, 1e6), uniform(-1e-6, 1e-6));
		double complex b = CMPLX(uniform(-3, 3), uniform(-3, 3)) * 1e-305;
		mixc(a * b), mixc(a / b), mixc(b / a);
		mixfc((float complex)a / (float complex)CMPLX(uniform(-3, 3), uniform(-3, 3)));
	}
	printf("sweep: %016llx\n", (unsigned long long)hash);
	/* tgmath.h: the argument's type picks the function */
	float f = 0.25f;
	double complex s = sqrt(CMPLX(-4.0, 0.0));
	printf("tgmath: sqrt(-4+0i) = %g%+gi, fabs(3+4i) = %g, sqrt(0.25f) is float: %d, %.6f\n", creal(s),
	       cimag(s), fabs(z), (int)(sizeof(sqrt(f)) == sizeof(float)), (double)sqrt(f));
	printf("ok\n");
	return 0;
}
