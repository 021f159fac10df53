// SPDX-License-Identifier: Apache-2.0
/* The schedule's invariants, checked after sched_run on every kernel kiln-cc compiles (after CIRCT's
 * scheduling problems, whose solutions are verified against their constraints): the solution in the kernel is
 * checked against the problem (problem.h) rebuilt from the kernel itself, so that the delays, latencies and
 * bounds checked are those the scheduler was given. A violation is a scheduler bug that would otherwise only
 * show as wrong hardware. Sequential blocks are checked in steps, pipelined loops in the slots of one
 * iteration and the II columns of the reservation table (pipeline.c). */
#include "verify.h"

#include <stdio.h>
#include <stdlib.h>

#include "memdep.h"
#include "oplib.h"
#include "problem.h"

#include "../../host/common/sort.h"

/* Operation K takes its operands when it issues, before its result: a memory request, a floating-point
 * unit's operation. */
static int issues_early(const kinst *k)
{
	return kop_is_access(k->op) || kop_unit(k->op) == KU_FPU;
}

/* The step in which operation K needs its operands. */
static int use_step(const kinst *k)
{
	return issues_early(k) ? k->issue : k->step;
}

static int is_internal(const kfunc *f, int m)
{
	return m >= f->nmems;
}

#define EPS 1e-9

/* Where a value of block B is there for operation K of B in step (or slot) AT: the latest end time of
 * K's operands produced in AT itself (values of other blocks, phis and earlier steps are registers, there at
 * 0). */
static double start_time(const kfunc *f, const kinst *k, int b, int at, int pipelined)
{
	double t = 0;
	for (int a = 0; a < k->nargs; a++) {
		if (k->a[a].kind != KV_OP)
			continue;
		const kinst *d = &f->insts[k->a[a].id];
		int when = pipelined ? d->pslot : d->step;
		if (d->block == b && (d->op != K_PHI || d->edge) && when == at && d->t_end > t)
			t = d->t_end; /* an edge phi: the memory's data, in the block's first step */
	}
	return t;
}

/* Operation I (K) starting at T in its step or slot AT: it chains behind others only when it fits the clock
 * period, and a combinational result is there exactly its delay later. */
static int chaining(const sched_problem *p, int i, const kinst *k, int at, double t, int piped, char *err,
                    size_t errlen)
{
	const char *unit = piped ? "slot" : "step";
	double d = piped ? p->delay_piped[i] : p->delay[i];
	kunit u = kop_unit(k->op);
	if (u == KU_COPY && t > 0) {
		snprintf(err, errlen,
		         "%s (line %u) in %s %d: its operands are not registers (ready at %.2f ns)",
		         kop_name(k->op), k->line, unit, at, t);
		return -1;
	}
	if (u == KU_DIVIDER || u == KU_COPY || u == KU_CONTROL)
		return 0;
	if (t > 0 && t + d > p->budget_ns + EPS) {
		snprintf(
		    err, errlen,
		    "%s (line %u) in %s %d: chained at %.2f ns, its %.2f ns exceed the %.2f ns a step of the "
		    "%.2f ns clock may chain",
		    kop_name(k->op), k->line, unit, at, t, d, p->budget_ns, p->clock_ns);
		return -1;
	}
	if ((u == KU_LOGIC || u == KU_MULTIPLIER) && k->op != K_PHI &&
	    (k->t_end < t + d - EPS || k->t_end > t + d + EPS)) {
		snprintf(err, errlen, "%s (line %u) in %s %d: ends at %.2f ns, not %.2f + %.2f ns",
		         kop_name(k->op), k->line, unit, at, k->t_end, t, d);
		return -1;
	}
	return 0;
}

/* Load K requested at ISSUE uses its data at USE (steps, or slots of a pipelined iteration, as UNIT names
 * them): -1 with the violation in ERR when that is before the memory answers. */
static int late_data(const sched_problem *p, const kinst *k, int issue, int use, const char *unit, char *err,
                     size_t errlen)
{
	if (kop_unit(k->op) == KU_FPU) {
		/* the unit's output holds the result for one step (or slot) only */
		int lat = sched_latency(p, (int)(k - p->f->insts));
		if (use == issue + lat)
			return 0;
		snprintf(err, errlen,
		         "%s (line %u): result taken in %s %d, operands in %d; the unit takes %d",
		         kop_name(k->op), k->line, unit, use, issue, lat);
		return -1;
	}
	if (k->op != K_LOAD || k->edge || use >= issue + sched_port_latency(p, k->mem))
		return 0; /* an edge load's data is taken in the next block (edge_loads) */
	snprintf(err, errlen,
	         "load (line %u): data used in %s %d, requested in %d; the memory answers after %d", k->line,
	         unit, use, issue, sched_port_latency(p, k->mem));
	return -1;
}

