// SPDX-License-Identifier: Apache-2.0
/* Binding of multiplications (bind.h): each multiplier only as wide as its operands are known to be, and the
 * multiplications of the sequential code sharing multipliers, as Bambu binds its functional units. A shared
 * multiplier joins the paths of all its states: the logic before one state's multiplication and the logic
 * after another's become one path through it. So a multiplication joins a multiplier only while the longest
 * such path stays within the clock period (or within the longest path of its multiplications alone, for
 * those the scheduler let run longer); the schedule's times say where each one's operands are ready and how
 * far its result still travels in its state. A pipelined loop's multiplications keep multipliers of their
 * own, as they may all run in every cycle, unless the board's DSPs made the schedule give them turns
 * (sched_muls_per_cycle): then each cycle of the loop's stage has at most so many of a width, and they share
 * that many multipliers.
 * A kernel with a share of a board's DSPs (kfunc.dsp_capped) that binding by timing overdraws shares further:
 * of the multipliers of one width whose states differ, the two whose merging lengthens the path through them
 * least (then saves the most cells) merge, until the kernel's multiplier cells fit its share or no merge
 * saves a cell. A path that then exceeds its step is the price of fitting the part, and the binding report
 * says so (bind_mul_unit.over_ns). */
#include "bind.h"

#include "../cdfg/value_bits.h"
#include "../schedule/oplib.h"
#include "../schedule/problem.h"
#include "../support/xalloc.h"
#include "host/common/sort.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct mul_key {
	int inst, width, step, area;
} mul_key;

/* By width, then state, then the widest multiplication first, so that each state's widest one takes the
 * first multiplier it fits. */
static int by_unit_order(const void *x, const void *y)
{
	const mul_key *a = x, *b = y;
	if (a->width != b->width)
		return a->width - b->width;
	if (a->step != b->step)
		return a->step - b->step;
	if (a->area != b->area)
		return b->area - a->area;
	return a->inst - b->inst;
}

double bind_ns(double t)
{
	char s[64];
	snprintf(s, sizeof s, "%.2f", t); /* as hls/schedule/dump.c writes it */
	return strtod(s, NULL);
}

/* Per instruction of the sequential code, the latest time (ns into its step) at which anything computed
 * from it in the same step is ready: END gets f->ninsts entries. */
static void step_ends(const kfunc *f, double *end)
{
	for (int i = 0; i < f->ninsts; i++) /* kir.txt has the times of values only */
		end[i] = f->insts[i].width ? bind_ns(f->insts[i].t_end) : 0.0;
	for (int changed = 1, round = 0; changed && round < f->ninsts; round++) {
		changed = 0;
		for (int i = 0; i < f->ninsts; i++) {
			const kinst *u = &f->insts[i];
			if (u->block < 0 || u->op == K_PHI || kir_pipelined(f, u->block))
				continue;
			for (int a = 0; a < u->nargs; a++) {
				if (u->a[a].kind != KV_OP)
					continue;
				const kinst *d = &f->insts[u->a[a].id];
				if (d->block == u->block && d->step == u->step && end[i] > end[u->a[a].id]) {
					end[u->a[a].id] = end[i];
					changed = 1;
				}
			}
		}
	}
}

/* A shared multiplier as binding fills it: its operands' widths, the latest its operands are ready in any
 * of its states, the longest its product still travels, the longest path its multiplications had alone,
 * and the last state that uses it. */
typedef struct unit_fill {
	double start, tail, alone;
	int last_step;
	int *steps; /* the states it runs in, ascending (one multiplication each) */
	int nsteps;
} unit_fill;

static int unit_cells(const bind_mul_unit *mu)
{
	return sched_mul_cells(mu->abits, mu->bbits, mu->width);
}

/* Whether unit fill U runs in state (or loop cycle) S. */
static int runs_in(const unit_fill *u, int s)
{
	for (int i = 0; i < u->nsteps; i++)
		if (u->steps[i] == s)
			return 1;
	return 0;
}

