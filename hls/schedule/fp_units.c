// SPDX-License-Identifier: Apache-2.0
#include "fp_units.h"
#include "oplib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One row per floating-point operation: its cell, the register levels of the cell (for the iterative cells,
 * the levels besides the iterations), and which format gives the fraction width the levels depend on. */
static const struct fp_row {
	kop op;
	const char *cell;
	int levels;
	int iterative; /* one level per fp_unit_bits_per_level quotient or root bits on top */
	int inputs;
	int mode; /* kiln_fp_rint MODE, or -1 */
} rows[] = {
    {K_FADD, "kiln_fadd", 4, 0, 2, -1},          {K_FSUB, "kiln_fadd", 4, 0, 2, -1},
    {K_FMUL, "kiln_fmul", 4, 0, 2, -1},          {K_FMA, "kiln_fma", 5, 0, 3, -1},
    {K_FDIV, "kiln_fdiv", 3, 1, 2, -1},          {K_FSQRT, "kiln_fsqrt", 3, 1, 1, -1},
    {K_SITOFP, "kiln_fp_from_int", 3, 0, 1, -1}, {K_UITOFP, "kiln_fp_from_int", 3, 0, 1, -1},
    {K_FPTOSI, "kiln_fp_to_int", 2, 0, 1, -1},   {K_FPTOUI, "kiln_fp_to_int", 2, 0, 1, -1},
    {K_FPEXT, "kiln_fp_resize", 3, 0, 1, -1},    {K_FPTRUNC, "kiln_fp_resize", 3, 0, 1, -1},
    {K_FTRUNC, "kiln_fp_rint", 2, 0, 1, 0},      {K_FFLOOR, "kiln_fp_rint", 2, 0, 1, 1},
    {K_FCEIL, "kiln_fp_rint", 2, 0, 1, 2},       {K_FROUND, "kiln_fp_rint", 2, 0, 1, 3},
    {K_FRINT, "kiln_fp_rint", 2, 0, 1, 4},
};

static const struct fp_row *row_of(kop op)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].op == op)
			return &rows[i];
	return NULL;
}

int fp_fraction_bits(int width)
{
	return width == 32 ? 23 : width == 64 ? 52 : 0;
}

static int exponent_bits(int width)
{
	return width == 32 ? 8 : 11;
}

int fp_unit_bits_per_level(double clock_ns, int m)
{
	int b = (int)(clock_ns / sched_fp_stage_delay(m));
	return b < 1 ? 1 : b > 8 ? 8 : b;
}

int fp_unit_levels(kop op, int m, int bps)
{
	const struct fp_row *r = row_of(op);
	if (!r)
		return 0;
	return r->levels + (r->iterative ? (m + 3 + bps - 1) / bps : 0);
}

/* The floating-point width whose fraction the iterative cells work on: the operation's own. */
static int fp_width(const kinst *k)
{
	switch (k->op) {
	case K_FPTOSI:
	case K_FPTOUI:
	case K_FPEXT:
	case K_FPTRUNC:
		return k->a[0].width;
	default:
		return k->width;
	}
}

int fp_unit_latency(const kinst *k, double clock_ns)
{
	int m = fp_fraction_bits(fp_width(k));
	return fp_unit_levels(k->op, m, fp_unit_bits_per_level(clock_ns, m));
}

int fp_unit_inputs(kop op)
{
	const struct fp_row *r = row_of(op);
	return r ? r->inputs : 0;
}

const char *fp_unit_cell(const kinst *k, double clock_ns, char *params, size_t pn)
{
	const struct fp_row *r = row_of(k->op);
	if (!r)
		return NULL;
	int w = fp_width(k), m = fp_fraction_bits(w), e = exponent_bits(w);
	switch (k->op) {
	case K_SITOFP:
	case K_UITOFP:
		snprintf(params, pn, "#(.IW(%d), .SIGNED(%d), .E(%d), .M(%d))", k->a[0].width,
		         k->op == K_SITOFP, e, m);
		break;
	case K_FPTOSI:
	case K_FPTOUI:
		snprintf(params, pn, "#(.IW(%d), .SIGNED(%d), .E(%d), .M(%d))", k->width, k->op == K_FPTOSI,
		         e, m);
		break;
	case K_FPEXT:
	case K_FPTRUNC:
		snprintf(params, pn, "#(.E1(%d), .M1(%d), .E2(%d), .M2(%d))", e, m, exponent_bits(k->width),
		         fp_fraction_bits(k->width));
		break;
	default:
		if (r->iterative)
			snprintf(params, pn, "#(.E(%d), .M(%d), .BPS(%d))", e, m,
			         fp_unit_bits_per_level(clock_ns, m));
		else if (r->mode >= 0)
			snprintf(params, pn, "#(.E(%d), .M(%d), .MODE(%d))", e, m, r->mode);
		else
			snprintf(params, pn, "#(.E(%d), .M(%d))", e, m);
	}
	return r->cell;
}

int fp_unit_groups(const kfunc *f, double clock_ns, int *unit)
{
	char(*keys)[192] = NULL;
	int n = 0;
	for (int i = 0; i < f->ninsts; i++) {
		char params[160], key[192];
		const char *cell = f->insts[i].block >= 0
		                       ? fp_unit_cell(&f->insts[i], clock_ns, params, sizeof params)
		                       : NULL;
		unit[i] = -1;
		if (!cell)
			continue;
		snprintf(key, sizeof key, "%s %s", cell, params);
		int g = 0;
		while (g < n && strcmp(keys[g], key) != 0)
			g++;
		if (g == n) {
			void *nk = realloc(keys, (size_t)(n + 1) * sizeof *keys);
			if (!nk) {
				free(keys);
				return -1;
			}
			keys = nk;
			memcpy(keys[n++], key, sizeof key);
		}
		unit[i] = g;
	}
	free(keys);
	return n;
}
