// SPDX-License-Identifier: Apache-2.0
#include "problem.h"

#include <stdlib.h>

#include "fp_units.h"
#include "oplib.h"

int sched_self_loop(const kfunc *f, int b)
{
	const kblock *bl = &f->blocks[b];
	if (!bl->ninsts)
		return 0;
	const kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
	return (t->op == K_BR && t->succ[0] == b) ||
	       (t->op == K_CONDBR && (t->succ[0] == b || t->succ[1] == b));
}

/* Lower bounds on the initiation interval of a single-block loop, computed once per problem, here, and
 * read by the pipeliner, the schedule report and sched_verify alike, so that they cannot disagree. */

/* ResMII of single-block loop B: accesses per memory port (copy loops count their words), and requests over
 * all module ports together, one per cycle each. Needs P's delays and latencies only. */
static int res_mii(const sched_problem *p, int b)
{
	const kfunc *f = p->f;
	int nall = f->nmems + f->nimems, mii = 1, mod = 0;
	int *cnt = calloc((size_t)nall + 1, sizeof *cnt);
	if (!cnt)
		return 1;
	const kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		if (kop_is_access(k->op)) {
			mod += k->mem < f->nmems;
			cnt[k->mem]++;
		} else if (kop_unit(k->op) == KU_COPY) {
			/* a copy of run-time length counts as one word: it never pipelines */
			int words = k->a[2].kind == KV_CONST ? (int)((k->a[2].c + 3) / 4) : 1;
			cnt[k->mem] += words;
			if (k->op == K_MEMCPY)
				cnt[k->mem2] += words;
		}
	}
	for (int m = 0; m < nall; m++)
		if (cnt[m] > mii)
			mii = cnt[m];
	free(cnt);
	return mod > mii ? mod : mii;
}

/* Where the value of operation K is there when its operands (reached from the phi) are there at (*S, *T):
 * the scheduler's chaining rule for one operation. */
static void chain(const sched_problem *p, const kinst *k, int i, int *s, double *t)
{
	double d = p->delay[i];
	if (sched_is_div(k->op)) {
		int dw = sched_div_width(k->width);
		if (*t + 0.5 > p->clock_ns && *t > 0)
			++*s;
		*s += 1 + dw / sched_div_bits_per_cycle(p->clock_ns, dw);
		*t = d;
		return;
	}
	if (*t + d > p->clock_ns && *t > 0) {
		++*s;
		*t = 0;
	}
	if (kop_unit(k->op) == KU_FPU) {
		*s += p->fp_latency[i];
		*t = 0; /* the unit's output register */
		return;
	}
	if (k->op == K_LOAD) {
		*s += p->latency[k->mem];
		*t = 0.5; /* byte-lane alignment of the read data, as the scheduler plans it */
		return;
	}
	*t += d;
}

/* The phi of loop B whose next value is phi Q (directly, or the copy pipeline_prepare gave it), or -1. */
static int rotates_from(const kfunc *f, int b, int q)
{
	const kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *r = &f->insts[bl->insts[j]];
		int v = r->op == K_PHI ? kir_back_value(f, b, r) : -1;
		if (v >= 0 && (v == q || (f->insts[v].op == K_COPY && f->insts[v].a[0].kind == KV_OP &&
		                          f->insts[v].a[0].id == q)))
			return bl->insts[j];
	}
	return -1;
}

/* A value V computed SLOT cycles into an iteration from phi PI that reaches PI again only through a rotation
 * of phis (each taking the one after it, as lower/reassoc.c builds partial sums): V becomes phi Q's next
 * value, Q's the next phi's, ..., back to PI, K phis in all. Each hop takes its back value's kir_back_gap
 * cycles (V's to Q, then each copy's), and the value comes round once every K iterations: the II is at least
 * (SLOT + the gaps) / K, rounded up. 0 when V does not come round. */
static int rotation_bound(const kfunc *f, int b, int pi, int q, int slot, int v)
{
	int k = 1, late = slot + kir_back_gap(f, v);
	for (int r = q; r != pi; k++) {
		r = rotates_from(f, b, r);
		if (r < 0 || k > f->blocks[b].ninsts)
			return 0;
		late += kir_back_gap(f, kir_back_value(f, b, &f->insts[r]));
	}
	return (late + k - 1) / k;
}

/* RecMII of single-block loop B: over every phi of B, the cycles from the phi to the value it takes on the
 * back edge, chained as the scheduler chains (an operation starts a new cycle when it does not fit the rest
 * of the period; a load's data comes its latency later; a division takes its divider's cycles). Memory
 * recurrences are left out, which only lowers it. Needs P's delays and latencies only. */
