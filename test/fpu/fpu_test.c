// SPDX-License-Identifier: Apache-2.0
/* The floating-point units (rtl/kiln_f*.v, Verilated) against this machine's IEEE-754 arithmetic, bit for
 * bit (NaN payloads aside): every unit of both formats over the edge values in all pairs (and triples for
 * fma), halfway cases for rounding, near-cancellations and random bit patterns. Each unit's result is read
 * exactly fp_unit_levels cycles after its operands went in, so the scheduler's latency table is checked
 * too. Conversions to integers are compared where C defines them (the value truncated fits). */
#include "../../hls/schedule/fp_units.h"
#include "../harness.h"
#include "fpu_tb_units.h"

#include <math.h>
#include <stdint.h>

void *fputb_new(void);
void fputb_free(void *m);
void fputb_step(void *m, uint64_t a, uint64_t b, uint64_t c);
uint64_t fputb_out(void *m, int k);

#define BPS 4 /* the bench's parameter */

typedef struct unit {
	const char *name;
	kop op;
	int fw, iw, sg;
	int lat;
	long checked, bad;
	char first[200];
} unit;

#define ROW(n, o, f, i, s) {#n, o, f, i, s, 0, 0, 0, ""},
static unit units[] = {FPU_TB_UNITS(ROW)};
#define NU ((int)(sizeof units / sizeof units[0]))

static float f32(uint64_t x)
{
	uint32_t u = (uint32_t)x;
	float f;
	memcpy(&f, &u, 4);
	return f;
}
static double f64(uint64_t x)
{
	double d;
	memcpy(&d, &x, 8);
	return d;
}
static uint64_t b32(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}
static uint64_t b64(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	return u;
}

static int is_nan(const unit *u, uint64_t x)
{
	int rw = u->op == K_FPEXT ? 64 : u->op == K_FPTRUNC ? 32 : u->fw; /* the result's format */
	return rw == 32 ? isnan(f32(x)) : isnan(f64(x));
}

/* The expected output of U for operands A, B, C; 0 when C leaves it undefined (skip). */
static int expect(const unit *u, uint64_t a, uint64_t b, uint64_t c, uint64_t *out)
{
	int s = u->fw == 32;
	uint64_t im = u->iw == 64 ? ~0ULL : (1ULL << u->iw) - 1;
	switch (u->op) {
	case K_FADD:
		*out = s ? b32(f32(a) + f32(b)) : b64(f64(a) + f64(b));
		return 1;
	case K_FSUB:
		*out = s ? b32(f32(a) - f32(b)) : b64(f64(a) - f64(b));
		return 1;
	case K_FMUL:
		*out = s ? b32(f32(a) * f32(b)) : b64(f64(a) * f64(b));
		return 1;
	case K_FDIV:
		*out = s ? b32(f32(a) / f32(b)) : b64(f64(a) / f64(b));
		return 1;
	case K_FMA:
		*out = s ? b32(fmaf(f32(a), f32(b), f32(c))) : b64(fma(f64(a), f64(b), f64(c)));
		return 1;
	case K_FSQRT:
		*out = s ? b32(sqrtf(f32(a))) : b64(sqrt(f64(a)));
		return 1;
	case K_FTRUNC:
		*out = s ? b32(truncf(f32(a))) : b64(trunc(f64(a)));
		return 1;
	case K_FFLOOR:
		*out = s ? b32(floorf(f32(a))) : b64(floor(f64(a)));
		return 1;
	case K_FCEIL:
		*out = s ? b32(ceilf(f32(a))) : b64(ceil(f64(a)));
		return 1;
	case K_FROUND:
		*out = s ? b32(roundf(f32(a))) : b64(round(f64(a)));
		return 1;
	case K_FRINT:
		*out = s ? b32(rintf(f32(a))) : b64(rint(f64(a)));
		return 1;
	case K_SITOFP:
	case K_UITOFP: {
		uint64_t v = a & im;
		if (u->sg && u->iw < 64 && (v >> (u->iw - 1)) & 1)
			v |= ~im; /* sign-extend */
		if (u->sg)
			*out = s ? b32((float)(int64_t)v) : b64((double)(int64_t)v);
		else
			*out = s ? b32((float)v) : b64((double)v);
		return 1;
	}
	case K_FPTOSI:
	case K_FPTOUI: {
		double t = trunc(s ? (double)f32(a) : f64(a)); /* float to double is exact */
		if (isnan(t))
			return 0;
		double lo = u->sg ? -ldexp(1, u->iw - 1) : 0, hi = ldexp(1, u->iw - (u->sg ? 1 : 0));
		if (t < lo || t >= hi)
			return 0;
		if (u->sg)
			*out = (uint64_t)(int64_t)t & im;
		else
			*out = (uint64_t)t & im; /* t < 2^64 */
		return 1;
	}
	case K_FPEXT:
		*out = b64((double)f32(a));
		return 1;
	case K_FPTRUNC:
		*out = b32((float)f64(a));
		return 1;
	default:
		return 0;
	}
}

