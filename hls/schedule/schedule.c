// SPDX-License-Identifier: Apache-2.0
#include "schedule.h"

#include "../cdfg/value_bits.h"
#include "../support/xalloc.h"
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
	if (d->block != block || (d->op == K_PHI && !d->edge))
		return;
	*step = d->op == K_PHI ? first : d->step;
	*t = d->t_end;
}

/* Per-step bookkeeping of one block's schedule: how each step uses each internal memory (ram_use). */
typedef struct blocksched {
	int nall;
	unsigned char *use; /* [step * nall + m] */
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
		if (sched_use_reads(*use_at(bs, s, m)) && sched_use_reads(*use_at(bs, s - 1, m)))
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

/* The state of placing one kernel's operations: the steps' uses of internal memories, per memory the step of
 * its last request (requests follow program order) and the step by which all of its requests have completed
 * (a copy loop needs the port to itself), per divider width the step its last run ends and that run's
 * division, and per floating-point unit and shared multiplier width how many operations each step gives it.
 */
typedef struct placer {
	const sched_problem *p;
	kfunc *f;
	int bi, first; /* the block being placed and its first step */
	blocksched bs;
	int *port_last; /* a module port's last request (on-chip accesses follow after_aliases instead) */
	int *port_done;
	int div_done[65], div_last[65];
	unsigned char *unit_at; /* [step * ntypes + type] */
	int unit_cap;
	int edge_failed; /* the phi of an edge load that did not fit its block's last step, or -1 */
	const struct readers_of *rd;
} placer;

/* A combinational operation: chained behind its operands while the step's time allows. */
static void place_logic(placer *pl, int i, int s, double t)
{
	kinst *k = &pl->f->insts[i];
	double d = pl->p->delay[i];
	if (t + d > pl->p->budget_ns && t > 0) {
		s++;
		t = 0.0;
	}
	ensure_step(pl->f, pl->bi, s);
	k->step = s;
	k->t_end = t + d;
}

/* The block's branch or return: in its last step. */
static void place_control(placer *pl, int i, int s, double t)
{
	if (s < pl->f->nsteps - 1) {
		s = pl->f->nsteps - 1;
		t = 0.0;
	}
	place_logic(pl, i, s, t);
}

/* A copy loop in a step of its own, its operands in registers, with its memories idle. */
static void place_copy(placer *pl, int i, int s, double t)
{
	kfunc *f = pl->f;
	kinst *k = &f->insts[i];
	int two = k->op == K_MEMCPY;
	if (t > 0)
		s++;
	for (int m = 0; m < 1 + two; m++) {
		int mm = m ? k->mem2 : k->mem;
		if (s <= pl->port_done[mm])
			s = pl->port_done[mm] + 1;
	}
	/* The copy reads its source in a step that stalls: not right after a load of it. */
	for (;;) {
		s = free_slot(f, &pl->bs, pl->bi, s, pl->first);
		if (!two || !is_internal(f, k->mem2) || s == pl->first ||
		    !sched_use_reads(*use_at(&pl->bs, s - 1, k->mem2)))
			break;
		s++;
	}
	/* nothing else uses its memories in its step */
	if (is_internal(f, k->mem))
		*use_at(&pl->bs, s, k->mem) = SCHED_USE_STORE;
	if (two && is_internal(f, k->mem2))
		*use_at(&pl->bs, s, k->mem2) = SCHED_USE_FULL;
	f->steps[s].kind = STEP_COPY;
	f->steps[s].inst = i;
	k->step = s;
	k->t_end = 0;
	pl->port_last[k->mem] = pl->port_done[k->mem] = s;
	if (two)
		pl->port_last[k->mem2] = pl->port_done[k->mem2] = s;
}

/* A division: operands into its width's divider (one cycle), then its result in the step where it is due;
 * the steps in between take independent work. The quotient and remainder of one division share a run. */
static void place_division(placer *pl, int i, int s, double t)
{
	kfunc *f = pl->f;
	kinst *k = &f->insts[i];
	double d = pl->p->delay[i];
	int dw = sched_div_width(k->width);
	int sg = k->op == K_SDIV || k->op == K_SREM;
	const kinst *p = pl->div_last[dw] >= 0 ? &f->insts[pl->div_last[dw]] : NULL;
	if (p && (p->op == K_SDIV || p->op == K_SREM) == sg && p->width == k->width &&
	    kir_val_same(p->a[0], k->a[0]) && kir_val_same(p->a[1], k->a[1])) {
		k->step = p->step;
		k->t_end = d;
		return;
	}
	if (s <= pl->div_done[dw]) {
		s = pl->div_done[dw] + 1;
		t = 0.0;
	}
	if (t + 0.5 > pl->p->budget_ns && t > 0) {
		s++;
		t = 0.0;
	}
	s = free_slot(f, &pl->bs, pl->bi, s, pl->first);
	/* The wait step goes no further than 17 steps on (it stalls there until the run is done), so that a
	 * long division does not stretch its block with empty steps. */
	int run = sched_latency(pl->p, i);
	int w = free_slot(f, &pl->bs, pl->bi, s + (run < 17 ? run : 17), pl->first);
	f->steps[s].kind = STEP_DIV_ISSUE;
	f->steps[s].inst = i;
	f->steps[w].kind = STEP_DIV_WAIT;
	f->steps[w].inst = i;
	k->step = pl->div_done[dw] = w;
	pl->div_last[dw] = i;
	k->t_end = d;
}

/* The first step at or after S in which operator type G (a floating-point unit or a shared multiplier width)
 * takes another operation, which it is then given. */
static int unit_slot(placer *pl, int g, int s)
{
	int nt = pl->p->ntypes;
	for (;; s++) {
		if (s >= pl->unit_cap) {
			int nc = pl->unit_cap ? pl->unit_cap : 64;
			while (nc <= s)
				nc *= 2;
			pl->unit_at = xrealloc(pl->unit_at, (size_t)nc * (size_t)nt, 1);
			memset(pl->unit_at + (size_t)pl->unit_cap * (size_t)nt, 0,
			       (size_t)(nc - pl->unit_cap) * (size_t)nt);
			pl->unit_cap = nc;
		}
		if (pl->unit_at[(size_t)s * (size_t)nt + (size_t)g] < pl->p->types[g].limit)
			break;
	}
	pl->unit_at[(size_t)s * (size_t)nt + (size_t)g]++;
	return s;
}

/* A floating-point operation: operands into its unit's input register, its result LAT steps later from its
 * output register, inside the block (the unit advances with the controller's steps); one operation per unit
 * and step. */
static void place_fpu(placer *pl, int i, int s, double t)
{
	kfunc *f = pl->f;
	kinst *k = &f->insts[i];
	int g = pl->p->type[i];
	if (g < 0) { /* an operation no unit runs (outside any block): chained like logic */
		place_logic(pl, i, s, t);
		return;
	}
	if (t + pl->p->delay[i] > pl->p->budget_ns && t > 0)
		s++;
	s = unit_slot(pl, g, s);
	ensure_step(f, pl->bi, s + sched_latency(pl->p, i));
	k->issue = s;
	k->step = s + sched_latency(pl->p, i);
	k->t_end = 0.0;
}

/* A multiplication: chained like logic, but a shared multiplier width takes only so many a step (its type's
 * limit), so that binding can put the others' products on the same multipliers in other steps. */
static void place_multiplier(placer *pl, int i, int s, double t)
{
	int g = pl->p->type[i];
	place_logic(pl, i, s, t);
	if (g < 0)
		return;
	kinst *k = &pl->f->insts[i];
	int at = unit_slot(pl, g, k->step);
	if (at != k->step) { /* operands from registers at the start of a later step */
		ensure_step(pl->f, pl->bi, at);
		k->step = at;
		k->t_end = pl->p->delay[i];
	}
}

/* The first step access I of on-chip memory M may take: after each earlier access of M in its block it is
 * ordered after (sched_onchip_ordered), and after a copy loop on M; beside or before the others, which it
 * cannot meet. */
static int after_aliases(const placer *pl, int i)
{
	const kfunc *f = pl->f;
	const kinst *k = &f->insts[i];
	const kblock *bl = &f->blocks[pl->bi];
	int lo = pl->first;
	for (int j = 0; j < bl->ninsts && bl->insts[j] != i; j++) {
		const kinst *o = &f->insts[bl->insts[j]];
		int at = -1;
		if (kop_unit(o->op) == KU_COPY &&
		    (o->mem == k->mem || (o->op == K_MEMCPY && o->mem2 == k->mem)))
			at = o->step;
		else if (kop_is_access(o->op) && o->mem == k->mem &&
		         sched_onchip_ordered(f, pl->bi, bl->insts[j], i))
			at = o->issue;
		if (at + 1 > lo)
			lo = at + 1;
	}
	return lo;
}

/* Whether another access of on-chip memory M (a store when STORE) fits step S of the block being placed: a
 * port free, and for a load no read of M in a stalling step right before it or in the stalling step right
 * after it (accesses need not be placed in program order). */
static int onchip_fits(placer *pl, int s, int m, int store)
{
	kfunc *f = pl->f;
	if (!sched_column_fits(*use_at(&pl->bs, s, m), store, SCHED_RAM_PORTS))
		return 0;
	return store || !((s > pl->first && is_stall(f->steps[s].kind) &&
	                   sched_use_reads(*use_at(&pl->bs, s - 1, m))) ||
	                  (s + 1 < f->nsteps && is_stall(f->steps[s + 1].kind) &&
	                   sched_use_reads(*use_at(&pl->bs, s + 1, m))));
}

/* A load or store on a port of its memory. On a module port, in a later step than the memory's request
 * before it. On an on-chip memory, as early as the accesses it may meet allow (after_aliases), in a step
 * with a port free: two loads, or a store and a load (of another word: pairs that may meet are ordered). */
static void place_access(placer *pl, int i, int s, double t)
{
	kfunc *f = pl->f;
	kinst *k = &f->insts[i];
	double d = pl->p->delay[i];
	int m = k->mem, mem_int = is_internal(f, m), bi = pl->bi, first = pl->first;
	int lo = mem_int ? after_aliases(pl, i) : pl->port_last[m] + 1;
	if (s < lo) {
		s = lo;
		t = 0.0;
	}
	if (t + d > pl->p->budget_ns && t > 0) {
		s++;
		t = 0.0;
	}
	if (mem_int) {
		/* a port free, and no load in a stalling step right after a load of the same memory (nor
		 * right before one: accesses need not be placed in program order) */
		for (;; s++, t = 0.0) {
			ensure_step(f, bi, s);
			if (onchip_fits(pl, s, m, k->op == K_STORE))
				break;
		}
		*use_at(&pl->bs, s, m) += k->op == K_LOAD ? SCHED_USE_LOAD : SCHED_USE_STORE;
	} else {
		s = port_slot(f, &pl->bs, bi, s, first, 1);
		port_place(f, s, i, 1);
	}
	if (!mem_int && pl->port_last[k->mem] < s)
		pl->port_last[k->mem] = s;
	if (pl->port_done[k->mem] < s)
		pl->port_done[k->mem] = s;
	k->issue = s;
	if (k->op == K_STORE || k->edge) { /* an edge load's data is taken in the next block */
		k->step = s;
		k->t_end = k->edge ? 0.0 : t + d;
		return;
	}
	/* Read data: an internal memory answers in the next step; a module port's response is awaited where
	 * it is due, and requests after this one go out meanwhile. */
	int w = s + 1;
	if (!mem_int) {
		w = port_slot(f, &pl->bs, bi, s + sched_port_latency(pl->p, k->mem), first, 0);
		port_place(f, w, i, 0);
	}
	ensure_step(f, bi, w);
	if (pl->port_done[k->mem] < w)
		pl->port_done[k->mem] = w;
	k->step = w;
	k->t_end = sched_load_ready(f, k);
}

/* Who reads each operation of F, counted once per schedule: the placement asks often, and a scan of the
 * function per question made large kernels quadratic. */
typedef struct readers_of {
	int *count;               /* readers, each entry of a phi counted */
	int *phi;                 /* the phi that alone reads it, or -1 */
	unsigned char *edge_only; /* read only by phis of other blocks, on edges from its own block */
} readers_of;

static void readers_build(readers_of *r, const kfunc *f)
{
	size_t n = (size_t)f->ninsts + 1;
	r->count = xcalloc(n, sizeof *r->count);
	r->phi = xcalloc(n, sizeof *r->phi);
	r->edge_only = xcalloc(n, sizeof *r->edge_only);
	for (int i = 0; i < f->ninsts; i++) {
		r->phi[i] = -1;
		r->edge_only[i] = 1;
	}
	for (int u = 0; u < f->ninsts; u++) {
		const kinst *k = &f->insts[u];
		if (k->block < 0)
			continue;
		for (int a = 0; a < k->nargs; a++)
			if (k->a[a].kind == KV_OP) {
				r->count[k->a[a].id]++;
				r->edge_only[k->a[a].id] = 0;
			}
		for (int q = 0; q < k->nphi; q++) {
			if (k->phi_val[q].kind != KV_OP)
				continue;
			int i = k->phi_val[q].id, b = f->insts[i].block;
			r->count[i]++;
			r->phi[i] = u;
			if (k->block == b || k->phi_block[q] != b)
				r->edge_only[i] = 0;
		}
	}
	for (int i = 0; i < f->ninsts; i++)
		if (r->count[i] != 1)
			r->phi[i] = -1;
}

static void readers_free(readers_of *r)
{
	free(r->count);
	free(r->phi);
	free(r->edge_only);
}

/* Whether load I of block B is read only by phis of other blocks on edges from B, and nothing that writes its
 * memory (a store, a copy loop) follows it in B. */
static int read_on_edges_only(const kfunc *f, const readers_of *r, int i, int b)
{
	const kblock *bl = &f->blocks[b];
	int after = 0, m = f->insts[i].mem;
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		int copy = kop_unit(k->op) == KU_COPY;
		if (after && (k->op == K_STORE || copy) && (k->mem == m || (copy && k->mem2 == m)))
			return 0;
		after |= bl->insts[j] == i;
	}
	return f->insts[i].block == b && r->edge_only[i];
}

