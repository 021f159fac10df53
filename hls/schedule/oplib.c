// SPDX-License-Identifier: Apache-2.0
#include "oplib.h"

#include <math.h>
#include <string.h>

static double log2w(int w)
{
	return w > 1 ? log2((double)w) : 1.0;
}

/* How a delay grows with the operation's width. */
typedef enum { GROW_NONE, GROW_LINEAR, GROW_LOG2 } grow;
struct delay_model {
	double base, per; /* base + per * (width or log2(width)) */
	grow grows;
	int const_arg;      /* when operand CONST_ARG is a constant (0: never) ... */
	double const_delay; /* ... the delay is this */
};

/* One fabric's operator library: every number the scheduler's delays derive from, fitted to
 * scripts/calibrate-delays' measurements of that fabric (--family). */
struct sched_fabric {
	const char *name;
	/* each class of kop_table.h as one operation adds it to a chain in a step; multipliers and integer
	 * compares have their own models below */
	struct delay_model classes[KD_N];
	double step_overhead; /* what a step holds besides its chain (sched_step_overhead) */
	double eq[2], ord[2]; /* an equality and an ordered compare of W bits: [0] + [1] * W */
	int dsp_a, dsp_b;     /* the signed operand widths one multiplier cell takes */
	/* how yosys' mul2dsp splits a wider product into cells (sched_mul_cells): the width of a slice of
	 * the first operand (0: dsp_a), whether each slice gives up a bit to a zero sign (cells that multiply
	 * only signed numbers), and the narrowest product a cell is used for (narrower ones are LUTs) */
	int dsp_slice_a, dsp_signed_only, dsp_min_y;
	double mul_grid[2]; /* a product of several cells: [0] + [1] * (ABITS + BBITS) */
	double lut_level;   /* one LUT level of a multiplexer the state decodes */
	double bram_data;   /* a block RAM's read data after a register's would be */
	double lutram_data; /* a LUT RAM's, or 0 when the fabric has none */
	double lanes;       /* a part-word load's byte lanes */
	uint32_t bram_min_words;
	double fp_stage[2]; /* one iteration of an FP unit's M-bit fraction: [0] + [1] * (M + 3) */
	int pipe_queue;     /* sched_pipe_queue_cycles */
	int copy_start;     /* sched_copy_start_cycles */
};