/* Edge loads and their phis (kir.h): an edge phi's incoming values are all edge loads of one on-chip memory,
 * each whole-word, in the block the value comes from, issued in that block's last step and alone on the
 * memory there, read by the phi alone; the phi's block is sequential and its first step lasts one cycle
 * (the memory's data is there in that cycle only: the phi's register takes it then). */
static int edge_loads(const kfunc *f, char *err, size_t errlen)
{
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		if (k->block < 0 || !k->edge)
			continue;
		if (k->op == K_LOAD) {
			int readers = 0, by_edge_phi = 0;
			for (int u = 0; u < f->ninsts; u++) {
				const kinst *r = &f->insts[u];
				for (int a = 0; r->block >= 0 && a < r->nargs; a++)
					readers += r->a[a].kind == KV_OP && r->a[a].id == i;
				for (int q = 0; r->block >= 0 && q < r->nphi; q++)
					if (r->phi_val[q].kind == KV_OP && r->phi_val[q].id == i) {
						readers++;
						by_edge_phi += r->edge && r->phi_block[q] == k->block;
					}
			}
			const kblock *bl = &f->blocks[k->block];
			int alone = 1;
			for (int j = 0; j < bl->ninsts; j++) {
				const kinst *o = &f->insts[bl->insts[j]];
				alone &= bl->insts[j] == i || !kop_is_access(o->op) || o->mem != k->mem ||
				         o->issue != k->issue;
			}
			if (bl->pipelined || k->issue != bl->last_step || k->step != k->issue || !alone ||
			    readers != 1 || by_edge_phi != 1 || !is_internal(f, k->mem) ||
			    k->bytes != kmem_word_bytes(f, k->mem)) {
				snprintf(err, errlen,
				         "edge load (line %u): not a whole-word on-chip load alone in its "
				         "block's last step, read by one edge phi alone",
				         k->line);
				return -1;
			}
		} else if (k->op == K_PHI) {
			const kblock *bl = &f->blocks[k->block];
			const kstep *st = f->steps ? &f->steps[bl->first_step] : NULL;
			int ok =
			    !bl->pipelined && st && (st->kind == STEP_COMB || st->kind == STEP_DIV_ISSUE);
			for (int q = 0; ok && q < k->nphi; q++) {
				kval v = k->phi_val[q];
				ok = v.kind == KV_OP && f->insts[v.id].op == K_LOAD && f->insts[v.id].edge &&
				     f->insts[v.id].block == k->phi_block[q] &&
				     f->insts[v.id].mem == f->insts[k->phi_val[0].id].mem;
			}
			if (!ok) {
				snprintf(
				    err, errlen,
				    "edge phi (line %u): its values are not all edge loads of one memory, "
				    "or its block's first step may last more than a cycle",
				    k->line);
				return -1;
			}
		}
	}
	return 0;
}

/* Requests on one memory keep program order where it matters (ISSUE: their steps or slots, by position in
 * block B): a module port's in a later step than the one before; an on-chip memory's after each earlier one
 * it is ordered after (sched_onchip_ordered), and one store a step (its one
 * write port). */
static int program_order(const kfunc *f, int b, const int *issue, const char *unit, char *err, size_t errlen)
{
	const kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		for (int i = j - 1; kop_is_access(k->op) && i >= 0; i--) {
			const kinst *o = &f->insts[bl->insts[i]];
			if (!kop_is_access(o->op) || o->mem != k->mem)
				continue;
			int internal = is_internal(f, k->mem);
			int ordered = !internal || sched_onchip_ordered(f, b, bl->insts[i], bl->insts[j]);
			if (internal && !ordered &&
			    !(o->op == K_STORE && k->op == K_STORE && issue[i] == issue[j]))
				continue;
			if (issue[i] >= issue[j]) {
				snprintf(
				    err, errlen,
				    "%s (line %u) requested in %s %d, not after the %s (line %u) before it "
				    "on its memory (%s %d)",
				    kop_name(k->op), k->line, unit, issue[j], kop_name(o->op), o->line, unit,
				    issue[i]);
				return -1;
			}
			if (!internal) /* the one before is after all of its own */
				break;
		}
	}
	return 0;
}