/* Moves load I's address computation with it to step S: the logic of block BI, placed before S, that only
 * the load reads (at most one operation per level: an address is a chain of shifts, masks and copies),
 * chained from the start of S. Whether it fits S's time with the request; nothing moves when not. */
static int move_address(placer *pl, int bi, int i, int s)
{
	kfunc *f = pl->f;
	int chain[8], n = 0;
	for (kval v = f->insts[i].a[0]; v.kind == KV_OP && n < 8;) {
		const kinst *d = &f->insts[v.id];
		if (d->block != bi || d->op == K_PHI || d->step >= s || kop_unit(d->op) != KU_LOGIC ||
		    pl->rd->count[v.id] != 1)
			break;
		chain[n++] = v.id;
		int from = -1; /* the one operand computed in this block, if any */
		for (int a = 0; a < d->nargs; a++)
			if (d->a[a].kind == KV_OP && f->insts[d->a[a].id].block == bi &&
			    f->insts[d->a[a].id].op != K_PHI)
				from = from < 0 ? a : 8;
		if (from < 0 || from == 8)
			break;
		v = d->a[from];
	}
	double t = 0.0, t_end[8];
	for (int x = n - 1; x >= 0; x--) { /* from the operation farthest from the load */
		const kinst *d = &f->insts[chain[x]];
		double start = 0.0;
		for (int a = 0; a < d->nargs; a++) {
			int os;
			double ot;
			if (x + 1 < n && d->a[a].kind == KV_OP && d->a[a].id == chain[x + 1]) {
				start = start > t ? start : t;
				continue;
			}
			ready_at(f, bi, d->a[a], pl->first, &os, &ot);
			if (os > s)
				return 0;
			if (os == s && ot > start)
				start = ot;
		}
		t = t_end[x] = start + pl->p->delay[chain[x]];
	}
	/* the address as the request reads it: the chain's end, or a value ready before S */
	if (n == 0) {
		int os;
		ready_at(f, bi, f->insts[i].a[0], pl->first, &os, &t);
		if (os < s)
			t = 0.0;
	}
	if (t + pl->p->delay[i] > pl->p->budget_ns)
		return 0;
	for (int x = 0; x < n; x++) {
		f->insts[chain[x]].step = s;
		f->insts[chain[x]].t_end = t_end[x];
	}
	return 1;
}

