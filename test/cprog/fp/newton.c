// SPDX-License-Identifier: Apache-2.0
// Newton iterations: square root, reciprocal and a cubic root, until they stop changing
#include <stdio.h>

static double nsqrt(double a, int *steps)
{
	double x = a > 1 ? a / 2 : 1.0, prev = 0;
	*steps = 0;
	while (x != prev && *steps < 100) {
		prev = x;
		x = 0.5 * (x + a / x);
		++*steps;
	}
	return x;
}

static float nrecip(float d)
{
	float x = 0.1f;
	for (int i = 0; i < 30; i++)
		x = x * (2.0f - d * x);
	return x;
}

/* the real root of x^3 + p x + q */
static double cubic(double p, double q)
{
	double x = 1.0;
	for (int i = 0; i < 60; i++) {
		double f = x * x * x + p * x + q, df = 3.0 * x * x + p;
		if (df == 0)
			break;
		x -= f / df;
	}
	return x;
}

int main(void)
{
	static const double a[] = {2.0, 10.0, 0.5, 1e-6, 12345.678, 1e10};
	for (int i = 0; i < 6; i++) {
		int n;
		double s = nsqrt(a[i], &n);
		printf("sqrt(%g) = %.17g after %d steps\n", a[i], s, n);
	}
	static const float d[] = {3.0f, 7.0f, 0.75f, 9.5f};
	for (int i = 0; i < 4; i++)
		printf("1/%g = %.9g\n", (double)d[i], (double)nrecip(d[i]));
	printf("cubic root %.17g %.17g\n", cubic(1.0, -10.0), cubic(-2.0, 1.5));
	printf("ok\n");
	return 0;
}
