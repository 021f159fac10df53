// SPDX-License-Identifier: Apache-2.0
/* Loop pipelining: iterations of a single-block loop overlap, a new one starting every II cycles. Modulo
 * scheduling: operations take cycles of the iteration ("slots") in program order, as early as their operands
 * and the clock period allow, with a reservation table of II columns per memory so that the accesses of all
 * iterations in one cycle fit the memory's ports (sched_column_fits: SCHED_RAM_PORTS accesses of an on-chip
 * memory, one store among them, meeting no load of its word: word_clash;
 * and, for the module's ports, at most one request per cycle over all of them, so that a refused request is
 * the only thing that can stall an issuing cycle). A phi's
 * next value must be there before the next iteration reads it (the recurrence), memory accesses of later
 * iterations stay behind those of earlier ones they depend on (memdep), and the branch deciding whether
 * another iteration starts must be known within the first II cycles. II grows from the resource bound until
 * all hold; the loop is pipelined when II beats its sequential state count. */
#include "pipeline.h"

#include "../support/xalloc.h"
#include "memdep.h"
#include "oplib.h"
#include "problem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const kinst *block_term(const kfunc *f, int b)
{
	const kblock *bl = &f->blocks[b];
	return bl->ninsts ? &f->insts[bl->insts[bl->ninsts - 1]] : NULL;
}

int pipeline_candidate(kfunc *f, int b)
{
	kblock *bl = &f->blocks[b];
	const kinst *t = block_term(f, b);
	if (!t || t->op != K_CONDBR || (t->succ[0] == b) == (t->succ[1] == b))
		return 0;
	if (bl->pipe_off) {
		snprintf(bl->nopipe, sizeof bl->nopipe,
		         "the source asks so (#pragma clang loop pipeline(disable), line %u)", bl->dir_line);
		return 0;
	}
	for (int j = 0; j < bl->ninsts - 1; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		if (f->mul_serial >= KFUNC_SERIAL_LOOPS && sched_mul_shareable(k, 2)) {
			snprintf(
			    bl->nopipe, sizeof bl->nopipe,
			    "its multiplication (line %u) shares the board's few DSPs with the rest of the "
			    "kernel, which a pipelined loop's cannot",
			    k->line);
			return 0;
		}
		if (sched_is_div(k->op) || kop_unit(k->op) == KU_COPY) {
			snprintf(bl->nopipe, sizeof bl->nopipe,
			         "it holds a %s (line %u), which runs on its own",
			         sched_is_div(k->op) ? "division"
			         : k->op == K_MEMCPY ? "memcpy"
			                             : "memset",
			         k->line);
			return 0;
		}
	}
	return 1;
}

/* Gives every back-edge value of a phi of loop B that is not an operation of B (a constant, an argument, a
 * value from before the loop, another phi of B) a copy operation in B, so that each phi's next value is
 * computed in a slot of the iteration like any other. */
void pipeline_prepare(kfunc *f, int b)
{
	kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++) {
		int pi = bl->insts[j];
		if (f->insts[pi].op != K_PHI)
			continue;
		for (int q = 0; q < f->insts[pi].nphi; q++) {
			kval v = f->insts[pi].phi_val[q];
			if (f->insts[pi].phi_block[q] != b ||
			    (v.kind == KV_OP && f->insts[v.id].block == b && f->insts[v.id].op != K_PHI))
				continue;
			bl->insts = xrealloc(bl->insts, (size_t)bl->ninsts + 1, sizeof *bl->insts);
			int id = kir_new_inst(f, K_COPY, f->insts[pi].width, b);
			kinst *c = &f->insts[id];
			c->nargs = 1;
			c->a[0] = v;
			c->line = f->insts[pi].line;
			c->col = f->insts[pi].col;
			/* before the terminator */
			bl->insts[bl->ninsts] = bl->insts[bl->ninsts - 1];
			bl->insts[bl->ninsts - 1] = id;
			bl->ninsts++;
			f->insts[pi].phi_val[q] = (kval){KV_OP, id, 0, c->width};
		}
	}
}