/* Edge load I of block BI (kir.h) goes to the block's last step, its address computed there, alone on its
 * memory in that step; else its phi is reported (edge_failed), for the next solve to leave to the edge. */
static void place_edge_load(placer *pl, int bi, int i)
{
	kfunc *f = pl->f;
	kinst *k = &f->insts[i];
	int last = f->nsteps - 1, m = k->mem;
	unsigned char *here = use_at(&pl->bs, k->issue, m);
	*here -= SCHED_USE_LOAD; /* the load's own use does not count against it */
	int ok = *use_at(&pl->bs, last, m) == 0 && onchip_fits(pl, last, m, 0) &&
	         (k->issue == last || move_address(pl, bi, i, last));
	if (!ok) {
		*here += SCHED_USE_LOAD;
		pl->edge_failed = pl->rd->phi[i];
		return;
	}
	*use_at(&pl->bs, last, m) += SCHED_USE_LOAD;
	k->issue = k->step = last;
	k->t_end = 0.0;
}

/* An on-chip load that only phis of the successors read (a fetch load_hoist moved into each predecessor) is
 * requested in the block's last step but one where a port is free there, its address computed there too:
 * its data then arrives in the step whose edge writes the phi's register, read as it comes out of the
 * memory, and neither the word nor the address needs a register. Placed as early as possible, the word
 * would wait in a register for the edge. */
