// SPDX-License-Identifier: Apache-2.0
// comparisons of float and double, ordered and unordered, over all pairs of edge values
#include <math.h>
#include <stdio.h>

static const double dv[] = {0.0, -0.0, 1.0, -1.0, 4.9e-324, -4.9e-324, 2.2250738585072014e-308,
                            1.7976931348623157e308, -1.7976931348623157e308, 1.0 / 0.0, -1.0 / 0.0,
                            0.0 / 0.0, 1.0000000000000002, 0.9999999999999999, 3.0, 1e-40};
#define N (sizeof dv / sizeof dv[0])

static unsigned sig;

static void bit(int b)
{
	sig = (sig << 1 | (sig >> 31)) ^ (unsigned)(b != 0);
}

int main(void)
{
	unsigned total = 0;
	for (unsigned i = 0; i < N; i++)
		for (unsigned j = 0; j < N; j++) {
			double a = dv[i], b = dv[j];
			float fa = (float)a, fb = (float)b;
			bit(a < b), bit(a <= b), bit(a > b), bit(a >= b), bit(a == b), bit(a != b);
			bit(isless(a, b)), bit(islessequal(a, b)), bit(isgreater(a, b));
			bit(isgreaterequal(a, b)), bit(islessgreater(a, b)), bit(isunordered(a, b));
			bit(!(a < b)), bit(!(a >= b));
			bit(fa < fb), bit(fa <= fb), bit(fa > fb), bit(fa >= fb), bit(fa == fb), bit(fa != fb);
			bit(islessgreater(fa, fb)), bit(isunordered(fa, fb));
			total += (a < b) + (fa > fb) * 2;
		}
	printf("signature %08x, total %u\n", sig, total);
	int c = 0;
	for (unsigned i = 0; i < N; i++)
		c += isnan(dv[i]) * 1 + isinf(dv[i]) * 10 + isfinite(dv[i]) * 100 + signbit(dv[i]) * 1000 +
		     isnormal(dv[i]) * 10000 + (fpclassify(dv[i]) == FP_SUBNORMAL) * 100000;
	printf("classes %d\n", c);
	printf("ok\n");
	return 0;
}