/* A copy loop has its memories to itself for its step, in program order with block B's accesses of them:
 * an access before it done (a load's data taken) before its step, one after it requested after it. */
static int copy_order(const kfunc *f, int b, char *err, size_t errlen)
{
	const kblock *bl = &f->blocks[b];
	for (int c = 0; c < bl->ninsts; c++) {
		const kinst *cp = &f->insts[bl->insts[c]];
		if (kop_unit(cp->op) != KU_COPY)
			continue;
		for (int j = 0; j < bl->ninsts; j++) {
			const kinst *k = &f->insts[bl->insts[j]];
			int m = kop_is_access(k->op) || kop_unit(k->op) == KU_COPY ? k->mem : -1;
			int on = j != c && m >= 0 &&
			         (m == cp->mem || (cp->op == K_MEMCPY && m == cp->mem2) ||
			          (k->op == K_MEMCPY &&
			           (k->mem2 == cp->mem || (cp->op == K_MEMCPY && k->mem2 == cp->mem2))));
			if (!on)
				continue;
			int bad = j < c ? k->step >= cp->step
			                : (kop_unit(k->op) == KU_COPY ? k->step : k->issue) <= cp->step;
			if (bad) {
				snprintf(
				    err, errlen,
				    "%s (line %u) in step %d, %s the %s (line %u) of its memory in step %d",
				    kop_name(k->op), k->line, j < c ? k->step : k->issue,
				    j < c ? "not before" : "not after", kop_name(cp->op), cp->line, cp->step);
				return -1;
			}
		}
	}
	return 0;
}

/* A pipelined loop B: operands ready by the slot that uses them and chained within the period, read data at
 * its latency, requests per memory in program order, the branch known within the first II cycles, every
 * phi's next value there before the next iteration reads it, memory dependences across iterations kept, no
 * more requests of any iterations on one memory than its ports in one cycle (nor two on the module's ports
 * together), and the
 * II at least the loop's bounds. */