static void late_edge_loads(placer *pl, int bi)
{
	kfunc *f = pl->f;
	const kblock *bl = &f->blocks[bi];
	int last = f->nsteps - 1, s = last - 1;
	for (int j = 0; j < bl->ninsts; j++) {
		int i = bl->insts[j];
		kinst *k = &f->insts[i];
		int m = k->mem;
		if (k->op == K_LOAD && k->edge) {
			place_edge_load(pl, bi, i);
			continue;
		}
		if (k->op != K_LOAD || !is_internal(f, m) || k->issue >= s ||
		    !read_on_edges_only(f, pl->rd, i, bi))
			continue;
		if (!onchip_fits(pl, s, m, 0) || !move_address(pl, bi, i, s))
			continue;
		*use_at(&pl->bs, k->issue, m) -= SCHED_USE_LOAD;
		*use_at(&pl->bs, s, m) += SCHED_USE_LOAD;
		k->issue = s;
		k->step = last;
	}
}

/* How each kind of hardware places an operation, given the step and time its operands are ready. */
typedef void (*place_fn)(placer *pl, int i, int s, double t);
static const place_fn place_on[] = {
    [KU_LOGIC] = place_logic,      [KU_MULTIPLIER] = place_multiplier,
    [KU_DIVIDER] = place_division, [KU_PORT] = place_access,
    [KU_COPY] = place_copy,        [KU_FPU] = place_fpu,
    [KU_CONTROL] = place_control,
};