static int rec_mii(const sched_problem *p, int b)
{
	const kfunc *f = p->f;
	const kblock *bl = &f->blocks[b];
	int *slot = malloc(((size_t)f->ninsts + 1) * sizeof *slot);
	double *t = malloc(((size_t)f->ninsts + 1) * sizeof *t);
	int mii = 1;
	for (int ph = 0; slot && t && ph < bl->ninsts; ph++) {
		int pi = bl->insts[ph];
		const kinst *phi = &f->insts[pi];
		if (phi->op != K_PHI)
			continue;
		/* slot -1: not reached from this phi. */
		for (int j = 0; j < bl->ninsts; j++)
			slot[bl->insts[j]] = -1;
		slot[pi] = 0;
		t[pi] = 0;
		for (int j = 0; j < bl->ninsts; j++) {
			int i = bl->insts[j];
			const kinst *k = &f->insts[i];
			if (k->op == K_PHI || kop_unit(k->op) == KU_COPY || kop_is_term(k->op))
				continue;
			int s = -1;
			double at = 0;
			for (int a = 0; a < k->nargs; a++) {
				int d = k->a[a].kind == KV_OP ? k->a[a].id : -1;
				if (d < 0 || f->insts[d].block != b || slot[d] < 0 ||
				    (d != pi && f->insts[d].op == K_PHI))
					continue;
				if (s < 0) {
					s = 0;
					at = 0;
				}
				/* Other operands (not reached from the phi) are taken as there at the start,
				 * which only lowers the bound. */
				sched_later(&s, &at, slot[d], d == pi ? 0 : t[d]);
			}
			if (s < 0)
				continue;
			chain(p, k, i, &s, &at);
			slot[i] = s;
			t[i] = at;
		}
		for (int q = 0; q < phi->nphi; q++) {
			kval v = phi->phi_val[q];
			if (phi->phi_block[q] == b && v.kind == KV_OP && f->insts[v.id].block == b &&
			    slot[v.id] >= 0 && slot[v.id] + kir_back_gap(f, v.id) > mii)
				mii = slot[v.id] + kir_back_gap(f, v.id);
		}
		/* values that come back to this phi through a rotation of other phis */
		for (int j = 0; j < bl->ninsts; j++) {
			const kinst *q = &f->insts[bl->insts[j]];
			int v = q->op == K_PHI && bl->insts[j] != pi ? kir_back_value(f, b, q) : -1;
			if (v >= 0 && slot[v] >= 0) {
				int r = rotation_bound(f, b, pi, bl->insts[j], slot[v], v);
				if (r > mii)
					mii = r;
			}
		}
	}
	free(slot);
	free(t);
	return mii;
}

int sched_problem_init(sched_problem *p, const kfunc *f, double clock_ns)
{
	int nall = f->nmems + f->nimems;
	*p = (sched_problem){f, clock_ns, NULL, NULL, NULL, NULL, NULL};
	p->delay = malloc(((size_t)f->ninsts + 1) * sizeof *p->delay);
	p->fp_latency = calloc((size_t)f->ninsts + 1, sizeof *p->fp_latency);
	p->latency = malloc(((size_t)nall + 1) * sizeof *p->latency);
	p->res_mii = calloc((size_t)f->nblocks + 1, sizeof *p->res_mii);
	p->rec_mii = calloc((size_t)f->nblocks + 1, sizeof *p->rec_mii);
	if (!p->delay || !p->fp_latency || !p->latency || !p->res_mii || !p->rec_mii) {
		sched_problem_free(p);
		return -1;
	}
	for (int i = 0; i < f->ninsts; i++) {
		p->delay[i] = sched_delay(f, &f->insts[i]);
		if (kop_unit(f->insts[i].op) == KU_FPU)
			p->fp_latency[i] = fp_unit_latency(&f->insts[i], clock_ns);
	}
	for (int m = 0; m < nall; m++)
		p->latency[m] = m < f->nmems ? sched_read_latency(f, m) : 1; /* on-chip: the next cycle */
	for (int b = 0; b < f->nblocks; b++)
		if (sched_self_loop(f, b)) {
			p->res_mii[b] = res_mii(p, b);
			p->rec_mii[b] = rec_mii(p, b);
		}
	return 0;
}

void sched_problem_free(sched_problem *p)
{
	free(p->delay);
	free(p->fp_latency);
	free(p->latency);
	free(p->res_mii);
	free(p->rec_mii);
	*p = (sched_problem){0};
}
