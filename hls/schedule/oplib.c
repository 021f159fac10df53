// SPDX-License-Identifier: Apache-2.0
#include "oplib.h"

#include <math.h>

static double log2w(int w)
{
	return w > 1 ? log2((double)w) : 1.0;
}

/* The delay of each class of kop_table.h, in ns, as one operation adds it to a chain in a step, fitted to
 * scripts/calibrate-delays' measurements of yosys' 7-series mapping (8 to 64 bits): a carry chain is a LUT
 * level into CARRY4s, 4 bits each; a shifter is log2(width) levels of multiplexers, four inputs to a LUT;
 * logic merges into the LUTs beside it about half the time. A class with a constant operand (the shift
 * amount) is only wiring or one LUT level. Multipliers have their own model (sched_mul_delay). */
typedef enum { GROW_NONE, GROW_LINEAR, GROW_LOG2 } grow;
static const struct delay_model {
	double base, per; /* base + per * (width or log2(width)) */
	grow grows;
	int const_arg;      /* when operand CONST_ARG is a constant (0: never) ... */
	double const_delay; /* ... the delay is this */
} delay_models[KD_N] = {
    [KD_CARRY] = {1.5, 0.03, GROW_LINEAR, 0, 0},   [KD_SAT] = {1.8, 0.03, GROW_LINEAR, 0, 0},
    [KD_LOGIC] = {0.3, 0, GROW_NONE, 0, 0},        [KD_WIRE] = {0.0, 0, GROW_NONE, 0, 0},
    [KD_SHIFT] = {0.3, 0.3, GROW_LOG2, 1, 0.0},    [KD_FUNNEL] = {1.0, 0.8, GROW_LOG2, 2, 0.3},
    [KD_COUNT] = {1.0, 0.5, GROW_LOG2, 0, 0},      [KD_MUL] = {3.74, 0.098, GROW_LINEAR, 0, 0},
    [KD_DIVIDER] = {0.5, 0.05, GROW_LINEAR, 0, 0}, /* operand steering / result sign fix */
    [KD_FPU] = {0.5, 0, GROW_NONE, 0, 0},          /* operand steering into the unit's input register */
    [KD_MEMORY] = {0.5, 0, GROW_NONE, 0, 0},       [KD_CONTROL] = {0.3, 0, GROW_NONE, 0, 0},
};

double sched_step_budget(double clock_ns)
{
	return (clock_ns - SCHED_STEP_OVERHEAD_NS) * (1.0 - SCHED_CHAIN_MARGIN);
}

double sched_load_ready(const kfunc *f, const kinst *k)
{
	int m = k->mem;
	/* calibrate-delays: a 16-bit load's lanes 1.55 ns */
	double lanes = k->bytes && k->bytes < kmem_word_bytes(f, m) ? 1.55 : 0.0;
	if (m < f->nmems)
		return lanes > delay_models[KD_MEMORY].base ? lanes : delay_models[KD_MEMORY].base;
	uint32_t words = f->mems[m].size / (uint32_t)kmem_word_bytes(f, m);
	/* calibrate-delays: a block RAM's data 2.15 ns after a register's, a LUT RAM's 0.72 */
	return (words >= SCHED_BRAM_MIN_WORDS ? 2.15 : 0.72) + lanes;
}

/* Each bit of the port's address and data is an OR of (state is S_i and value i) terms, three to a LUT:
 * ceil(log3(SITES)) LUT levels after the value (the state's decode runs beside the datapath). */
double sched_port_mux_delay(int sites)
{
	int levels = 0;
	for (int n = 1; n < sites; n *= 3)
		levels++;
	return delay_models[KD_MEMORY].base + 0.52 * levels;
}

/* Delay of class C at width W, the constant-operand case aside. */
static double class_delay(kdelay c, int w)
{
	const struct delay_model *m = &delay_models[c];
	switch (m->grows) {
	case GROW_LINEAR:
		return m->base + m->per * w;
	case GROW_LOG2:
		return m->base + m->per * log2w(w);
	default:
		return m->base;
	}
}

void sched_mul_operands(const kfunc *f, const vbits *vb, const kinst *k, int *abits, int *bbits, int *swap)
{
	int x = vb ? vbits_signed(f, vb, k->a[0]) : k->a[0].width;
	int y = vb ? vbits_signed(f, vb, k->a[1]) : k->a[1].width;
	*swap = y > x;
	*abits = *swap ? y : x;
	*bbits = *swap ? x : y;
}