/* Operands in flight: the ring of the last cycles' operands. */
#define RING 128
static uint64_t ring[RING][3];
static long cycle;

static void check_outputs(void *m)
{
	for (int k = 0; k < NU; k++) {
		unit *u = &units[k];
		long t = cycle - u->lat; /* the cycle whose operands this result is for */
		if (t < 0)
			continue;
		const uint64_t *v = ring[t % RING];
		uint64_t want, got = fputb_out(m, k);
		if (!expect(u, v[0], v[1], v[2], &want))
			continue;
		u->checked++;
		int ok = got == want || (is_nan(u, got) && is_nan(u, want));
		if (!ok && !u->bad++)
			snprintf(u->first, sizeof u->first,
			         "a=0x%016llx b=0x%016llx c=0x%016llx: got 0x%llx, want 0x%llx",
			         (unsigned long long)v[0], (unsigned long long)v[1], (unsigned long long)v[2],
			         (unsigned long long)got, (unsigned long long)want);
	}
}

static void feed(void *m, uint64_t a, uint64_t b, uint64_t c)
{
	ring[cycle % RING][0] = a;
	ring[cycle % RING][1] = b;
	ring[cycle % RING][2] = c;
	fputb_step(m, a, b, c);
	cycle++;
	/* After the cycle's edge, output k holds the result of the operands fed lat - 1 cycles before. */
	check_outputs(m);
}

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Edge values of the format of E exponent and M fraction bits, by field. */
static int edges(int e, int m, uint64_t *out)
{
	uint64_t emax = (1ULL << e) - 1, bias = (1ULL << (e - 1)) - 1, fmax = (1ULL << m) - 1;
	uint64_t f[][2] = {
	    {0, 0},
	    {0, 1},
	    {0, fmax},
	    {0, 1ULL << (m - 1)},
	    {1, 0},
	    {1, 1},
	    {1, fmax},
	    {2, 0},
	    {emax - 1, fmax},
	    {emax - 1, 0},
	    {emax, 0},
	    {emax, 1},
	    {emax, fmax},
	    {bias, 0},
	    {bias, 1},
	    {bias, fmax},
	    {bias - 1, 0},
	    {bias - 1, fmax},
	    {bias + 1, 1ULL << (m - 1)}, /* 3 */
	    {bias, 1ULL << (m - 1)},
	    {bias + 1, 1ULL << (m - 2)}, /* 1.5, 2.5 */
	    {bias + m, 1},
	    {bias + m - 1, 1},
	    {bias + m + 1, 0},
	    {bias - 2, 1ULL << (m - 1)},
	};
	int n = 0;
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		for (int s = 0; s < 2; s++)
			out[n++] = (uint64_t)s << (e + m) | f[i][0] << m | f[i][1];
	return n;
}