/* Places block BI's operations in program order, each as early as its operands and its hardware allow. */
static void place_block(placer *pl, int bi)
{
	kfunc *f = pl->f;
	kblock *bl = &f->blocks[bi];
	bl->res_mii = pl->p->res_mii[bi];
	bl->rec_mii = pl->p->rec_mii[bi];
	int first = pl->first = add_step(f, bi, STEP_COMB);
	pl->bi = bi;
	for (int w = 0; w <= 64; w++) {
		pl->div_done[w] = first - 1;
		pl->div_last[w] = -1;
	}
	if (pl->bs.cap)
		memset(pl->bs.use, 0, (size_t)pl->bs.cap * (size_t)pl->bs.nall);
	for (int m = 0; m < pl->bs.nall; m++)
		pl->port_last[m] = pl->port_done[m] = first - 1;
	bl->first_step = first;
	for (int j = 0; j < bl->ninsts; j++) {
		int i = bl->insts[j];
		kinst *k = &f->insts[i];
		k->issue = -1;
		if (k->op == K_PHI) {
			k->step = first;
			k->t_end = k->edge ? sched_load_ready(f, &f->insts[k->phi_val[0].id]) : 0.0;
			continue;
		}
		int s = first;
		double t = 0.0;
		for (int a = 0; a < k->nargs; a++) {
			int os;
			double ot;
			ready_at(f, bi, k->a[a], first, &os, &ot);
			sched_later(&s, &t, os, ot);
		}
		place_on[kop_unit(k->op)](pl, i, s, t);
	}
	late_edge_loads(pl, bi);
	bl->last_step = f->nsteps - 1;
}

