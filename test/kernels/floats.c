// SPDX-License-Identifier: Apache-2.0
/* Corpus: floating point through every way data reaches a kernel (issue 14): float and double kernel
 * arguments, device globals, buffers of structs holding both, on-chip tables, nd-range work-items, and the
 * loops HLS users write (axpy, a FIR with a shift register, a dot product, Horner, a clamp-and-convert).
 * Buffers start as random bits, so operands include NaNs, infinities and subnormals; results that are NaN
 * are stored as the one quiet NaN, because x86-64 keeps a NaN operand's payload and the units do not. */
#include <kiln/device.h>
#include <math.h>

KILN_DEVICE_GLOBAL(float, fgain, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(double, dstats[4], KILN_DEVICE_IMAGE_SCOPE);

static float canonf(float x)
{
	return x != x ? NAN : x;
}

static double canon(double x)
{
	return x != x ? (double)NAN : x;
}

KILN_SINGLE_TASK_KERNEL void f_axpy(float *restrict y, const float *restrict x, float a, int n)
{
	for (int i = 0; i < n; i++)
		y[i] = canonf(a * x[i] + y[i]);
}

KILN_SINGLE_TASK_KERNEL void f_dscale(double *v, double s, double bias, int n)
{
	for (int i = 0; i < n; i++)
		v[i] = canon(v[i] / s - bias);
}

struct particle {
	float x, v;
	double m;
	int hits;
};

/* Device globals of both widths, read and written; structs of mixed fields in device memory. */
KILN_SINGLE_TASK_KERNEL void f_particles(struct particle *p, int n, float dt)
{
	double e = 0;
	for (int i = 0; i < n; i++) {
		float nx = p[i].x + p[i].v * dt * fgain;
		if (nx > 1.0f || nx < -1.0f) {
			p[i].v = -p[i].v;
			p[i].hits++;
		}
		p[i].x = canonf(fminf(fmaxf(nx, -1.0f), 1.0f));
		e += 0.5 * p[i].m * (double)p[i].v * (double)p[i].v;
	}
	dstats[0] = canon(e);
	dstats[1] = canon(dstats[1] + 1.0);
	fgain = canonf(fgain * 0.5f);
}

/* An on-chip table with linear interpolation, and conversions both ways. */
static const float curve[9] = {0.0f, 0.11f, 0.25f, 0.42f, 0.6f, 0.74f, 0.86f, 0.95f, 1.0f};
KILN_SINGLE_TASK_KERNEL void f_lookup(const int *in, float *out, short *back, int n)
{
	for (int i = 0; i < n; i++) {
		float t = (float)(in[i] & 0xffff) * (8.0f / 65536.0f);
		int k = (int)t;
		float f = t - (float)k;
		float r = curve[k] + (curve[k + 1] - curve[k]) * f;
		out[i] = r;
		back[i] = (short)lrintf(r * 30000.0f);
	}
}

/* nd-range: each work-item a Horner polynomial in double and its float rounding. */
KILN_ND_RANGE_KERNEL(1) void f_horner(const double *x, double *y, float *yf)
{
	size_t i = kiln_global_id(0);
	double v = x[i] - 4.0 * floor(x[i] / 4.0);
	double p = ((0.125 * v - 0.5) * v + 2.0) * v - 1.0;
	y[i] = canon(p);
	yf[i] = canonf((float)p);
}

/* A 5-tap FIR over registers (one load and one store per sample) and a dot product. */
KILN_SINGLE_TASK_KERNEL void f_fir_dot(const float *restrict x, float *restrict y, const double *restrict a,
                                       const double *restrict b, double *out, int n)
{
	float x1 = 0, x2 = 0, x3 = 0, x4 = 0;
	for (int i = 0; i < n; i++) {
		float x0 = x[i];
		y[i] = canonf(0.1f * x0 + 0.2f * x1 + 0.4f * x2 + 0.2f * x3 + 0.1f * x4);
		x4 = x3, x3 = x2, x2 = x1, x1 = x0;
	}
	double s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	*out = canon(s);
}

#ifdef KILN_HARNESS
KT_TEST(f_axpy)
{
	float *y = KT_BUF(float, 40), *x = KT_BUF(float, 40);
	KT_RUN(f_axpy, KT_P(y), KT_P(x), KT_V(float, 1.5f), KT_V(int, 40));
	KT_RUN(f_axpy, KT_P(y), KT_P(x), KT_V(float, -3.25e-3f), KT_V(int, 33));
}
KT_TEST(f_dscale)
{
	double *v = KT_BUF(double, 30);
	KT_RUN(f_dscale, KT_P(v), KT_V(double, 3.0), KT_V(double, -0.1), KT_V(int, 30));
	KT_RUN(f_dscale, KT_P(v), KT_V(double, 1e-300), KT_V(double, 1e300), KT_V(int, 17));
}
KT_TEST(f_particles)
{
	struct particle *p = KT_BUF(struct particle, 12);
	for (int i = 0; i < 12; i++) {
		p[i].x = (float)(i - 6) / 6.0f;
		p[i].v = (float)(i % 5) - 2.0f;
		p[i].m = 1.0 + i;
		p[i].hits = 0;
	}
	fgain = 1.0f;
	KT_DG(fgain);
	KT_DG(dstats);
	KT_RUN(f_particles, KT_P(p), KT_V(int, 12), KT_V(float, 0.125f));
	KT_RUN(f_particles, KT_P(p), KT_V(int, 12), KT_V(float, 0.5f));
}
KT_TEST(f_lookup)
{
	int *in = KT_BUF(int, 48);
	float *out = KT_BUF(float, 48);
	short *back = KT_BUF(short, 48);
	KT_RUN(f_lookup, KT_P(in), KT_P(out), KT_P(back), KT_V(int, 48));
}
KT_TEST(f_horner)
{
	double *x = KT_BUF(double, 32), *y = KT_BUF(double, 32);
	float *yf = KT_BUF(float, 32);
	for (int i = 0; i < 32; i++)
		x[i] = (double)(i * 37 % 101) / 7.0 - 6.0;
	KT_RUN_ND(f_horner, 1, KT_DIMS(32, 1, 1), KT_DIMS(8, 1, 1), KT_P(x), KT_P(y), KT_P(yf));
}
KT_TEST(f_fir_dot)
{
	float *x = KT_BUF(float, 64), *y = KT_BUF(float, 64);
	double *a = KT_BUF(double, 64), *b = KT_BUF(double, 64), *out = KT_BUF(double, 1);
	for (int i = 0; i < 64; i++) {
		x[i] = (float)((i * 13) % 17) - 8.0f;
		a[i] = 1.0 / (i + 1);
		b[i] = (double)(i % 9) - 4.5;
	}
	KT_RUN(f_fir_dot, KT_P(x), KT_P(y), KT_P(a), KT_P(b), KT_P(out), KT_V(int, 64));
}
#endif
