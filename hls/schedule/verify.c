// SPDX-License-Identifier: Apache-2.0
/* The schedule's invariants, checked after sched_run on every kernel kiln-cc compiles (after CIRCT's
 * scheduling problems, whose solutions are verified against their constraints): a violation is a scheduler
 * bug that would otherwise only show as wrong hardware. Sequential blocks are checked in steps, pipelined
 * loops in the slots of one iteration and the II columns of the reservation table (pipeline.c). */
#include "verify.h"

#include <stdio.h>
#include <stdlib.h>

#include "schedule.h"

/* The step in which operation K needs its operands: memory requests go out at their issue step. */
static int use_step(const kinst *k)
{
	return k->op == K_LOAD || k->op == K_STORE ? k->issue : k->step;
}

static int is_internal(const kfunc *f, int m)
{
	return m >= f->nmems;
}

/* Cycles from load K's request to its data: an internal memory answers in the next one. */
static int read_latency(const kfunc *f, const kinst *k)
{
	return is_internal(f, k->mem) ? 1 : sched_read_latency(f, k->mem);
}

/* Load K requested at ISSUE uses its data at USE (steps, or slots of a pipelined iteration, as UNIT names
 * them): -1 with the violation in ERR when that is before the memory answers. */
static int late_data(const kfunc *f, const kinst *k, int issue, int use, const char *unit, char *err,
                     size_t errlen)
{
	if (k->op != K_LOAD || use >= issue + read_latency(f, k))
		return 0;
	snprintf(err, errlen,
	         "load (line %u): data used in %s %d, requested in %d; the memory answers after %d", k->line,
	         unit, use, issue, read_latency(f, k));
	return -1;
}

/* A pipelined loop B: operands ready by the slot that uses them, read data at its latency, the branch known
 * within the first II cycles, and no two requests of any iterations on one port (nor two on the module's
 * ports together) in one cycle. */
static int verify_pipelined(const kfunc *f, int b, char *err, size_t errlen)
{
	const kblock *bl = &f->blocks[b];
	int ii = bl->ii > 0 ? bl->ii : 1;
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		int mem = k->op == K_LOAD || k->op == K_STORE;
		int at = mem ? k->pissue : k->pslot;
		if (k->op == K_PHI)
			continue;
		if (late_data(f, k, k->pissue, k->pslot, "slot", err, errlen))
			return -1;
		if (j == bl->ninsts - 1 && k->pslot > ii - 1) {
			snprintf(err, errlen,
			         "pipelined loop: the branch is known in slot %d, after the II of %d",
			         k->pslot, ii);
			return -1;
		}
		for (int a = 0; a < k->nargs; a++) {
			if (k->a[a].kind != KV_OP)
				continue;
			const kinst *d = &f->insts[k->a[a].id];
			if (d->block == b && d->op != K_PHI && d->pslot > at) {
				snprintf(err, errlen,
				         "pipelined %s (line %u) in slot %d uses %s (line %u) ready only "
				         "in slot %d",
				         kop_name(k->op), k->line, at, kop_name(d->op), d->line, d->pslot);
				return -1;
			}
		}
		for (int i = 0; mem && i < j; i++) {
			const kinst *o = &f->insts[bl->insts[i]];
			if ((o->op != K_LOAD && o->op != K_STORE) || o->pissue % ii != k->pissue % ii)
				continue;
			int same = o->mem == k->mem,
			    both_module = !is_internal(f, o->mem) && !is_internal(f, k->mem);
			if (same || both_module) {
				snprintf(err, errlen,
				         "pipelined loop, II %d: requests of lines %u and %u meet in cycle "
				         "%d of the II on %s",
				         ii, o->line, k->line, k->pissue % ii,
				         same ? "one port" : "the module's ports");
				return -1;
			}
		}
	}
	return 0;
}

int sched_verify(const kfunc *f, char *err, size_t errlen)
{
	int prev_last = -1;
	for (int b = 0; b < f->nblocks; b++) {
		const kblock *bl = &f->blocks[b];
		if (!bl->ninsts)
			continue;
		if (bl->first_step > bl->last_step || bl->first_step <= prev_last ||
		    bl->last_step >= f->nsteps) {
			snprintf(err, errlen,
			         "block %d: steps %d..%d out of order (previous block ends at %d, %d steps)",
			         b, bl->first_step, bl->last_step, prev_last, f->nsteps);
			return -1;
		}
		prev_last = bl->last_step;
		if (bl->pipelined) {
			if (verify_pipelined(f, b, err, errlen))
				return -1;
			continue;
		}
		for (int j = 0; j < bl->ninsts; j++) {
			const kinst *k = &f->insts[bl->insts[j]];
			int at = use_step(k);
			if (k->op != K_PHI &&
			    (at < bl->first_step || k->step > bl->last_step || at > k->step)) {
				snprintf(err, errlen, "%s (line %u): steps %d..%d outside its block's %d..%d",
				         kop_name(k->op), k->line, at, k->step, bl->first_step,
				         bl->last_step);
				return -1;
			}
			if (late_data(f, k, k->issue, k->step, "step", err, errlen))
				return -1;
			if (k->op == K_PHI)
				continue;
			for (int a = 0; a < k->nargs; a++) {
				if (k->a[a].kind != KV_OP)
					continue;
				const kinst *d = &f->insts[k->a[a].id];
				if (d->block != b || d->op == K_PHI)
					continue; /* held in a register since its own block or the loop's
					             entry */
				if (d->step > at) {
					snprintf(err, errlen,
					         "%s (line %u) in step %d uses %s (line %u) ready only in "
					         "step %d",
					         kop_name(k->op), k->line, at, kop_name(d->op), d->line,
					         d->step);
					return -1;
				}
			}
		}
	}
	/* An internal memory has one port: one access per step. */
	int *seen = NULL;
	size_t nseen = (size_t)f->nsteps * (size_t)(f->nimems ? f->nimems : 1);
	if (f->nimems && !(seen = calloc(nseen, sizeof *seen))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int rc = 0;
	for (int i = 0; i < f->ninsts && seen && !rc; i++) {
		const kinst *k = &f->insts[i];
		if ((k->op != K_LOAD && k->op != K_STORE) || k->block < 0 || f->blocks[k->block].pipelined ||
		    !is_internal(f, k->mem))
			continue;
		int *slot = &seen[(size_t)k->issue * (size_t)f->nimems + (size_t)(k->mem - f->nmems)];
		if (*slot) {
			snprintf(err, errlen, "memory '%s': two accesses in step %d (lines %u and %u)",
			         f->mems[k->mem].name ? f->mems[k->mem].name : "?", k->issue,
			         f->insts[*slot - 1].line, k->line);
			rc = -1;
		}
		*slot = i + 1;
	}
	free(seen);
	return rc;
}