/* Adds state (or loop cycle) S to unit fill U, keeping them ascending. */
static void add_step(unit_fill *u, int s)
{
	u->steps = xrealloc(u->steps, (size_t)u->nsteps + 1, sizeof *u->steps);
	int i = u->nsteps++;
	for (; i > 0 && u->steps[i - 1] > s; i--)
		u->steps[i] = u->steps[i - 1];
	u->steps[i] = s;
}

/* Units U and V never run in one state. */
static int apart(const unit_fill *u, const unit_fill *v)
{
	for (int i = 0, j = 0; i < u->nsteps && j < v->nsteps;)
		if (u->steps[i] == v->steps[j])
			return 0;
		else if (u->steps[i] < v->steps[j])
			i++;
		else
			j++;
	return 1;
}

static double maxd(double a, double b)
{
	return a > b ? a : b;
}

/* The longest path through units U and V merged, over the longest either may take (the clock's step, or
 * what one of its multiplications took alone): how far merging them breaks the clock, <= 0 when it does not.
 */
static double merge_over(const kfunc *f, const kbind *b, const unit_fill *fill, int u, int v)
{
	const bind_mul_unit *mu = &b->mul_unit[u], *mv = &b->mul_unit[v];
	int ab = mu->abits > mv->abits ? mu->abits : mv->abits;
	int bb = mu->bbits > mv->bbits ? mu->bbits : mv->bbits;
	double path = maxd(fill[u].start, fill[v].start) + sched_mul_delay(ab, bb, 1) +
	              maxd(fill[u].tail, fill[v].tail);
	return path - maxd(sched_step_budget(f->clock_ns), maxd(fill[u].alone, fill[v].alone));
}

/* Merges unit V into unit U (V's multiplications run on U; the last unit takes V's place). */
static void merge_units(kbind *b, unit_fill *fill, int u, int v, double over, int ninsts)
{
	bind_mul_unit *mu = &b->mul_unit[u];
	const bind_mul_unit *mv = &b->mul_unit[v];
	mu->abits = mv->abits > mu->abits ? mv->abits : mu->abits;
	mu->bbits = mv->bbits > mu->bbits ? mv->bbits : mu->bbits;
	mu->users += mv->users;
	mu->over_ns = maxd(maxd(mu->over_ns, mv->over_ns), over >= 0.005 ? over : 0.0); /* as reported */
	unit_fill *fu = &fill[u], *fv = &fill[v];
	fu->alone = maxd(fu->alone, fv->alone);
	fu->start = maxd(fu->start, fv->start);
	fu->tail = maxd(fu->tail, fv->tail);
	int *steps = xrealloc(NULL, (size_t)(fu->nsteps + fv->nsteps), sizeof *steps), n = 0;
	for (int i = 0, j = 0; i < fu->nsteps || j < fv->nsteps;)
		steps[n++] = j == fv->nsteps || (i < fu->nsteps && fu->steps[i] < fv->steps[j])
		                 ? fu->steps[i++]
		                 : fv->steps[j++];
	free(fu->steps);
	free(fv->steps);
	fu->steps = steps;
	fu->nsteps = n;
	int last = b->nmul_units - 1;
	for (int i = 0; i < ninsts; i++)
		if (b->mul[i].unit == v)
			b->mul[i].unit = u;
		else if (b->mul[i].unit == last)
			b->mul[i].unit = v;
	b->mul_unit[v] = b->mul_unit[last];
	fill[v] = fill[last];
	b->nmul_units--;
}

/* Shares multipliers further while F's multiplier cells (B->mul_cells) exceed its share of the board's
 * DSPs. */
static void fit_dsp_share(const kfunc *f, kbind *b, unit_fill *fill)
{
	while (b->mul_cells > f->dsp_cells) {
		int bu = -1, bv = -1, bsave = 0;
		double bover = 0;
		for (int u = 0; u < b->nmul_units; u++)
			for (int v = u + 1; v < b->nmul_units; v++) {
				const bind_mul_unit *mu = &b->mul_unit[u], *mv = &b->mul_unit[v];
				if (mu->width != mv->width || mu->loop != mv->loop ||
				    !apart(&fill[u], &fill[v]))
					continue;
				bind_mul_unit m = {mu->width,
				                   mu->abits > mv->abits ? mu->abits : mv->abits,
				                   mu->bbits > mv->bbits ? mu->bbits : mv->bbits,
				                   0,
				                   0,
				                   mu->loop};
				int save = unit_cells(mu) + unit_cells(mv) - unit_cells(&m);
				double over = merge_over(f, b, fill, u, v);
				if (save > 0 && (bu < 0 || over < bover - 1e-9 ||
				                 (over < bover + 1e-9 && save > bsave))) {
					bu = u;
					bv = v;
					bsave = save;
					bover = over;
				}
			}
		if (bu < 0)
			return; /* no merge saves a cell: the fit check says what is left over */
		merge_units(b, fill, bu, bv, bover, f->ninsts);
		b->mul_cells -= bsave;
	}
}