static int verify_pipelined(const sched_problem *p, int b, char *err, size_t errlen)
{
	const kfunc *f = p->f;
	const kblock *bl = &f->blocks[b];
	int ii = bl->ii > 0 ? bl->ii : 1;
	if (ii < p->res_mii[b] || ii < p->rec_mii[b]) {
		snprintf(err, errlen, "pipelined loop: II %d below its bounds (resource %d, recurrence %d)",
		         ii, p->res_mii[b], p->rec_mii[b]);
		return -1;
	}
	int *issue = calloc((size_t)bl->ninsts + 1, sizeof *issue);
	if (!issue) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int j = 0; j < bl->ninsts; j++)
		issue[j] = f->insts[bl->insts[j]].pissue;
	int rc = program_order(f, b, issue, "slot", err, errlen);
	free(issue);
	if (rc)
		return -1;
	for (int j = 0; j < bl->ninsts; j++) {
		const kinst *k = &f->insts[bl->insts[j]];
		int mem = kop_is_access(k->op);
		int at = issues_early(k) ? k->pissue : k->pslot;
		if (k->op == K_PHI) {
			int v = kir_back_value(f, b, k);
			if (v >= 0 && f->insts[v].pslot > k->pslot + ii - kir_back_gap(f, v)) {
				snprintf(
				    err, errlen,
				    "pipelined loop, II %d: the phi (line %u) read in slot %d takes a value "
				    "(line %u) there only in slot %d",
				    ii, k->line, k->pslot, f->insts[v].line, f->insts[v].pslot);
				return -1;
			}
			continue;
		}
		if (k->pslot >= bl->stages * ii) {
			snprintf(err, errlen, "pipelined loop: slot %d past its %d stage(s) of %d cycles",
			         k->pslot, bl->stages, ii);
			return -1;
		}
		if (late_data(p, k, k->pissue, k->pslot, "slot", err, errlen))
			return -1;
		if (chaining(p, bl->insts[j], k, at, start_time(f, k, b, at, 1), 1, err, errlen))
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
		/* the accesses of all iterations in one cycle of the II: within the memory's ports (one
		 * store among them), and one request over all module ports */
		unsigned use = 0;
		for (int i = 0; mem && i < j; i++) {
			const kinst *o = &f->insts[bl->insts[i]];
			if (!kop_is_access(o->op) || o->pissue % ii != k->pissue % ii)
				continue;
			int same = o->mem == k->mem,
			    both_module = !is_internal(f, o->mem) && !is_internal(f, k->mem);
			if (same)
				use += o->op == K_STORE ? SCHED_USE_STORE : SCHED_USE_LOAD;
			int clash =
			    same && is_internal(f, k->mem) && (o->op == K_STORE) != (k->op == K_STORE) &&
			    memdep_word_meet(f, b, bl->insts[i], bl->insts[j], (k->pissue - o->pissue) / ii);
			if ((same && !sched_column_fits(use, k->op == K_STORE, p->types[k->mem].limit)) ||
			    clash || both_module) {
				snprintf(err, errlen,
				         "pipelined loop, II %d: requests of lines %u and %u meet in cycle "
				         "%d of the II on %s",
				         ii, o->line, k->line, k->pissue % ii,
				         same ? "the ports of one memory" : "the module's ports");
				return -1;
			}
		}
		/* products that take turns on shared multipliers (sched_muls_per_cycle): so many of a
		 * width in one cycle of the II */
		int g = p->type[bl->insts[j]], per = sched_muls_per_cycle(f), n = 0;
		for (int i = 0; k->op == K_MUL && per && g >= 0 && i <= j; i++)
			n += p->type[bl->insts[i]] == g && f->insts[bl->insts[i]].pslot % ii == k->pslot % ii;
		if (n > per) {
			snprintf(
			    err, errlen,
			    "pipelined loop, II %d: %d products of %d bits in cycle %d of the II, where the "
			    "board's DSPs allow %d",
			    ii, n, k->width, k->pslot % ii, per);
			return -1;
		}
	}
	const memdep *dep = p->deps[b];
	for (int i = 0; i < p->ndeps[b] && !rc; i++) {
		const kinst *e = &f->insts[dep[i].earlier], *l = &f->insts[dep[i].later];
		if (l->pissue + dep[i].dist * ii < e->pissue + 1) {
			snprintf(
			    err, errlen,
			    "pipelined loop, II %d: the %s (line %u, slot %d) overtakes the %s (line %u, "
			    "slot %d) of the iteration %d before",
			    ii, kop_name(l->op), l->line, l->pissue, kop_name(e->op), e->line, e->pissue,
			    dep[i].dist);
			rc = -1;
		}
	}
	return rc;
}

/* Module-port requests and response waits, divider runs and copy loops of sequential block B sit in steps of
 * their kind. DIV_ISSUE[i]: the step where division I starts (-1: it shares the run of the one before). */
static int verify_units(const sched_problem *p, int b, const int *div_issue, char *err, size_t errlen)
{
	const kfunc *f = p->f;
	const kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++) {
		int i = bl->insts[j];
		const kinst *k = &f->insts[i];
		const kstep *st = f->steps && k->step >= 0 && k->step < f->nsteps ? &f->steps[k->step] : NULL;
		if (kop_is_access(k->op) && !is_internal(f, k->mem)) {
			const kstep *is =
			    f->steps && k->issue >= 0 && k->issue < f->nsteps ? &f->steps[k->issue] : NULL;
			int ok = is && is->kind == STEP_MEM_ISSUE && is->inst == i;
			if (ok && k->op == K_LOAD)
				ok = st && ((st->kind == STEP_MEM_WAIT && st->inst == i) ||
				            (st->kind == STEP_MEM_ISSUE && st->wait == i));
			if (!ok) {
				snprintf(err, errlen,
				         "%s (line %u) on a module port: step %d (or %d) is not its request "
				         "(or response) step",
				         kop_name(k->op), k->line, k->issue, k->step);
				return -1;
			}
		} else if (kop_unit(k->op) == KU_COPY && !(st && st->kind == STEP_COPY && st->inst == i)) {
			snprintf(err, errlen, "%s (line %u): step %d is not its copy loop", kop_name(k->op),
			         k->line, k->step);
			return -1;
		} else if (sched_is_div(k->op) && div_issue[i] >= 0 &&
		           (!(st && st->kind == STEP_DIV_WAIT && st->inst == i) || div_issue[i] >= k->step)) {
			snprintf(err, errlen, "%s (line %u): divider run %d..%d is not a run of its own",
			         kop_name(k->op), k->line, div_issue[i], k->step);
			return -1;
		}
	}
	return 0;
}

