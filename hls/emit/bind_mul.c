// SPDX-License-Identifier: Apache-2.0
/* Binding of multiplications (bind.h): each multiplier only as wide as its operands are known to be, and the
 * multiplications of the sequential code sharing multipliers, as Bambu binds its functional units. A shared
 * multiplier joins the paths of all its states: the logic before one state's multiplication and the logic
 * after another's become one path through it. So a multiplication joins a multiplier only while the longest
 * such path stays within the clock period (or within the longest path of its multiplications alone, for
 * those the scheduler let run longer); the schedule's times say where each one's operands are ready and how
 * far its result still travels in its state. A pipelined loop's multiplications keep multipliers of their
 * own: they may all run in every cycle. */
#include "bind.h"

#include "../cdfg/value_bits.h"
#include "../schedule/oplib.h"
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

/* T in the hundredths of a ns kir.txt writes times in, so that binding decides the same on a kernel read
 * back from its text as on the kernel the scheduler left. */
static double in_text(double t)
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
		end[i] = f->insts[i].width ? in_text(f->insts[i].t_end) : 0.0;
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
} unit_fill;

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
		b->mul[i] = (bind_mul){-1, 0, 0, 0};
		if (k->block < 0 || k->op != K_MUL)
			continue;
		bind_mul *m = &b->mul[i];
		sched_mul_operands(f, b->vb, k, &m->abits, &m->bbits, &m->swap);
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
		double start = in_text(k->t_end) - d, tail = end[keys[j].inst] - in_text(k->t_end);
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
			b->mul_unit[u] = (bind_mul_unit){k->width, 0, 0, 0};
			fill[u] = (unit_fill){start, tail, 0, -1};
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
		bm->unit = u;
	}
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