/* Per operation of the block (by position): its result slot, request slot and ns into the result slot. */
typedef struct modsched {
	int *slot, *issue, *pos, *ready;
	double *tend;
	unsigned char *busy;  /* [(memory or the shared module-request column) * ii + cycle] */
	unsigned char *mbusy; /* [operator type * ii + cycle]: products on shared multipliers */
} modsched;

static int in_block(const kfunc *f, int b, kval v)
{
	return v.kind == KV_OP && f->insts[v.id].block == b;
}

/* Access J of loop B (at position J) in cycle S would meet, in its II column, an access of another
 * iteration placed before it that writes or reads a word of the on-chip memory it reads or writes: a read
 * never meets a write to its word (memdep_word_meet, at the distance in iterations the column makes). */
static int word_clash(const kfunc *f, int b, const modsched *ms, int j, int s, int ii)
{
	const kblock *bl = &f->blocks[b];
	const kinst *k = &f->insts[bl->insts[j]];
	if (k->mem < f->nmems)
		return 0;
	for (int q = 0; q < j; q++) {
		const kinst *o = &f->insts[bl->insts[q]];
		if (kop_is_access(o->op) && o->mem == k->mem && (o->op == K_STORE) != (k->op == K_STORE) &&
		    ms->issue[q] % ii == s % ii &&
		    memdep_word_meet(f, b, bl->insts[q], bl->insts[j], (s - ms->issue[q]) / ii))
			return 1;
	}
	return 0;
}