static const struct sched_fabric fabrics[] =
    {
        /* yosys' 7-series mapping (8 to 64 bits): a carry chain is a LUT level into CARRY4s, 4 bits each; a
         * shifter is log2(width) levels of multiplexers, four inputs to a LUT; logic merges into the LUTs
         * beside it about half the time. A class with a constant operand (the shift amount) is only wiring or
         * one LUT level. A DSP48E1 takes 25 x 18 bits; 32 x 32 bits take 7.7 ns, 64 x 64 14.0. A block RAM's
         * data comes 2.15 ns after a register's, a LUT RAM's 0.72, a 16-bit load's lanes 1.55; the store and
         * port multiplexers 0.5 ns for one site, 0.7 for four, 1.9 to 2.8 for 8 to 64 beside their lanes. */
        {.name = "xc7",
         .classes =
             {
                 [KD_CARRY] = {1.5, 0.03, GROW_LINEAR, 0, 0},
                 [KD_SAT] = {1.8, 0.03, GROW_LINEAR, 0, 0},
                 [KD_LOGIC] = {0.3, 0, GROW_NONE, 0, 0},
                 [KD_WIRE] = {0.0, 0, GROW_NONE, 0, 0},
                 [KD_SHIFT] = {0.3, 0.3, GROW_LOG2, 1, 0.0},
                 [KD_FUNNEL] = {1.0, 0.8, GROW_LOG2, 2, 0.3},
                 [KD_COUNT] = {1.0, 0.5, GROW_LOG2, 0, 0},
                 [KD_MUL] = {3.74, 0, GROW_NONE, 0, 0},
                 [KD_DIVIDER] = {0.5, 0.05, GROW_LINEAR, 0, 0}, /* operand steering / result sign fix */
                 [KD_FPU] = {0.5, 0, GROW_NONE, 0, 0}, /* operand steering into the unit's input register */
                 [KD_MEMORY] = {0.5, 0, GROW_NONE, 0, 0},
                 [KD_CONTROL] = {0.3, 0, GROW_NONE, 0, 0},
             },
         .step_overhead = 0.93,
         .eq = {1.0, 0.015},
         .ord = {2.2, 0.011},
         .dsp_a = 25,
         .dsp_b = 18,
         .dsp_slice_a = 18, /* synth_xilinx: partial products 18 x 18 for the DSPs' cascade */
         .dsp_signed_only = 1,
         .dsp_min_y = 9,
         .mul_grid = {1.5, 0.098},
         .lut_level = 0.52,
         .bram_data = 2.15,
         .lutram_data = 0.72,
         .lanes = 1.55,
         .bram_min_words = 256,
         .fp_stage = {0.8, 0.05},
         .pipe_queue = 0,
         .copy_start = 0},
        /* nextpnr-ice40 on the UP5K (the iCEBreaker's part, its slowest speed), the median of three seeds: a
         * carry chain is SB_CARRY a bit (0.34 ns) behind a LUT level; an ordered compare a carry chain
         * between two LUT levels; a shifter log2(width) levels of LUT4 multiplexers, 4.2 ns each with their
         * routing; a LUT level with routing 2 to 3 ns. A plain register-to-register path takes 4.39 ns and a
         * register loaded in one of four states 5.30 more: a step holds 9.7 ns besides its chain. Memories
         * are EBRs (there is no LUT RAM): data 2.7 ns after a register's. nextpnr-ice40 times no path through
         * an SB_MAC16, so its multiplier figures are not measured: a 16 x 16 product in LUTs takes 34 ns, and
         * a DSP's is taken as a third of that (the datasheet's sysDSP runs at 50 MHz registered), a grid of
         * them as that plus their sum's carry chain. */
        {.name = "ice40",
         .classes =
             {
                 [KD_CARRY] = {2.87, 0.337, GROW_LINEAR, 0, 0},
                 [KD_SAT] = {4.9, 0.337, GROW_LINEAR, 0, 0},
                 [KD_LOGIC] = {2.0, 0, GROW_NONE, 0, 0},
                 [KD_WIRE] = {0.0, 0, GROW_NONE, 0, 0},
                 [KD_SHIFT] = {-3.0, 4.17, GROW_LOG2, 1, 0.0},
                 [KD_FUNNEL] = {1.2, 4.17, GROW_LOG2, 2, 2.0},
                 [KD_COUNT] = {-3.4, 5.65, GROW_LOG2, 0, 0},
                 [KD_MUL] = {12.0, 0, GROW_NONE, 0, 0},
                 [KD_DIVIDER] = {2.0, 0.17, GROW_LINEAR, 0, 0},
                 [KD_FPU] = {2.0, 0, GROW_NONE, 0, 0},
                 [KD_MEMORY] = {6.0, 0, GROW_NONE, 0, 0},
                 [KD_CONTROL] = {5.0, 0, GROW_NONE, 0, 0},
             },
         .step_overhead = 9.69,
         .eq = {5.5, 0.2},
         .ord = {7.0, 0.34},
         .dsp_a = 16,
         .dsp_b = 16,
         .dsp_min_y = 11, /* synth_ice40 -dsp */
         .mul_grid = {4.0, 0.5},
         .lut_level = 1.75,
         .bram_data = 2.7,
         .lutram_data = 0.0,
         .lanes = 2.0,
         .bram_min_words = 0,
         .fp_stage = {4.9, 0.337},
         .pipe_queue = 1,
         .copy_start = 1},
        /* nextpnr-ecp5 on the LFE5U (speed 6, the ULX3S' part), the median of three seeds: a carry chain is
         * CCU2Cs, 0.035 ns a bit behind 2.5 ns of LUT and routing; a shifter log2(width) levels of 1.04 ns; a
         * 2:1 select with its routing 0.83 to 0.99 ns (logic between two variables merges into its
         * neighbours). A plain register-to-register path takes 1.77 ns and a register loaded in one of four
         * states 0.83 more. A MULT18X18D takes 18 x 18 bits in 6.6 ns; 32 x 32 (four and their sum) 12.3, 64
         * x 64 (sixteen) 19.5. Block RAM (from 64 words; 16 are LUT RAM) gives its data 5.4 ns after a
         * register would, LUT RAM 0.5; a store's multiplexer 1.5 to 1.9 ns for one site, 4.2 to 4.7 for
         * four, 4.6 to 4.9 for 16 to 64. */
        {.name = "ecp5",
         .classes =
             {
                 [KD_CARRY] = {2.46, 0.035, GROW_LINEAR, 0, 0},
                 [KD_SAT] = {3.4, 0.035, GROW_LINEAR, 0, 0},
                 [KD_LOGIC] = {0.8, 0, GROW_NONE, 0, 0},
                 [KD_WIRE] = {0.0, 0, GROW_NONE, 0, 0},
                 [KD_SHIFT] = {-0.6, 1.04, GROW_LOG2, 1, 0.0},
                 [KD_FUNNEL] = {0.4, 1.04, GROW_LOG2, 2, 0.6},
                 [KD_COUNT] = {-3.6, 2.68, GROW_LOG2, 0, 0},
                 [KD_MUL] = {6.6, 0, GROW_NONE, 0, 0},
                 [KD_DIVIDER] = {0.8, 0.05, GROW_LINEAR, 0, 0},
                 [KD_FPU] = {0.8, 0, GROW_NONE, 0, 0},
                 [KD_MEMORY] = {1.7, 0, GROW_NONE, 0, 0},
                 [KD_CONTROL] = {1.0, 0, GROW_NONE, 0, 0},
             },
         .step_overhead = 2.60,
         .eq = {2.0, 0.035},
         .ord = {2.5, 0.03},
         .dsp_a = 18,
         .dsp_b = 18,
         .mul_grid = {4.8, 0.117},
         .lut_level = 1.0,
         .bram_data = 5.4,
         .lutram_data = 0.5,
         .lanes = 1.61,
         .bram_min_words = 32,
         .fp_stage = {3.06, 0.035},
         .pipe_queue = 1,
         .copy_start = 0},
};
#define NFABRICS (int)(sizeof fabrics / sizeof fabrics[0])

