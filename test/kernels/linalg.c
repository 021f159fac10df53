// SPDX-License-Identifier: Apache-2.0
/* Corpus: matrix and signal kernels (nested loops, multiply-accumulate, 2-D indexing). */
#include <kiln/device.h>

#define N 8

KILN_SINGLE_TASK_KERNEL void matmul(int *c, const int *a, const int *b)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			int s = 0;
			for (int k = 0; k < N; k++)
				s += a[i * N + k] * b[k * N + j];
			c[i * N + j] = s;
		}
}

KILN_SINGLE_TASK_KERNEL void matmul_local(long long *c, const short *a, const short *b, int n)
{
	short la[16 * 16], lb[16 * 16];
	for (int i = 0; i < n * n; i++) {
		la[i] = a[i];
		lb[i] = b[i];
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			long long s = 0;
			for (int k = 0; k < n; k++)
				s += (long long)la[i * n + k] * lb[k * n + j];
			c[i * n + j] = s;
		}
}

static const short fir_taps[11] = {-3, 7, -12, 25, 60, 100, 60, 25, -12, 7, -3};

KILN_SINGLE_TASK_KERNEL void fir(int *y, const short *x, int n)
{
	for (int i = 10; i < n; i++) {
		int acc = 0;
		for (int t = 0; t < 11; t++)
			acc += fir_taps[t] * x[i - t];
		y[i] = acc >> 4;
	}
}

KILN_SINGLE_TASK_KERNEL void fir_shift(int *y, const int *x, int n, int c0, int c1, int c2, int c3)
{
	int d0 = 0, d1 = 0, d2 = 0, d3 = 0;
	for (int i = 0; i < n; i++) {
		d3 = d2;
		d2 = d1;
		d1 = d0;
		d0 = x[i];
		y[i] = c0 * d0 + c1 * d1 + c2 * d2 + c3 * d3;
	}
}

KILN_SINGLE_TASK_KERNEL void dot64(long long *out, const int *a, const int *b, int n)
{
	long long s = 0;
	for (int i = 0; i < n; i++)
		s += (long long)a[i] * b[i];
	*out = s;
}

KILN_SINGLE_TASK_KERNEL void transpose(unsigned *dst, const unsigned *src, int rows, int cols)
{
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			dst[c * rows + r] = src[r * cols + c];
}

KILN_SINGLE_TASK_KERNEL void prefix_sum(unsigned *v, int n)
{
	unsigned s = 0;
	for (int i = 0; i < n; i++) {
		s += v[i];
		v[i] = s;
	}
}

KILN_SINGLE_TASK_KERNEL void stencil2d(int *out, const int *in, int w, int h)
{
	for (int y = 1; y < h - 1; y++)
		for (int x = 1; x < w - 1; x++)
			out[y * w + x] = 4 * in[y * w + x] - in[(y - 1) * w + x] - in[(y + 1) * w + x] -
			                 in[y * w + x - 1] - in[y * w + x + 1];
}

#ifdef KILN_HARNESS
KT_TEST(matmul)
{
	int *c = KT_BUF(int, 64), *a = KT_BUF(int, 64), *b = KT_BUF(int, 64);
	KT_RUN(matmul, KT_P(c), KT_P(a), KT_P(b));
}
KT_TEST(matmul_local)
{
	long long *c = KT_BUF(long long, 100);
	short *a = KT_BUF(short, 100), *b = KT_BUF(short, 100);
	KT_RUN(matmul_local, KT_P(c), KT_P(a), KT_P(b), KT_V(int, 10));
}
KT_TEST(fir)
{
	int *y = KT_BUF(int, 64);
	short *x = KT_BUF(short, 64);
	KT_RUN(fir, KT_P(y), KT_P(x), KT_V(int, 64));
}
KT_TEST(fir_shift)
{
	int *y = KT_BUF(int, 50), *x = KT_BUF(int, 50);
	KT_RUN(fir_shift, KT_P(y), KT_P(x), KT_V(int, 50), KT_V(int, 3), KT_V(int, -5), KT_V(int, 7),
	       KT_V(int, 11));
}
KT_TEST(dot64)
{
	long long *o = KT_BUF(long long, 1);
	int *a = KT_BUF(int, 64), *b = KT_BUF(int, 64);
	KT_RUN(dot64, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 64));
}
KT_TEST(transpose)
{
	unsigned *d = KT_BUF(unsigned, 60), *s = KT_BUF(unsigned, 60);
	KT_RUN(transpose, KT_P(d), KT_P(s), KT_V(int, 6), KT_V(int, 10));
}
KT_TEST(prefix_sum)
{
	unsigned *v = KT_BUF(unsigned, 77);
	KT_RUN(prefix_sum, KT_P(v), KT_V(int, 77));
}
KT_TEST(stencil2d)
{
	int *o = KT_BUF(int, 80), *i = KT_BUF(int, 80);
	KT_RUN(stencil2d, KT_P(o), KT_P(i), KT_V(int, 10), KT_V(int, 8));
}
#endif