/* One modulo schedule of loop B at II: 1 when every constraint holds. */
static int try_ii(const sched_problem *p, int b, int ii, const memdep *dep, int nd, modsched *ms, char *why,
                  size_t wn)
{
	const kfunc *f = p->f;
	const kblock *bl = &f->blocks[b];
	int nall = f->nmems + f->nimems;
	double clk = p->budget_ns;
	int *last = malloc(((size_t)nall + 1) * sizeof *last);
	int *last_store = malloc(((size_t)nall + 1) * sizeof *last_store);
	int ok = 0;
	for (int j = 0; j < bl->ninsts; j++)
		ms->ready[j] = 0;
	for (int round = 0; round < 32 && last && last_store; round++) {
		why[0] = 0; /* the reason is the last round's */
		memset(ms->busy, 0, (size_t)(nall + 1) * (size_t)ii);
		memset(ms->mbusy, 0, (size_t)(p->ntypes + 1) * (size_t)ii);
		for (int m = 0; m < nall; m++) {
			last[m] = -1;
			last_store[m] = 1;
		}
		int fail = 0;
		for (int j = 0; j < bl->ninsts && !fail; j++) {
			const kinst *k = &f->insts[bl->insts[j]];
			ms->issue[j] = -1;
			if (k->op == K_PHI) {
				ms->slot[j] = ms->ready[j];
				ms->tend[j] = 0;
				continue;
			}
			int s = 0;
			double t = 0;
			for (int a = 0; a < k->nargs; a++) {
				if (!in_block(f, b, k->a[a]))
					continue;
				int p = ms->pos[k->a[a].id];
				sched_later(&s, &t, ms->slot[p],
				            f->insts[k->a[a].id].op == K_PHI ? 0 : ms->tend[p]);
			}
			/* on a board of few DSPs, a product of the loop's takes a turn on a shared
			 * multiplier: through its operands' steering, in a cycle of the stage with one free
			 */
			int g = p->type[bl->insts[j]], per = sched_muls_per_cycle(f);
			int shared = k->op == K_MUL && per && g >= 0;
			double d = p->delay_piped[bl->insts[j]];
			if (t + d > clk && t > 0) {
				s++;
				t = 0;
			}
			for (int n = 0; shared && ms->mbusy[g * ii + s % ii] >= per; s++, t = 0)
				if (++n > ii) {
					snprintf(why, wn, "the shared multipliers are full (line %u)",
					         k->line);
					fail = 1;
					break;
				}
			if (fail)
				break;
			if (shared)
				ms->mbusy[g * ii + s % ii]++;
			if (kop_unit(k->op) == KU_FPU) {
				/* its own unit, advancing with the pipeline: the result LAT cycles on */
				ms->issue[j] = s;
				ms->slot[j] = s + sched_latency(p, bl->insts[j]);
				ms->tend[j] = 0;
				continue;
			}
			if (kop_is_access(k->op)) {
				/* after the memory's request before it: in a later cycle, but for a load
				 * after a load on an on-chip memory, which its other port takes
				 * (SCHED_RAM_PORTS) */
				int m = k->mem, mod = m < f->nmems, st = k->op == K_STORE;
				int lo = last[m] + (mod || st || last_store[m]);
				if (lo < ms->ready[j])
					lo = ms->ready[j];
				if (s < lo) {
					s = lo;
					t = 0;
				}
				for (int n = 0;
				     !sched_column_fits(ms->busy[m * ii + s % ii], st,
				                        mod ? 1 : SCHED_RAM_PORTS) ||
				     (mod && ms->busy[nall * ii + s % ii]) || word_clash(f, b, ms, j, s, ii);
				     s++, t = 0)
					/* every column once, or, for a clash with another iteration's
					 * access of its word, as many as four iterations later: a word
					 * holds up to four elements, so by then its neighbours' words
					 * are others */
					if (++n > 4 * ii) {
						snprintf(why, wn, "the ports are full (line %u)", k->line);
						fail = 1;
						break;
					}
				ms->busy[m * ii + s % ii] += st ? SCHED_USE_STORE : SCHED_USE_LOAD;
				if (mod)
					ms->busy[nall * ii + s % ii] = 1;
				last[m] = s;
				last_store[m] = st;
				ms->issue[j] = s;
				if (k->op == K_LOAD) {
					ms->slot[j] = s + sched_port_latency(p, m) +
					              (mod ? sched_pipe_queue_cycles() : 0);
					ms->tend[j] = sched_load_ready(f, k);
					continue;
				}
			}
			ms->slot[j] = s;
			ms->tend[j] = t + d;
		}
		if (fail)
			break;
		if (ms->slot[bl->ninsts - 1] > ii - 1) {
			snprintf(why, wn,
			         "the exit condition (line %u) is known only %d cycles into an iteration",
			         f->insts[bl->insts[bl->ninsts - 1]].line, ms->slot[bl->ninsts - 1] + 1);
			break;
		}
		/* An access that must wait for one of an earlier iteration is issued later in the next round
		 * (ready), as a phi waits for its next value: the access it waits for may come late in its
		 * iteration for other reasons (a device-memory read it stores), and issuing this one as early
		 * as possible would make the II pay the whole gap. When it cannot move far enough, the rounds
		 * run out and the last such wait is the reason. */
		int changed = 0;
		for (int i = 0; i < nd; i++) {
			int lp = ms->pos[dep[i].later];
			int need = ms->issue[ms->pos[dep[i].earlier]] + 1 - dep[i].dist * ii;
			if (ms->issue[lp] >= need)
				continue;
			const kinst *e = &f->insts[dep[i].earlier], *l = &f->insts[dep[i].later];
			snprintf(why, wn,
			         "the %s at line %u must wait for the %s at line %u of the iteration %d "
			         "before (%s)",
			         kop_name(l->op), l->line, kop_name(e->op), e->line, dep[i].dist,
			         dep[i].exact ? "they meet"
			                      : "they may alias; restrict pointers tell them apart");
			if (need > ms->ready[lp])
				ms->ready[lp] = need;
			changed = 1;
		}
		for (int j = 0; j < bl->ninsts; j++) {
			const kinst *k = &f->insts[bl->insts[j]];
			int v = k->op == K_PHI ? kir_back_value(f, b, k) : -1;
			if (v < 0)
				continue;
			int need = ms->slot[ms->pos[v]] - ii + kir_back_gap(f, v);
			if (need > ms->ready[j]) {
				ms->ready[j] = need;
				changed = 1;
			}
		}
		if (!changed) {
			ok = 1;
			break;
		}
	}
	if (!ok && !why[0])
		snprintf(why, wn, "a recurrence through a phi needs more than %d cycle(s) per iteration", ii);
	free(last);
	free(last_store);
	return ok;
}

