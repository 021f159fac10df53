// SPDX-License-Identifier: Apache-2.0
// reductions: sum, product, maximum, dot product and mean/variance, in float and double
#include <math.h>
#include <stdio.h>

#define N 256

static double x[N];
static float y[N];

int main(void)
{
	unsigned r = 7;
	for (int i = 0; i < N; i++) {
		r = r * 69069u + 1u;
		x[i] = (double)(r >> 8) / 16777216.0 - 0.5;
		y[i] = (float)x[i] * 3.0f;
	}
	double sum = 0, prod = 1, mx = -INFINITY, dot = 0;
	float fsum = 0, fmx = -INFINITY;
	for (int i = 0; i < N; i++) {
		sum += x[i];
		prod *= 1.0 + x[i] / 64.0;
		mx = x[i] > mx ? x[i] : mx;
		dot += x[i] * (double)y[i];
		fsum += y[i];
		fmx = fmaxf(fmx, y[i]);
	}
	double mean = sum / N, var = 0;
	for (int i = 0; i < N; i++)
		var += (x[i] - mean) * (x[i] - mean);
	var /= N - 1;
	printf("sum %a prod %a max %a dot %a\n", sum, prod, mx, dot);
	printf("fsum %a fmax %a mean %.17g sd %.17g\n", (double)fsum, (double)fmx, mean, sqrt(var));
	printf("ok\n");
	return 0;
}