/* The fabric modelled: one per process, as a compile is for one board (sched_select_fabric). */
static const struct sched_fabric *fab = &fabrics[0];

int sched_select_fabric(const char *name)
{
	for (int i = 0; i < NFABRICS; i++)
		if (!strcmp(fabrics[i].name, name)) {
			fab = &fabrics[i];
			return 0;
		}
	return -1;
}

const char *sched_fabric_name(void)
{
	return fab->name;
}

const char *sched_fabric_at(int i)
{
	return i >= 0 && i < NFABRICS ? fabrics[i].name : NULL;
}

double sched_step_overhead(void)
{
	return fab->step_overhead;
}

int sched_pipe_queue_cycles(void)
{
	return fab->pipe_queue;
}

int sched_copy_start_cycles(void)
{
	return fab->copy_start;
}

uint32_t sched_bram_min_words(void)
{
	return fab->bram_min_words;
}

double sched_fp_stage_delay(int m)
{
	return fab->fp_stage[0] + fab->fp_stage[1] * (m + 3);
}

double sched_step_budget(double clock_ns)
{
	return (clock_ns - fab->step_overhead) * (1.0 - SCHED_CHAIN_MARGIN);
}

double sched_load_ready(const kfunc *f, const kinst *k)
{
	int m = k->mem;
	double lanes = k->bytes && k->bytes < kmem_word_bytes(f, m) ? fab->lanes : 0.0;
	double port = fab->classes[KD_MEMORY].base;
	if (m < f->nmems)
		return lanes > port ? lanes : port;
	uint32_t words = f->mems[m].size / (uint32_t)kmem_word_bytes(f, m);
	return (words >= fab->bram_min_words || !fab->lutram_data ? fab->bram_data : fab->lutram_data) +
	       lanes;
}

/* Each bit of the port's address and data is an OR of (state is S_i and value i) terms, three to a LUT:
 * ceil(log3(SITES)) LUT levels after the value (the state's decode runs beside the datapath). */
int sched_mux_levels(int inputs)
{
	int levels = 0;
	for (int n = 1; n < inputs; n *= 3)
		levels++;
	return levels;
}

double sched_mux_level_delay(void)
{
	return fab->lut_level;
}

double sched_port_mux_delay(int sites)
{
	return fab->classes[KD_MEMORY].base + fab->lut_level * sched_mux_levels(sites);
}

/* Delay of class C at width W, the constant-operand case aside. */
static double class_delay(kdelay c, int w)
{
	const struct delay_model *m = &fab->classes[c];
	switch (m->grows) {
	case GROW_LINEAR:
		return m->base + m->per * w;
	case GROW_LOG2:
		return m->base + m->per * log2w(w);
	default:
		return m->base;
	}
}