/* A pipelined loop's products where the schedule let them take turns (sched_muls_per_cycle: at most so many
 * of a width in each cycle of the loop's stage): each goes on the loop's first multiplier of its width that
 * has no product in its cycle yet. FILL grows with the units; returned. */
static unit_fill *bind_loop_multipliers(const kfunc *f, kbind *b, unit_fill *fill)
{
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		bind_mul *bm = &b->mul[i];
		if (k->block < 0 || k->op != K_MUL || !kir_pipelined(f, k->block) ||
		    !sched_mul_shareable(k, bm->bbits))
			continue;
		int col = k->pslot % f->blocks[k->block].ii, u = 0;
		while (u < b->nmul_units && (b->mul_unit[u].loop != k->block ||
		                             b->mul_unit[u].width != k->width || runs_in(&fill[u], col)))
			u++;
		double d = sched_mul_delay(bm->abits, bm->bbits, 1), start = bind_ns(k->t_end) - d;
		if (u == b->nmul_units) {
			b->mul_unit = xrealloc(b->mul_unit, (size_t)u + 1, sizeof *b->mul_unit);
			fill = xrealloc(fill, (size_t)u + 1, sizeof *fill);
			b->mul_unit[u] = (bind_mul_unit){k->width, 0, 0, 0, 0, k->block};
			fill[u] = (unit_fill){start, 0, 0, -1, NULL, 0};
			b->nmul_units++;
		}
		bind_mul_unit *mu = &b->mul_unit[u];
		mu->abits = bm->abits > mu->abits ? bm->abits : mu->abits;
		mu->bbits = bm->bbits > mu->bbits ? bm->bbits : mu->bbits;
		mu->users++;
		fill[u].start = maxd(fill[u].start, start);
		fill[u].alone = maxd(fill[u].alone, start + d);
		add_step(&fill[u], col);
		bm->unit = u;
	}
	return fill;
}