int pipeline_block(const sched_problem *p, kfunc *f, int b)
{
	kblock *bl = &f->blocks[b];
	int seq = bl->last_step - bl->first_step + 1;
	int n = bl->ninsts, nall = f->nmems + f->nimems;
	const memdep *dep = p->deps[b];
	int nd = p->ndeps[b];
	modsched ms = {0};
	ms.slot = calloc((size_t)n, sizeof *ms.slot);
	ms.issue = calloc((size_t)n, sizeof *ms.issue);
	ms.ready = calloc((size_t)n, sizeof *ms.ready);
	ms.tend = calloc((size_t)n, sizeof *ms.tend);
	ms.pos = calloc((size_t)f->ninsts, sizeof *ms.pos);
	int found = 0;
	if (nd >= 0 && ms.slot && ms.issue && ms.ready && ms.tend && ms.pos) {
		for (int j = 0; j < n; j++)
			ms.pos[bl->insts[j]] = j;
		/* No II below the bounds can succeed (they follow try_ii's own rules), so the search starts
		 * there; when the recurrence alone rules pipelining out, the tries still run, for the more
		 * telling reason of the last one (the exit condition, say). */
		int mii = p->res_mii[b], rec = p->rec_mii[b];
		if (seq == 1)
			snprintf(bl->nopipe, sizeof bl->nopipe, "it already starts an iteration every cycle");
		else if (mii >= seq && sched_muls_per_cycle(f))
			snprintf(bl->nopipe, sizeof bl->nopipe,
			         "its memory accesses or its products on the board's few DSPs need %d cycles "
			         "per iteration, as many as it takes unpipelined",
			         mii);
		else if (mii >= seq)
			snprintf(bl->nopipe, sizeof bl->nopipe,
			         "its memory accesses need %d cycles per iteration on the ports of one "
			         "memory, as many as it takes unpipelined",
			         mii);
		/* an II target (#pragma clang loop pipeline_initiation_interval) is where the search starts
		 * when it is above the bounds */
		int first = rec < seq && rec > mii ? rec : mii;
		if (bl->ii_target >= seq && seq > 1) {
			snprintf(
			    bl->nopipe, sizeof bl->nopipe,
			    "its II target %d (line %u) is no less than the %d cycles it takes unpipelined",
			    bl->ii_target, bl->dir_line, seq);
			first = seq; /* nothing to try */
		} else if (bl->ii_target > first) {
			first = bl->ii_target;
		}
		for (int ii = first; ii < seq && !found; ii++) {
			ms.busy = xrealloc(ms.busy, (size_t)(nall + 1) * (size_t)ii, 1);
			ms.mbusy = xrealloc(ms.mbusy, (size_t)(p->ntypes + 1) * (size_t)ii, 1);
			bl->nopipe[0] = 0;
			if (try_ii(p, b, ii, dep, nd, &ms, bl->nopipe, sizeof bl->nopipe))
				found = ii;
		}
	}
	if (found) {
		int ii = found, top = ii - 1;
		bl->nopipe[0] = 0;
		for (int j = 0; j < n; j++) {
			kinst *k = &f->insts[bl->insts[j]];
			k->pslot = ms.slot[j];
			k->pissue = ms.issue[j];
			k->t_end = ms.tend[j];
			k->step = bl->first_step;
			k->issue = kop_is_access(k->op) || kop_unit(k->op) == KU_FPU ? bl->first_step : -1;
			if (ms.slot[j] > top)
				top = ms.slot[j];
		}
		bl->pipelined = 1;
		bl->ii = ii;
		bl->stages = top / ii + 1;
		bl->seq_states = seq;
		f->nsteps = bl->first_step + 1;
		f->steps[bl->first_step].kind = STEP_COMB;
		f->steps[bl->first_step].inst = -1;
		f->steps[bl->first_step].wait = -1;
		bl->last_step = bl->first_step;
	}
	free(ms.slot);
	free(ms.issue);
	free(ms.ready);
	free(ms.tend);
	free(ms.pos);
	free(ms.busy);
	free(ms.mbusy);
	return found != 0;
}