/* A random value of the format whose exponent is near EXP (for cancellations and close operands). */
static uint64_t near(int e, int m, uint64_t x)
{
	uint64_t fm = (1ULL << m) - 1;
	uint64_t ex = (x >> m) & ((1ULL << e) - 1);
	int64_t d = (int64_t)(rnd() % 5) - 2;
	uint64_t ne = (uint64_t)((int64_t)ex + d) & ((1ULL << e) - 1);
	uint64_t f = rnd() % 4 ? (x & fm) ^ (rnd() & ((1ULL << (rnd() % m)) - 1)) : rnd() & fm;
	return (rnd() & 1) << (e + m) | ne << m | f;
}

int main(int argc, char **argv)
{
	long nrand = argc > 1 ? atol(argv[1]) : 300000;
	for (int k = 0; k < NU; k++) {
		int m = units[k].op == K_FPEXT ? 23 : fp_fraction_bits(units[k].fw);
		units[k].lat = fp_unit_levels(units[k].op, m, BPS);
	}
	void *mod = fputb_new();
	uint64_t es[64], ed[64];
	int ns = edges(8, 23, es), nd = edges(11, 52, ed);
	/* all pairs and, with a few third operands, triples of edge values, in both formats at once: the
	 * low half of each operand is a float edge value, the whole a double one (they are fed alternately)
	 */
	for (int i = 0; i < ns && i < nd; i++)
		for (int j = 0; j < ns && j < nd; j++)
			for (int q = 0; q < 8; q++) {
				feed(mod, es[i], es[j], es[(i + j + q * 7) % ns]);
				feed(mod, ed[i], ed[j], ed[(i + j + q * 7) % nd]);
			}
	/* integers at the conversion boundaries, and small ones */
	for (int sh = 0; sh < 64; sh++)
		for (int d = -2; d <= 2; d++) {
			uint64_t v = (1ULL << sh) + (uint64_t)(int64_t)d;
			feed(mod, v, 0, 0);
			feed(mod, ~v + 1, 0, 0);
		}
	/* random: bit patterns, operands close to each other, products near the third operand, small
	 * integers (exact halfway cases when added) */
	for (long r = 0; r < nrand; r++) {
		uint64_t a = rnd(), b, c;
		switch (r % 4) {
		case 0:
			b = rnd();
			c = rnd();
			break;
		case 1:
			b = (near(11, 52, a) & ~0xFFFFFFFFULL) | near(8, 23, a & 0xFFFFFFFF);
			c = (near(11, 52, a) & ~0xFFFFFFFFULL) | near(8, 23, a & 0xFFFFFFFF);
			break;
		case 2: {
			b = rnd();
			/* c close to -a*b */
			double p = -f64(a) * f64(b);
			float pf = -f32(a) * f32(b);
			c = (near(11, 52, b64(p)) & ~0xFFFFFFFFULL) | near(8, 23, b32(pf));
			break;
		}
		default: {
			int64_t x = (int64_t)(rnd() % 33554432) - 16777216,
			        y = (int64_t)(rnd() >> (rnd() % 60));
			a = r & 8 ? b64((double)x) : (b32((float)x) | (rnd() << 32));
			b = r & 8 ? b64((double)y) : (b32((float)y) | (rnd() << 32));
			c = rnd();
		}
		}
		feed(mod, a, b, c);
	}
	/* flush the pipelines */
	for (int i = 0; i < 64; i++)
		feed(mod, 0, 0, 0);
	fputb_free(mod);
	for (int k = 0; k < NU; k++) {
		unit *u = &units[k];
		char name[96];
		snprintf(name, sizeof name, "fpu %s: %ld results bit-exact after %d cycles", u->name,
		         u->checked, u->lat);
		KT_CHECK(!u->bad && u->checked > 1000, name, "%ld of %ld differ, first: %s", u->bad,
		         u->checked, u->first);
	}
	return kt_failures != 0;
}
