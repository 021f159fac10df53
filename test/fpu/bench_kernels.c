// SPDX-License-Identifier: Apache-2.0
/* The loops make bench times for floating point (scripts/bench-fpu): a float FIR written as HLS users write
 * it (the past samples in registers, one load and one store per sample), and dot products, as written (the
 * sum waits for the adder every iteration) and with reassociation allowed (clang's pragma, what -ffast-math
 * gives: partial sums). */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void fir8(const float *restrict x, float *restrict y, int n)
{
	static const float c[8] = {0.02f, 0.07f, 0.15f, 0.26f, 0.26f, 0.15f, 0.07f, 0.02f};
	float d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0, d7 = 0;
	for (int i = 0; i < n; i++) {
		float d0 = x[i];
		y[i] = c[0] * d0 + c[1] * d1 + c[2] * d2 + c[3] * d3 + c[4] * d4 + c[5] * d5 + c[6] * d6 +
		       c[7] * d7;
		d7 = d6, d6 = d5, d5 = d4, d4 = d3, d3 = d2, d2 = d1, d1 = d0;
	}
}

KILN_SINGLE_TASK_KERNEL void dot_f32(const float *restrict a, const float *restrict b, float *out, int n)
{
	float s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	*out = s;
}

KILN_SINGLE_TASK_KERNEL void dot_f32_reassoc(const float *restrict a, const float *restrict b, float *out,
                                             int n)
{
#pragma clang fp reassociate(on)
	float s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	*out = s;
}

KILN_SINGLE_TASK_KERNEL void dot_f64(const double *restrict a, const double *restrict b, double *out, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	*out = s;
}

KILN_SINGLE_TASK_KERNEL void dot_f64_reassoc(const double *restrict a, const double *restrict b, double *out,
                                             int n)
{
#pragma clang fp reassociate(on)
	double s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	*out = s;
}
