// SPDX-License-Identifier: Apache-2.0
#include "schedule.h"

#include "../support/xalloc.h"
#include "fp_units.h"
#include "oplib.h"
#include "pipeline.h"
#include "problem.h"

#include <stdlib.h>
#include <string.h>

static int add_step(kfunc *f, int block, kstep_kind kind)
{
	if (f->nsteps == f->csteps) {
		f->csteps = f->csteps ? f->csteps * 2 : 32;
		f->steps = xrealloc(f->steps, (size_t)f->csteps, sizeof *f->steps);
	}
	kstep *s = &f->steps[f->nsteps];
	memset(s, 0, sizeof *s);
	s->kind = kind;
	s->block = block;
	s->inst = -1;
	s->wait = -1;
	return f->nsteps++;
}

/* Makes sure step S exists for BLOCK (steps of a block are contiguous and appended in order). */
static void ensure_step(kfunc *f, int block, int s)
{
	while (f->nsteps <= s)
		add_step(f, block, STEP_COMB);
}

/* When operand V of an operation in BLOCK is ready: its step and ns into that step. Values from other
 * blocks, phis and arguments are registers, ready at the start of the block. */
static void ready_at(const kfunc *f, int block, kval v, int first, int *step, double *t)
{
	*step = first;
	*t = 0.0;
	if (v.kind != KV_OP)
		return;
	const kinst *d = &f->insts[v.id];
	if (d->block != block || d->op == K_PHI)
		return;
	*step = d->step;
	*t = d->t_end;
}

static int kval_same(kval a, kval b)
{
	return a.kind == b.kind && a.width == b.width && (a.kind == KV_CONST ? a.c == b.c : a.id == b.id);
}

/* Per-step bookkeeping of one block's schedule: which internal memories each step reads or writes, and
 * whether the step can last more than one cycle (it waits on a module port, the divider or a copy loop). */
typedef struct blocksched {
	int nall;
	unsigned char *use; /* [step * nall + m]: 1 read, 2 write */
	int cap;
} blocksched;

static unsigned char *use_at(blocksched *bs, int s, int m)
{
	if (s >= bs->cap) {
		int n = bs->cap ? bs->cap : 16;
		while (n <= s)
			n *= 2;
		bs->use = xrealloc(bs->use, (size_t)n * (size_t)bs->nall, 1);
		memset(bs->use + (size_t)bs->cap * (size_t)bs->nall, 0,
		       (size_t)(n - bs->cap) * (size_t)bs->nall);
		bs->cap = n;
	}
	return &bs->use[(size_t)s * (size_t)bs->nall + (size_t)m];
}

static int is_internal(const kfunc *f, int m)
{
	return m >= f->nmems;
}

/* An internal memory holds its read data until its next read, and a load captures that data in every cycle of
 * the step after its request. So a step that may last several cycles must not read a memory whose load
 * issued in the step before: step S is unsafe when it stalls, reads internal memory M, and S-1 loaded from M.
 */
static int stall_conflict(const kfunc *f, blocksched *bs, int s, int first)
{
	if (s <= first)
		return 0;
	for (int m = f->nmems; m < bs->nall; m++)
		if (*use_at(bs, s, m) == 1 && *use_at(bs, s - 1, m) == 1)
			return 1;
	return 0;
}

static int is_stall(kstep_kind k)
{
	return k != STEP_COMB && k != STEP_DIV_ISSUE;
}

/* First step at or after S (of the block starting at FIRST) that has no step-level item yet (a port request
 * or wait, a divider start or wait, a copy loop) and where a stalling item would not break the
 * internal-memory rule (stall_conflict). */
static int free_slot(kfunc *f, blocksched *bs, int bi, int s, int first)
{
	for (;; s++) {
		ensure_step(f, bi, s);
		if (f->steps[s].kind == STEP_COMB && !stall_conflict(f, bs, s, first))
			return s;
	}
}