/* Solves problem P of kernel F (P's kernel): writes the schedule into F. OVERLAP[b]: block b is a loop the
 * pipeliner may take (pipeline_candidate, already prepared). Returns an edge phi whose loads or block did not
 * allow it (its schedule is then to be solved again without it), else -1. */
static int solve(const sched_problem *p, kfunc *f, const int *overlap, const readers_of *rd)
{
	f->clock_ns = p->clock_ns;
	f->nsteps = 0;
	int nall = f->nmems + f->nimems;
	placer pl = {.p = p, .f = f, .bs = {nall, NULL, 0}, .edge_failed = -1, .rd = rd};
	pl.port_last = xcalloc((size_t)nall + 1, sizeof *pl.port_last);
	pl.port_done = xcalloc((size_t)nall + 1, sizeof *pl.port_done);
	for (int bi = 0; bi < f->nblocks; bi++) {
		place_block(&pl, bi);
		if (overlap[bi])
			pipeline_block(p, f, bi);
	}
	free(pl.port_last);
	free(pl.port_done);
	free(pl.bs.use);
	free(pl.unit_at);
	if (pl.edge_failed >= 0)
		return pl.edge_failed;
	/* the phi's register takes the memory's data in its block's first cycle: a step of one cycle */
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->op == K_PHI && k->edge && is_stall(f->steps[f->blocks[k->block].first_step].kind))
			return i;
	}
	return -1;
}

/* Whether phi K of block H may take edge loads (kir.h): every incoming value is a whole-word load of one
 * on-chip memory, in the block it comes from, which only K reads and after which that block writes nothing
 * to the memory; no block involved is a loop the pipeliner may take. */
static int edge_phi(const kfunc *f, const readers_of *r, const kinst *k, int h, const int *overlap)
{
	if (k->op != K_PHI || !k->nphi || overlap[h])
		return 0;
	int m = -1;
	for (int q = 0; q < k->nphi; q++) {
		kval v = k->phi_val[q];
		const kinst *d = v.kind == KV_OP ? &f->insts[v.id] : NULL;
		if (!d || d->op != K_LOAD || d->block != k->phi_block[q] || overlap[d->block] ||
		    !is_internal(f, d->mem) || (m >= 0 && d->mem != m) ||
		    d->bytes != kmem_word_bytes(f, d->mem) || r->count[v.id] != 1 ||
		    !read_on_edges_only(f, r, v.id, d->block))
			return 0;
		m = d->mem;
	}
	return 1;
}

/* Marks phi K and its loads as edge ones (ON), or not. */
static void mark_edge(kfunc *f, kinst *k, int on)
{
	k->edge = on;
	for (int q = 0; q < k->nphi; q++)
		f->insts[k->phi_val[q].id].edge = on;
}

int sched_overrun(const kfunc *f, double *need)
{
	if (f->nsteps == 0) /* never scheduled: its build failed */
		return -1;
	vbits *vb = malloc(((size_t)f->ninsts + 1) * sizeof *vb);
	if (vb)
		vbits_analyse(f, vb);
	double worst = 0;
	int at = -1;
	for (int i = 0; i < f->ninsts; i++) {
		double d = f->insts[i].block >= 0 ? sched_delay(f, vb, &f->insts[i]) : 0;
		if (d > worst) {
			worst = d;
			at = i;
		}
	}
	free(vb);
	*need = worst + sched_step_overhead();
	return *need > f->clock_ns + 1e-6 ? at : -1;
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
	readers_of rd;
	readers_build(&rd, f);
	for (int i = 0; i < f->ninsts; i++)
		f->insts[i].edge = 0;
	for (int i = 0; i < f->ninsts; i++)
		if (f->insts[i].block >= 0 && edge_phi(f, &rd, &f->insts[i], f->insts[i].block, overlap))
			mark_edge(f, &f->insts[i], 1);
	/* each failure takes one phi out of the plan: this ends */
	for (int bad; (bad = solve(&p, f, overlap, &rd)) >= 0;)
		mark_edge(f, &f->insts[bad], 0);
	readers_free(&rd);
	sched_problem_free(&p);
	free(overlap);
}