int bind_multipliers(const kfunc *f, kbind *b)
{
	mul_key *keys = malloc(((size_t)f->ninsts + 1) * sizeof *keys);
	double *end = malloc(((size_t)f->ninsts + 1) * sizeof *end);
	b->mul = malloc(((size_t)f->ninsts + 1) * sizeof *b->mul);
	if (!keys || !end || !b->mul) {
		free(keys);
		free(end);
		return -1;
	}
	int n = 0;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		b->mul[i] = (bind_mul){-1, 0, 0, 0, 0, 0};
		if (k->block < 0 || k->op != K_MUL)
			continue;
		bind_mul *m = &b->mul[i];
		sched_mul_form mf = sched_mul_operands(f, b->vb, k);
		*m = (bind_mul){-1, mf.swap, mf.abits, mf.bbits, mf.atz, mf.btz};
		if (!kir_pipelined(f, k->block) && sched_mul_shareable(k, m->bbits))
			keys[n++] = (mul_key){i, k->width, k->step, m->abits * m->bbits};
	}
	step_ends(f, end);
	kiln_sort(keys, (size_t)n, sizeof *keys, by_unit_order);
	unit_fill *fill = NULL;
	for (int j = 0; j < n; j++) {
		const kinst *k = &f->insts[keys[j].inst];
		bind_mul *bm = &b->mul[keys[j].inst];
		double d = sched_mul_delay(bm->abits, bm->bbits, 1);
		double start = bind_ns(k->t_end) - d, tail = end[keys[j].inst] - bind_ns(k->t_end);
		int u = 0;
		for (; u < b->nmul_units; u++) {
			const bind_mul_unit *mu = &b->mul_unit[u];
			const unit_fill *uf = &fill[u];
			if (mu->width != k->width || uf->last_step == k->step)
				continue;
			int ab = bm->abits > mu->abits ? bm->abits : mu->abits;
			int bb = bm->bbits > mu->bbits ? bm->bbits : mu->bbits;
			double s = start > uf->start ? start : uf->start,
			       t = tail > uf->tail ? tail : uf->tail;
			double budget = sched_step_budget(f->clock_ns);
			if (uf->alone > budget)
				budget = uf->alone;
			if (start + d + tail > budget)
				budget = start + d + tail;
			if (s + sched_mul_delay(ab, bb, 1) + t <= budget + 1e-9)
				break;
		}
		if (u == b->nmul_units) {
			b->mul_unit = xrealloc(b->mul_unit, (size_t)u + 1, sizeof *b->mul_unit);
			fill = xrealloc(fill, (size_t)u + 1, sizeof *fill);
			b->mul_unit[u] = (bind_mul_unit){k->width, 0, 0, 0, 0, -1};
			fill[u] = (unit_fill){start, tail, 0, -1, NULL, 0};
			b->nmul_units++;
		}
		bind_mul_unit *mu = &b->mul_unit[u];
		unit_fill *uf = &fill[u];
		mu->abits = bm->abits > mu->abits ? bm->abits : mu->abits;
		mu->bbits = bm->bbits > mu->bbits ? bm->bbits : mu->bbits;
		mu->users++;
		uf->start = start > uf->start ? start : uf->start;
		uf->tail = tail > uf->tail ? tail : uf->tail;
		uf->alone = start + d + tail > uf->alone ? start + d + tail : uf->alone;
		uf->last_step = k->step;
		add_step(uf, k->step);
		bm->unit = u;
	}
	if (sched_muls_per_cycle(f))
		fill = bind_loop_multipliers(f, b, fill);
	/* the cells of every multiplier: the shared ones, and those of their own binding cannot share */
	b->mul_cells = 0;
	for (int u = 0; u < b->nmul_units; u++)
		b->mul_cells += unit_cells(&b->mul_unit[u]);
	for (int i = 0; i < f->ninsts; i++)
		if (f->insts[i].block >= 0 && f->insts[i].op == K_MUL && b->mul[i].unit < 0)
			b->mul_cells += bind_mul_own_cells(&b->mul[i], f->insts[i].width);
	b->mul_cells_by_timing = b->mul_cells;
	if (f->dsp_capped)
		fit_dsp_share(f, b, fill);
	for (int u = 0; u < b->nmul_units; u++)
		free(fill[u].steps);
	free(fill);
	free(keys);
	free(end);
	/* a multiplier only one multiplication uses is that multiplication's own: no multiplexer */
	int *renum = malloc(((size_t)b->nmul_units + 1) * sizeof *renum);
	if (!renum)
		return -1;
	int kept = 0;
	for (int u = 0; u < b->nmul_units; u++) {
		renum[u] = b->mul_unit[u].users > 1 ? kept : -1;
		if (renum[u] >= 0)
			b->mul_unit[kept++] = b->mul_unit[u];
	}
	b->nmul_units = kept;
	for (int i = 0; i < f->ninsts; i++)
		if (b->mul[i].unit >= 0)
			b->mul[i].unit = renum[b->mul[i].unit];
	free(renum);
	return 0;
}

int bind_mul_own_cells(const bind_mul *m, int width)
{
	int y = width - m->atz - m->btz;
	return y > 0 ? sched_mul_cells(m->abits, m->bbits, y) : 0;
}

int bind_mul_cells(const kfunc *f)
{
	kbind b = {0};
	b.ninsts = f->ninsts;
	b.vb = malloc(((size_t)f->ninsts + 1) * sizeof *b.vb);
	if (!b.vb)
		return -1;
	vbits_analyse(f, b.vb);
	int cells = bind_multipliers(f, &b) == 0 ? b.mul_cells : -1;
	free(b.vb); /* what bind_multipliers fills: not bind_free, whose file calls this one */
	free(b.mul);
	free(b.mul_unit);
	return cells;
}