/* Like free_slot for a module-port request or response wait, which may also share a step with one of the
 * other kind (ISSUE says which this is). */
static int port_slot(kfunc *f, blocksched *bs, int bi, int s, int first, int issue)
{
	for (;; s++) {
		ensure_step(f, bi, s);
		const kstep *st = &f->steps[s];
		int ok = st->kind == STEP_COMB || (issue && st->kind == STEP_MEM_WAIT) ||
		         (!issue && st->kind == STEP_MEM_ISSUE && st->wait < 0);
		if (ok && !stall_conflict(f, bs, s, first))
			return s;
	}
}

/* Puts module-port request or response wait INST into step S found by port_slot. */
static void port_place(kfunc *f, int s, int inst, int issue)
{
	kstep *st = &f->steps[s];
	if (issue) {
		st->wait = st->kind == STEP_MEM_WAIT ? st->inst : -1;
		st->kind = STEP_MEM_ISSUE;
		st->inst = inst;
	} else if (st->kind == STEP_MEM_ISSUE) {
		st->wait = inst;
	} else {
		st->kind = STEP_MEM_WAIT;
		st->inst = inst;
	}
}

/* Solves problem P of kernel F (P's kernel): writes the schedule into F. OVERLAP[b]: block b is a loop the
 * pipeliner may take (pipeline_candidate, already prepared). */