/* When sequential operation I holds its operator type: from the step it takes its operands in (a division's
 * run from its start to its result) for the type's occupancy. 0, or -1 when it holds none of its own (a
 * remainder sharing its quotient's run). */
static int held(const sched_problem *p, int i, const int *div_issue, int *from, int *to)
{
	const kinst *k = &p->f->insts[i];
	const sched_optype *t = &p->types[p->type[i]];
	switch (t->res) {
	case RES_DIVIDER:
		*from = div_issue[i];
		*to = k->step;
		return *from >= 0 ? 0 : -1;
	case RES_COPY:
	case RES_MULTIPLIER:
		*from = k->step;
		break;
	default:
		*from = k->issue;
	}
	*to = *from + t->occupancy - 1;
	return 0;
}

typedef struct hold {
	int from, to, inst;
} hold;

static int by_from(const void *a, const void *b)
{
	const hold *x = a, *y = b;
	return x->from != y->from ? (x->from > y->from) - (x->from < y->from) : x->inst - y->inst;
}

/* No operator type serves more operations at once than its limit, outside pipelined loops (which
 * verify_pipelined checks per II column): per memory and step one access per port (a copy loop holding its
 * memories' ports for its step; program_order keeps a store alone in its step), one run per divider at a
 * time, one operation per floating-point unit and step, one copy loop at a time, so many shared
 * multiplications per width and step. */
static int utilisation(const sched_problem *p, const int *div_issue, char *err, size_t errlen)
{
	const kfunc *f = p->f;
	/* an operation holds its type once, a copy loop each port of its memories */
	size_t cap = ((size_t)f->ninsts + 1) * SCHED_RAM_PORTS;
	hold *h = malloc(cap * sizeof *h);
	int *active = malloc(cap * sizeof *active);
	if (!h || !active) {
		free(h);
		free(active);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int rc = 0;
	for (int t = 0; t < p->ntypes && !rc; t++) {
		int n = 0;
		const sched_optype *ty = &p->types[t];
		for (int i = 0; i < f->ninsts; i++) {
			const kinst *k = &f->insts[i];
			if (k->block < 0 || f->blocks[k->block].pipelined)
				continue;
			if (p->type[i] == t && held(p, i, div_issue, &h[n].from, &h[n].to) == 0) {
				h[n++].inst = i;
			} else if (ty->res == RES_PORT && kop_unit(k->op) == KU_COPY &&
			           (k->mem == ty->id || (k->op == K_MEMCPY && k->mem2 == ty->id))) {
				/* a copy loop has its memories to itself for its step: it holds every
				 * port */
				for (int q = 0; q < ty->limit; q++)
					h[n++] = (hold){k->step, k->step, i};
			}
		}
		kiln_sort(h, (size_t)n, sizeof *h, by_from);
		int na = 0; /* the holds still running at h[x].from */
		for (int x = 0; x < n && !rc; x++) {
			int keep = 0;
			for (int a = 0; a < na; a++)
				if (h[active[a]].to >= h[x].from)
					active[keep++] = active[a];
			na = keep;
			if (na >= ty->limit) {
				const kinst *k = &f->insts[h[x].inst], *o = &f->insts[h[active[0]].inst];
				char name[96];
				snprintf(
				    err, errlen,
				    "%s: %s (line %u) in step %d while %s (line %u) holds it (it serves %d "
				    "at once)",
				    sched_optype_name(p, ty, name, sizeof name), kop_name(k->op), k->line,
				    h[x].from, kop_name(o->op), o->line, ty->limit);
				rc = -1;
			}
			active[na++] = x;
		}
	}
	free(h);
	free(active);
	return rc;
}

/* The step in which sequential operation K reads internal memory M (a load's request, a memcpy loop's
 * source), or -1. */
static int reads_at(const kfunc *f, const kinst *k, int m)
{
	if (k->block < 0 || k->block >= f->nblocks || f->blocks[k->block].pipelined)
		return -1;
	if (k->op == K_LOAD && k->mem == m)
		return k->issue;
	return k->op == K_MEMCPY && k->mem2 == m ? k->step : -1;
}

/* An internal memory holds a read's data until that port's next read, and a load takes the data in every
 * cycle of the step after its request: so a step that may last several cycles (it waits on a module port,
 * the divider or a copy loop) does not read a memory that the step before read (the scheduler's
 * stall_conflict rule). */
static int stall_rule(const kfunc *f, char *err, size_t errlen)
{
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		int m =
		    kop_is_access(k->op) || k->op == K_MEMCPY ? (k->op == K_MEMCPY ? k->mem2 : k->mem) : -1;
		int s = m >= 0 && is_internal(f, m) ? reads_at(f, k, m) : -1;
		if (!f->steps || s <= 0 || s >= f->nsteps || f->steps[s].kind == STEP_COMB ||
		    f->steps[s].kind == STEP_DIV_ISSUE || f->steps[s].block != f->steps[s - 1].block)
			continue;
		for (int j = 0; j < f->ninsts; j++)
			if (reads_at(f, &f->insts[j], m) == s - 1) {
				char shown[1024];
				sched_mem_shown(f, m, shown, sizeof shown);
				snprintf(err, errlen,
				         "%s (line %u) reads memory '%s' in step %d, which may last several "
				         "cycles, "
				         "while the %s (line %u) of step %d takes its data there",
				         kop_name(k->op), k->line, shown, s, kop_name(f->insts[j].op),
				         f->insts[j].line, s - 1);
				return -1;
			}
	}
	return 0;
}