sched_mul_form sched_mul_operands(const kfunc *f, const vbits *vb, const kinst *k)
{
	int x = vb ? vbits_signed(f, vb, k->a[0]) : k->a[0].width;
	int y = vb ? vbits_signed(f, vb, k->a[1]) : k->a[1].width;
	/* at least one bit stays: a zero operand is one bit of zero */
	int xt = vb ? vbits_tz(f, vb, k->a[0]) : 0, yt = vb ? vbits_tz(f, vb, k->a[1]) : 0;
	xt = xt < x ? xt : x - 1;
	yt = yt < y ? yt : y - 1;
	x -= xt;
	y -= yt;
	int swap = y > x;
	return (sched_mul_form){swap ? y : x, swap ? x : y, swap, swap ? yt : xt, swap ? xt : yt};
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

/* A multiplier is the fabric's multiplier cells: one when the operands fit its signed widths, else a grid of
 * them whose partial products are summed, the slowest path growing with the operands' widths. A
 * multiplication binding may share adds its operands' steering: the state's decode and the multiplexer,
 * four LUT levels (not in a pipelined loop, whose multiplications keep their own multipliers: the scheduling
 * problem's delay_piped). */
/* The cells of an A x B-bit slice product of Y bits at bit SHIFT of a YTOT-bit product, as mul2dsp.v maps
 * it: a slice wider than a cell splits into cell-wide slices and a last one, each multiplied by the whole of
 * the other operand; a slice below the minimum widths stays logic; one whose bits all land above the product
 * is removed. */
static int mul_cells(int a, int b, int y, int shift, int ytot)
{
	if (shift >= ytot || a < 2 || b < 2 || y < fab->dsp_min_y)
		return 0;
	int wide_a = a > fab->dsp_a;
	if (!wide_a && b <= fab->dsp_b)
		return 1;
	int part = wide_a && fab->dsp_slice_a ? fab->dsp_slice_a : wide_a ? fab->dsp_a : fab->dsp_b;
	int max = wide_a ? fab->dsp_a : fab->dsp_b, step = part - fab->dsp_signed_only;
	int w = wide_a ? a : b, other = wide_a ? b : a;
	int n = (w - max + step - 1) / step, cells = 0;
	for (int i = 0; i < n; i++) {
		int py = y < other + part ? y : other + part;
		cells += wide_a ? mul_cells(part, b, py, shift + i * step, ytot)
		                : mul_cells(a, part, py, shift + i * step, ytot);
	}
	int last = w - n * step;
	return cells + (wide_a ? mul_cells(last, b, b + last, shift + n * step, ytot)
	                       : mul_cells(a, last, a + last, shift + n * step, ytot));
}

/* The cells of a plain A x B product of Y bits, as mul2dsp.v splits it. */
static int mul2dsp_cells(int abits, int bbits, int ybits)
{
	if (abits < bbits) { /* mul2dsp puts the wider operand first */
		int t = abits;
		abits = bbits;
		bbits = t;
	}
	return mul_cells(abits, bbits, ybits, 0, ybits);
}

/* The cells of the sum sched_mul_split describes: slice products of the narrow operand by C bits of the wide
 * one, each product's bits above the Y-bit result dropped. */
static int split_cells(int abits, int bbits, int ybits, int c)
{
	int cells = 0;
	for (int lo = 0; lo < abits && lo < ybits; lo += c) {
		int last = abits - lo <= c + 1;
		cells += mul2dsp_cells(bbits, last ? abits - lo : c + 1, ybits - lo);
		if (last)
			break;
	}
	return cells;
}

int sched_mul_split(int abits, int bbits, int ybits)
{
	int c = fab->dsp_b - 1;
	if (bbits > fab->dsp_a || abits <= fab->dsp_b || c < 2)
		return 0;
	return split_cells(abits, bbits, ybits, c) < mul2dsp_cells(abits, bbits, ybits) ? c : 0;
}

int sched_mul_cells(int abits, int bbits, int ybits)
{
	int c = sched_mul_split(abits, bbits, ybits);
	return c ? split_cells(abits, bbits, ybits, c) : mul2dsp_cells(abits, bbits, ybits);
}

double sched_mul_delay(int abits, int bbits, int shared)
{
	double one = fab->classes[KD_MUL].base, grid = fab->mul_grid[0] + fab->mul_grid[1] * (abits + bbits);
	double d = abits <= fab->dsp_a && bbits <= fab->dsp_b ? one : grid > one ? grid : one;
	return d + (shared ? 4 * class_delay(KD_LOGIC, 1) : 0.0);
}

static double mul_delay(const kfunc *f, const vbits *vb, const kinst *k)
{
	sched_mul_form m = sched_mul_operands(f, vb, k);
	return sched_mul_delay(m.abits, m.bbits, sched_mul_shareable(k, m.bbits));
}

/* An integer compare of W-bit operands (calibrate-delays): equality a tree of LUTs, an ordered compare a
 * carry chain behind a LUT level and out through another. */
static double icmp_delay(int pred, int w)
{
	const double *c = pred == KP_EQ || pred == KP_NE ? fab->eq : fab->ord;
	return c[0] + c[1] * w;
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
	const struct delay_model *m = &fab->classes[r->delay];
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
