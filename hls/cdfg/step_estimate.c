// SPDX-License-Identifier: Apache-2.0
#include "step_estimate.h"

#include <stdlib.h>

#include "../schedule/oplib.h"
#include "../support/xalloc.h"

/* Starts a sequence of F's operations at CLOCK_NS, its inputs ready at the start of its first step. */
void step_est_begin(const kfunc *f, step_est *ch, double clock_ns)
{
	if (ch->cap < f->ninsts) {
		int c = f->ninsts * 2;
		ch->step = xrealloc(ch->step, (size_t)c, sizeof *ch->step);
		ch->t_end = xrealloc(ch->t_end, (size_t)c, sizeof *ch->t_end);
		ch->gen = xrealloc(ch->gen, (size_t)c, sizeof *ch->gen);
		for (int i = ch->cap; i < c; i++)
			ch->gen[i] = 0;
		ch->cap = c;
	}
	int nm = f->nmems + f->nimems;
	if (ch->nm < nm + 1) {
		ch->loads = xrealloc(ch->loads, (size_t)nm + 1, sizeof *ch->loads);
		ch->stores = xrealloc(ch->stores, (size_t)nm + 1, sizeof *ch->stores);
		ch->nm = nm + 1;
	}
	for (int m = 0; m < ch->nm; m++)
		ch->loads[m] = ch->stores[m] = 0;
	ch->cur++;
	ch->last = -1;
	ch->clock_ns = clock_ns;
}

/* Operand V's end, when an operation of the sequence computes it. */
static void operand_end(const step_est *ch, kval v, int *s, double *t)
{
	if (v.kind == KV_OP && ch->gen[v.id] == ch->cur)
		sched_later(s, t, ch->step[v.id], ch->t_end[v.id]);
}

/* Adds operation ID to the sequence, after its operands: combinational delays chain while the step has time,
 * an on-chip read's data is there a step after its request, a floating-point unit's after its levels. A
 * phi (of a block merged in) is the select it becomes. */
void step_est_op(const kfunc *f, step_est *ch, int id)
{
	const kinst *k = &f->insts[id];
	int s = 0;
	double t = 0.0, d = sched_delay(f, NULL, k);
	for (int a = 0; a < k->nargs; a++)
		operand_end(ch, k->a[a], &s, &t);
	for (int q = 0; q < k->nphi; q++)
		operand_end(ch, k->phi_val[q], &s, &t);
	if (k->op == K_PHI)
		d = k->nphi > 1 ? 0.3 : 0.0;
	if (t + d > sched_step_budget(ch->clock_ns) && t > 0) {
		s++;
		t = 0.0;
	}
	if (k->op == K_LOAD) {
		ch->loads[k->mem]++;
		s++;
		d = sched_load_ready(f, k);
		t = 0.0;
	} else if (k->op == K_STORE) {
		ch->stores[k->mem]++;
	} else if (kop_unit(k->op) == KU_FPU) {
		s += 4; /* a unit's levels, at least (schedule/fp_units.c) */
		d = 0.0;
		t = 0.0;
	}
	ch->step[id] = s;
	ch->t_end[id] = t + d;
	ch->gen[id] = ch->cur;
	if (s > ch->last)
		ch->last = s;
}

/* The steps the sequence takes: its dependences' and its accesses' on the memories' ports (a module port
 * takes an access a step, an on-chip memory two loads or a store). At least one. */
int step_est_steps(const kfunc *f, const step_est *ch)
{
	int steps = ch->last + 1 > 1 ? ch->last + 1 : 1;
	for (int m = 0; m < f->nmems + f->nimems; m++) {
		int need = m < f->nmems
		               ? ch->loads[m] + ch->stores[m]
		               : (ch->loads[m] + SCHED_RAM_PORTS - 1) / SCHED_RAM_PORTS + ch->stores[m];
		if (need > steps)
			steps = need;
	}
	return steps;
}

void step_est_free(step_est *ch)
{
	free(ch->step);
	free(ch->t_end);
	free(ch->gen);
	free(ch->loads);
	free(ch->stores);
}

/* Operation ID reads a value the sequence in CH has computed. */
int step_est_depends(const kfunc *f, const step_est *ch, int id)
{
	const kinst *k = &f->insts[id];
	for (int a = 0; a < k->nargs; a++)
		if (k->a[a].kind == KV_OP && ch->gen[k->a[a].id] == ch->cur)
			return 1;
	for (int q = 0; q < k->nphi; q++)
		if (k->phi_val[q].kind == KV_OP && ch->gen[k->phi_val[q].id] == ch->cur)
			return 1;
	return 0;
}

/* The steps block B's operations but its branch take alone (step_est_op), inputs ready at the start: at least
 * one, as a block of its own takes. */
int step_est_block(const kfunc *f, int b, double clock_ns, step_est *ch)
{
	const kblock *bl = &f->blocks[b];
	step_est_begin(f, ch, clock_ns);
	for (int j = 0; j < bl->ninsts - 1; j++)
		step_est_op(f, ch, bl->insts[j]);
	return step_est_steps(f, ch);
}