static int verify_solution(const sched_problem *p, const int *div_issue, char *err, size_t errlen)
{
	const kfunc *f = p->f;
	int prev_last = -1;
	if (utilisation(p, div_issue, err, errlen) || stall_rule(f, err, errlen) ||
	    edge_loads(f, err, errlen))
		return -1;
	for (int b = 0; b < f->nblocks; b++) {
		const kblock *bl = &f->blocks[b];
		if (bl->res_mii != p->res_mii[b] || bl->rec_mii != p->rec_mii[b]) {
			snprintf(err, errlen, "block %d: bounds %d/%d recorded, %d/%d computed", b,
			         bl->res_mii, bl->rec_mii, p->res_mii[b], p->rec_mii[b]);
			return -1;
		}
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
			if (verify_pipelined(p, b, err, errlen))
				return -1;
			continue;
		}
		int *issue = malloc(((size_t)bl->ninsts + 1) * sizeof *issue);
		if (!issue) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		for (int j = 0; j < bl->ninsts; j++)
			issue[j] = f->insts[bl->insts[j]].issue;
		int rc = program_order(f, b, issue, "step", err, errlen) || copy_order(f, b, err, errlen);
		free(issue);
		if (rc || verify_units(p, b, div_issue, err, errlen))
			return -1;
		for (int j = 0; j < bl->ninsts; j++) {
			int i = bl->insts[j];
			const kinst *k = &f->insts[i];
			int at = sched_is_div(k->op) && div_issue[i] >= 0 ? div_issue[i] : use_step(k);
			if (k->op != K_PHI &&
			    (at < bl->first_step || k->step > bl->last_step || at > k->step)) {
				snprintf(err, errlen, "%s (line %u): steps %d..%d outside its block's %d..%d",
				         kop_name(k->op), k->line, at, k->step, bl->first_step,
				         bl->last_step);
				return -1;
			}
			if (late_data(p, k, k->issue, k->step, "step", err, errlen))
				return -1;
			if (k->op == K_PHI)
				continue;
			if (chaining(p, i, k, at, start_time(f, k, b, at, 0), 0, err, errlen))
				return -1;
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
	return 0;
}

int sched_verify(const kfunc *f, char *err, size_t errlen)
{
	sched_problem p;
	int *div_issue = malloc(((size_t)f->ninsts + 1) * sizeof *div_issue);
	if (!div_issue || sched_problem_init(&p, f, f->clock_ns) != 0) {
		free(div_issue);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int i = 0; i < f->ninsts; i++)
		div_issue[i] = -1;
	for (int s = 0; f->steps && s < f->nsteps; s++)
		if (f->steps[s].kind == STEP_DIV_ISSUE && f->steps[s].inst >= 0 &&
		    f->steps[s].inst < f->ninsts)
			div_issue[f->steps[s].inst] = s;
	int rc = verify_solution(&p, div_issue, err, errlen);
	sched_problem_free(&p);
	free(div_issue);
	return rc;
}