static void solve(const sched_problem *p, kfunc *f, const int *overlap)
{
	double clock_ns = p->clock_ns;
	f->clock_ns = clock_ns;
	f->nsteps = 0;
	blocksched bs = {f->nmems + f->nimems, NULL, 0};
	/* Per memory: the step of its last request (requests follow program order) and the step by which all
	 * of its requests have completed (a copy loop needs the port to itself). */
	int *port_last = calloc((size_t)bs.nall + 1, sizeof *port_last);
	int *port_done = calloc((size_t)bs.nall + 1, sizeof *port_done);
	/* The shared floating-point units: the operation each takes operands from, per step. */
	int *fpu = malloc(((size_t)f->ninsts + 1) * sizeof *fpu);
	int nfpu = fpu ? fp_unit_groups(f, clock_ns, fpu) : -1;
	unsigned char *fpu_at = NULL; /* [step * nfpu + group] */
	int fpu_cap = 0;
	for (int bi = 0; bi < f->nblocks; bi++) {
		kblock *bl = &f->blocks[bi];
		bl->res_mii = p->res_mii[bi];
		bl->rec_mii = p->rec_mii[bi];
		int first = add_step(f, bi, STEP_COMB);
		/* Divisions share one divider per width: each starts after the previous one's result. */
		int div_done[65], div_last[65];
		for (int w = 0; w <= 64; w++) {
			div_done[w] = first - 1;
			div_last[w] = -1;
		}
		if (bs.cap)
			memset(bs.use, 0, (size_t)bs.cap * (size_t)bs.nall);
		for (int m = 0; m < bs.nall; m++)
			port_last[m] = port_done[m] = first - 1;
		bl->first_step = first;
		for (int j = 0; j < bl->ninsts; j++) {
			kinst *k = &f->insts[bl->insts[j]];
			int s = first;
			double t = 0.0;
			k->issue = -1;
			if (k->op == K_PHI) {
				k->step = first;
				k->t_end = 0.0;
				continue;
			}
			for (int a = 0; a < k->nargs; a++) {
				int os;
				double ot;
				ready_at(f, bi, k->a[a], first, &os, &ot);
				sched_later(&s, &t, os, ot);
			}
			double d = p->delay[bl->insts[j]];
			if (kop_is_term(k->op)) {
				if (s < f->nsteps - 1) {
					s = f->nsteps - 1;
					t = 0.0;
				}
			} else if (kop_unit(k->op) == KU_COPY) {
				/* A copy loop in a step of its own, its operands in registers, with its
				 * memories idle. */
				int two = k->op == K_MEMCPY;
				if (t > 0)
					s++;
				for (int m = 0; m < 1 + two; m++) {
					int mm = m ? k->mem2 : k->mem;
					if (s <= port_done[mm])
						s = port_done[mm] + 1;
				}
				/* The copy reads its source in a step that stalls: not right after a load of
				 * it. */
				for (;;) {
					s = free_slot(f, &bs, bi, s, first);
					if (!two || !is_internal(f, k->mem2) || s == first ||
					    *use_at(&bs, s - 1, k->mem2) != 1)
						break;
					s++;
				}
				if (two && is_internal(f, k->mem2))
					*use_at(&bs, s, k->mem2) = 1;
				f->steps[s].kind = STEP_COPY;
				f->steps[s].inst = bl->insts[j];
				k->step = s;
				k->t_end = 0;
				port_last[k->mem] = port_done[k->mem] = s;
				if (two)
					port_last[k->mem2] = port_done[k->mem2] = s;
				continue;
			} else if (sched_is_div(k->op)) {
				int dw = sched_div_width(k->width);
				int sg = k->op == K_SDIV || k->op == K_SREM;
				const kinst *p = div_last[dw] >= 0 ? &f->insts[div_last[dw]] : NULL;
				if (p && (p->op == K_SDIV || p->op == K_SREM) == sg && p->width == k->width &&
				    kval_same(p->a[0], k->a[0]) && kval_same(p->a[1], k->a[1])) {
					/* The quotient and remainder of one division: the last run left both.
					 */
					k->step = p->step;
					k->t_end = d;
					continue;
				}
				/* The divider: operands in (one cycle), then its result in the step where it
				 * is due; the steps in between take independent work. */
				if (s <= div_done[dw]) {
					s = div_done[dw] + 1;
					t = 0.0;
				}
				if (t + 0.5 > clock_ns && t > 0) {
					s++;
					t = 0.0;
				}
				s = free_slot(f, &bs, bi, s, first);
				int n = dw / sched_div_bits_per_cycle(clock_ns, dw);
				int w = free_slot(f, &bs, bi, s + 1 + (n < 16 ? n : 16), first);
				f->steps[s].kind = STEP_DIV_ISSUE;
				f->steps[s].inst = bl->insts[j];
				f->steps[w].kind = STEP_DIV_WAIT;
				f->steps[w].inst = bl->insts[j];
				k->step = div_done[dw] = w;
				div_last[dw] = bl->insts[j];
				k->t_end = d;
				continue;
			} else if (kop_unit(k->op) == KU_FPU && nfpu > 0) {
				/* Operands into the unit's input register, its result LAT steps later from
				 * its output register, inside the block (the unit advances with the
				 * controller's steps); one operation per unit and step. */
				int g = fpu[bl->insts[j]], lat = p->fp_latency[bl->insts[j]];
				if (t + d > clock_ns && t > 0) {
					s++;
					t = 0.0;
				}
				for (;; s++) {
					if (s >= fpu_cap) {
						int nc = fpu_cap ? fpu_cap : 64;
						while (nc <= s)
							nc *= 2;
						unsigned char *na =
						    realloc(fpu_at, (size_t)nc * (size_t)nfpu);
						if (!na)
							break;
						memset(na + (size_t)fpu_cap * (size_t)nfpu, 0,
						       (size_t)(nc - fpu_cap) * (size_t)nfpu);
						fpu_at = na;
						fpu_cap = nc;
					}
					if (!fpu_at[(size_t)s * (size_t)nfpu + (size_t)g])
						break;
				}
				if (s < fpu_cap)
					fpu_at[(size_t)s * (size_t)nfpu + (size_t)g] = 1;
				ensure_step(f, bi, s + lat);
				k->issue = s;
				k->step = s + lat;
				k->t_end = 0.0;
				continue;
			} else if (kop_is_access(k->op)) {
				int mem_int = is_internal(f, k->mem);
				if (s <= port_last[k->mem]) {
					s = port_last[k->mem] + 1;
					t = 0.0;
				}
				if (t + d > clock_ns && t > 0) {
					s++;
					t = 0.0;
				}
				if (mem_int) {
					/* A load must not read in a stalling step right after a load of the
					 * same memory. */
					ensure_step(f, bi, s);
					while (k->op == K_LOAD && s > first && is_stall(f->steps[s].kind) &&
					       *use_at(&bs, s - 1, k->mem) == 1)
						ensure_step(f, bi, ++s);
					*use_at(&bs, s, k->mem) = k->op == K_LOAD ? 1 : 2;
				} else {
					s = port_slot(f, &bs, bi, s, first, 1);
					port_place(f, s, bl->insts[j], 1);
				}
				port_last[k->mem] = s;
				if (port_done[k->mem] < s)
					port_done[k->mem] = s;
				k->issue = s;
				if (k->op == K_STORE) {
					k->step = s;
					k->t_end = t + d;
					continue;
				}
				/* Read data: an internal memory answers in the next step; a module port's
				 * response is awaited where it is due, and requests after this one go out
				 * meanwhile. */
				int w = s + 1;
				if (!mem_int) {
					w = port_slot(f, &bs, bi, s + p->latency[k->mem], first, 0);
					port_place(f, w, bl->insts[j], 0);
				}
				ensure_step(f, bi, w);
				if (port_done[k->mem] < w)
					port_done[k->mem] = w;
				k->step = w;
				k->t_end = 0.5; /* byte-lane alignment of the read data */
				continue;
			}
			if (t + d > clock_ns && t > 0) {
				s++;
				t = 0.0;
			}
			ensure_step(f, bi, s);
			k->step = s;
			k->t_end = t + d;
		}
		bl->last_step = f->nsteps - 1;
		if (overlap[bi])
			pipeline_block(p, f, bi);
	}
	free(port_last);
	free(port_done);
	free(bs.use);
	free(fpu);
	free(fpu_at);
	/* A value needs a register when some use sits in another step than its definition, or when it is a
	 * phi or a loaded word (both captured at a step boundary). In a pipelined loop the stages keep values
	 * of their own, so there the register is the value of the last iteration, for uses after the loop. */
	for (int i = 0; i < f->ninsts; i++) {
		kinst *k = &f->insts[i];
		if (k->block < 0)
			continue;
		if (k->op == K_PHI || (k->op == K_LOAD && !f->blocks[k->block].pipelined))
			k->registered = 1;
	}
	for (int i = 0; i < f->ninsts; i++) {
		kinst *u = &f->insts[i];
		if (u->block < 0)
			continue;
		int use_step = u->step, pipe = f->blocks[u->block].pipelined;
		for (int a = 0; a < u->nargs; a++)
			if (u->a[a].kind == KV_OP) {
				kinst *d = &f->insts[u->a[a].id];
				if (d->block != u->block || (!pipe && d->step != use_step))
					d->registered = 1;
			}
		for (int p = 0; p < u->nphi; p++)
			if (u->phi_val[p].kind == KV_OP && !(pipe && u->phi_block[p] == u->block))
				f->insts[u->phi_val[p].id].registered = 1;
	}
}

void sched_run(kfunc *f, double clock_ns, int pipeline)
{
	/* Preparing a loop for pipelining adds operations, so it belongs to building the problem. */
	int *overlap = calloc((size_t)f->nblocks + 1, sizeof *overlap);
	for (int b = 0; overlap && pipeline && b < f->nblocks; b++)
		if ((overlap[b] = pipeline_candidate(f, b)))
			pipeline_prepare(f, b);
	sched_problem p;
	f->clock_ns = clock_ns;
	f->nsteps = 0;
	if (!overlap || sched_problem_init(&p, f, clock_ns) != 0) {
		/* Out of memory: no steps, which sched_verify reports. */
		free(overlap);
		return;
	}
	solve(&p, f, overlap);
	sched_problem_free(&p);
	free(overlap);
}