/* V is a constant whose magnitude, read as two's complement, is a power of two. */
static int pow2_magnitude(kval v)
{
	if (v.kind != KV_CONST || v.width < 1 || v.width > 64)
		return 0;
	uint64_t c = v.c, sign = 1ULL << (v.width - 1);
	if (c & sign) /* the magnitude of a negative one, in W bits */
		c = (~c + 1) & (v.width == 64 ? ~0ULL : (sign << 1) - 1);
	return c && !(c & (c - 1));
}

int sched_mul_shareable(const kinst *k, int bbits)
{
	/* a product by plus or minus a power of two is a shift (and a negation): synthesis builds no
	 * multiplier for it, and a shared one would cost a multiplexer and a path through it */
	return k->op == K_MUL && k->width >= SCHED_MUL_SHARE_MIN_WIDTH && bbits >= 2 &&
	       !pow2_magnitude(k->a[0]) && !pow2_magnitude(k->a[1]);
}

/* A multiplier is DSP48E1 slices: one when the operands fit its signed 25 x 18 bits, else a grid of them
 * whose partial products are summed, the slowest path growing with the operands' widths (calibrate-delays: 32
 * x 32 bits 7.7 ns, 64 x 64 14.0). A multiplication binding may share adds its operands' steering: the
 * state's decode and the multiplexer, four LUT levels (not in a pipelined loop, whose multiplications keep
 * their own multipliers: the scheduling problem's delay_piped). */
double sched_mul_delay(int abits, int bbits, int shared)
{
	const struct delay_model *m = &delay_models[KD_MUL];
	double grid = 1.5 + m->per * (abits + bbits);
	double d = abits <= 25 && bbits <= 18 ? m->base : grid > m->base ? grid : m->base;
	return d + (shared ? 4 * class_delay(KD_LOGIC, 1) : 0.0);
}

static double mul_delay(const kfunc *f, const vbits *vb, const kinst *k)
{
	int a, b, swap;
	sched_mul_operands(f, vb, k, &a, &b, &swap);
	return sched_mul_delay(a, b, sched_mul_shareable(k, b));
}

/* An integer compare of W-bit operands (calibrate-delays): equality a tree of LUTs, an ordered compare a
 * carry chain behind a LUT level and out through another. */
static double icmp_delay(int pred, int w)
{
	return pred == KP_EQ || pred == KP_NE ? 1.0 + 0.015 * w : 2.2 + 0.011 * w;
}

double sched_delay(const kfunc *f, const vbits *vb, const kinst *k)
{
	if (k->op == K_MUL)
		return mul_delay(f, vb, k);
	if (k->op == K_ICMP)
		return icmp_delay(k->pred, k->a[0].width);
	/* a bitwise operation with a constant passes, clears, sets or inverts each bit: wiring, and inverters
	 * the LUTs around take in */
	if ((k->op == K_AND || k->op == K_OR || k->op == K_XOR) &&
	    (k->a[0].kind == KV_CONST || k->a[1].kind == KV_CONST))
		return 0.0;
	const kop_row *r = kop_info(k->op);
	const struct delay_model *m = &delay_models[r->delay];
	int w = k->width ? k->width : (k->nargs ? k->a[0].width : 1);
	if (r->delay_width == KW_OPERAND)
		w = k->a[0].width;
	if (m->const_arg && k->a[m->const_arg].kind == KV_CONST)
		return m->const_delay;
	return class_delay(r->delay, w);
}

void sched_later(int *s, double *t, int os, double ot)
{
	if (os > *s) {
		*s = os;
		*t = ot;
	} else if (os == *s && ot > *t) {
		*t = ot;
	}
}

int sched_is_div(kop op)
{
	return kop_unit(op) == KU_DIVIDER;
}

int sched_div_width(int w)
{
	return (w + 3) / 4 * 4;
}

/* A (W+1)-bit subtract and a select. */
double sched_div_stage_delay(int w)
{
	return class_delay(KD_CARRY, w + 1) + class_delay(KD_LOGIC, w);
}

int sched_div_bits_per_cycle(double clock_ns, int w)
{
	for (int b = 4; b > 1; b /= 2)
		if (b * sched_div_stage_delay(w) <= sched_step_budget(clock_ns))
			return b;
	return 1;
}

/* Cycles from an accepted read request on module port M to its data, as the scheduler plans them (a wait step
 * absorbs any difference): the sim board's device memory answers after 4, device-global stores after 1. */
int sched_read_latency(const kfunc *f, int m)
{
	return f->mems[m].kind == MEM_DEVMEM ? 4 : 1;
}
