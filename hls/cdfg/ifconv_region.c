// SPDX-License-Identifier: Apache-2.0
/* If-conversion of a single-entry, single-exit region: H and the blocks between H and its post-dominator J
 * become one block that runs every operation of the region whichever way its branches go, each block's
 * stores predicated on the condition that the block runs (the conditions of the edges into it, or-ed), its
 * phis selects on those edges, J's phis likewise; H then branches to J. A control step per basic block was
 * what made dfadd run 12 cycles per float64_add where Bambu's speculative scheduling takes 4.6 (issue 29):
 * converted, its loop body is one block the pipeliner overlaps. */
#include "ifconv_region.h"

#include <stdint.h>
#include <stdlib.h>

#include "../schedule/oplib.h"
#include "../schedule/problem.h"
#include "../support/xalloc.h"
#include "ifconv_edit.h"
#include "kir_cfg.h"

/* A single-entry, single-exit region: H, the blocks between H and its post-dominator J in an order where
 * every block comes after its predecessors, and J. */
typedef struct region {
	int h, j, n;
	int *order; /* n blocks, H first */
	int *in;    /* per block of F: its index in ORDER + 1, or 0 */
	/* scratch of find_region, per block of F, allocated once per search so that a search costs what the
	 * region holds, not what the function does: its DFS stack, the blocks it saw, in-region in-degrees
	 * (kept 0 between searches), and each block's predecessors (PRED_AT[b] .. PRED_AT[b + 1] in PREDS) */
	int *stack, *seen, *indeg, *pred_at, *preds;
} region;

/* Every block's predecessors in F, a switch's beyond kir_succs's count included. */
static void build_preds(kfunc *f, region *r)
{
	int nb = f->nblocks, sc[KIR_MAX_SUCCS];
	int *cnt = xcalloc((size_t)nb + 1, sizeof *cnt), total = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (int b = 0; b < nb; b++) {
			int ns = kir_succs(f, b, sc);
			const kinst *t = kir_term(f, b);
			int all[KIR_MAX_SUCCS], na = 0, *to = ns >= 0 ? sc : NULL;
			if (ns < 0) { /* every distinct target of a switch */
				na = 0;
				ns = 1 + t->ncases;
			}
			for (int i = 0; i < ns; i++) {
				int x = to ? to[i] : i == 0 ? t->succ[0] : t->case_succ[i - 1];
				if (!to) { /* distinct only */
					int dup = 0;
					for (int k = 0; k < na && k < KIR_MAX_SUCCS; k++)
						dup |= all[k] == x;
					if (dup)
						continue;
					if (na < KIR_MAX_SUCCS)
						all[na++] = x;
				}
				if (pass == 0)
					cnt[x]++;
				else
					r->preds[r->pred_at[x] + cnt[x]++] = b;
			}
		}
		if (pass == 0) {
			r->pred_at = xcalloc((size_t)nb + 2, sizeof *r->pred_at);
			for (int b = 0; b < nb; b++) {
				r->pred_at[b] = total;
				total += cnt[b];
				cnt[b] = 0;
			}
			r->pred_at[nb] = total;
			r->preds = xcalloc((size_t)total + 1, sizeof *r->preds);
		}
	}
	free(cnt);
}

/* Finds the region at H (its exit J = kir_ipdom): every block reached from H before J, reached only from the
 * region, with no way back into it (no loop inside), each of them only speculable operations and no
 * return. 1 when there is one of two blocks or more. */
static int find_region(kfunc *f, int h, int j, region *r)
{
	int sc[KIR_MAX_SUCCS], sp = 0, ok = 1, nseen = 0;
	int *stack = r->stack, *seen = r->seen, *indeg = r->indeg;
	for (int i = 0; i < r->n; i++) /* the last region found, which was not taken */
		r->in[r->order[i]] = 0;
	r->h = h;
	r->j = j;
	r->n = 0;
	/* the blocks reached from H before J (in[] marks them with -1 for now) */
	stack[sp++] = h;
	seen[nseen++] = h;
	r->in[h] = -1;
	while (sp && ok) {
		int b = stack[--sp];
		kinst *t = kir_term(f, b);
		if (!t || t->op == K_RET || (b != h && !ifc_speculable(f, b, 0, 1)))
			ok = 0;
		int ns = kir_succs(f, b, sc);
		if (ns < 0)
			ok = 0;
		for (int i = 0; i < ns && ok; i++) {
			if (sc[i] == h)
				ok = 0;
			else if (sc[i] != j && !r->in[sc[i]]) {
				r->in[sc[i]] = -1;
				seen[nseen++] = sc[i];
				stack[sp++] = sc[i];
			}
		}
	}
	/* single entry: every predecessor of a block of the region but H is in it; then order them (Kahn) */
	for (int i = 1; ok && i < nseen; i++) {
		int x = seen[i];
		for (int q = r->pred_at[x]; q < r->pred_at[x + 1]; q++) {
			if (!r->in[r->preds[q]])
				ok = 0;
			indeg[x]++;
		}
	}
	if (ok) {
		int head = 0;
		r->order[r->n++] = h;
		while (head < r->n) {
			int b = r->order[head++], ns = kir_succs(f, b, sc);
			for (int i = 0; i < ns; i++)
				if (sc[i] != j && --indeg[sc[i]] == 0)
					r->order[r->n++] = sc[i];
		}
		ok = r->n == nseen && r->n > 1;
	}
	for (int i = 0; i < nseen; i++) {
		r->in[seen[i]] = 0;
		indeg[seen[i]] = 0;
	}
	if (!ok)
		r->n = 0;
	for (int i = 0; i < r->n; i++)
		r->in[r->order[i]] = i + 1;
	return ok;
}

/* Region R runs from a loop's header to the block that loops back, which only R reaches: converted, the
 * loop is one block (the back block merged in), which the pipeliner overlaps unless it divides or copies. */
static int loop_body(kfunc *f, const region *r)
{
	kinst *jt = kir_term(f, r->j);
	if (!jt || jt->op != K_CONDBR || (jt->succ[0] == r->h) == (jt->succ[1] == r->h))
		return 0;
	int inside = 0; /* the region's blocks that branch to J: all of J's predecessors */
	for (int i = 0; i < r->n; i++) {
		int sc[KIR_MAX_SUCCS], ns = kir_succs(f, r->order[i], sc);
		for (int q = 0; q < ns; q++)
			inside += sc[q] == r->j;
	}
	if (kir_npreds(f, r->j, -1, -1) != inside)
		return 0;
	const int ends[2] = {r->h, r->j};
	for (int e = 0; e < 2; e++) {
		const kblock *bl = &f->blocks[ends[e]];
		for (int q = 0; q < bl->ninsts; q++) {
			kunit u = kop_unit(f->insts[bl->insts[q]].op);
			if (u == KU_DIVIDER || u == KU_COPY)
				return 0;
		}
	}
	return 1;
}

/* Adds the operations of R's blocks (and of J's when WITH_J) to CH in order, when ONLY_DEPENDENT only those
 * that read what the sequence has computed; H's phis are inputs. */
static void chain_region(kfunc *f, const region *r, step_est *ch, int with_j, int only_dependent)
{
	for (int i = 0; i <= r->n; i++) {
		if (i == r->n && !with_j)
			break;
		const kblock *bl = &f->blocks[i < r->n ? r->order[i] : r->j];
		for (int q = 0; q < bl->ninsts - 1; q++) {
			int id = bl->insts[q];
			if ((i == 0 && f->insts[id].op == K_PHI) ||
			    (only_dependent && !step_est_depends(f, ch, id)))
				continue;
			step_est_op(f, ch, id);
		}
	}
}

/* The initiation interval the pipeliner can reach at best for region R, a loop's body, converted (a lower
 * bound, as its MII): a module-port access per cycle for all of them, two loads or a store per cycle per
 * on-chip memory (from the whole body chained in CH), the loop's branch decided within the first II cycles,
 * and for each phi of H, the cycles from it to the value it takes next, along the operations that depend on
 * it. CH is reused. */
static int body_ii(kfunc *f, const region *r, step_est *ch)
{
	int nm = f->nmems + f->nimems, port = 0;
	int *cnt = xcalloc((size_t)nm + 1, sizeof *cnt), *first = xcalloc((size_t)nm + 1, sizeof *first);
	for (int m = 0; m < nm; m++) {
		cnt[m] = ch->loads[m] + ch->stores[m];
		first[m] = ch->stores[m];
		port += m < f->nmems ? cnt[m] : 0;
	}
	int ii = sched_port_cycles(f, cnt, first); /* the pipeliner's own bound on the ports */
	free(cnt);
	free(first);
	if (port > ii) /* one module-port request a cycle, over all of them */
		ii = port;
	for (int m = 0; m < nm; m++)
		if (ch->stores[m] && ch->loads[m] && ch->last + 1 > ii) /* a memory recurrence, at worst */
			ii = ch->last + 1;
	/* the loop's branch in the iteration's first II cycles (the pipeliner's rule): its condition by then
	 */
	kval c = kir_term(f, r->j)->a[0];
	if (c.kind == KV_OP && ch->gen[c.id] == ch->cur && ch->step[c.id] + 1 > ii)
		ii = ch->step[c.id] + 1;
	const kblock *hb = &f->blocks[r->h];
	for (int q = 0; q < hb->ninsts; q++) {
		int pid = hb->insts[q];
		if (f->insts[pid].op != K_PHI)
			continue;
		step_est_begin(f, ch, ch->clock_ns);
		ch->step[pid] = 0;
		ch->t_end[pid] = 0.0;
		ch->gen[pid] = ch->cur;
		chain_region(f, r, ch, 1, 1);
		const kinst *k = &f->insts[pid];
		for (int e = 0; e < k->nphi; e++) {
			kval v = k->phi_val[e];
			if (k->phi_block[e] == r->j && v.kind == KV_OP && v.id != pid &&
			    ch->gen[v.id] == ch->cur && ch->step[v.id] + 1 > ii)
				ii = ch->step[v.id] + 1;
		}
	}
	return ii;
}

/* The region cost model. Unconverted, every block is a state of its own, at least one step, and a path
 * through the region costs its blocks' steps; nothing says statically which way a branch goes, so each is
 * taken as even, which gives the steps a run through the region takes on average. Converted, the region's
 * operations chain as one block whichever way its branches go. It is converted when that is no more; a
 * loop's body (loop_body) when its iterations, overlapped, may start no further apart than that, even when
 * one alone takes longer. */
static int region_worth_it(kfunc *f, const region *r, step_est *ch, int pipeline)
{
	int sc[KIR_MAX_SUCCS], body = pipeline && loop_body(f, r);
	double *e = xcalloc((size_t)r->n + 1, sizeof *e);
	for (int i = r->n - 1; i >= 0; i--) {
		int b = r->order[i], ns = kir_succs(f, b, sc);
		double after = 0.0;
		for (int q = 0; q < ns; q++)
			if (sc[q] != r->j)
				after += e[r->in[sc[q]] - 1];
		e[i] = step_est_block(f, b, ch->clock_ns, ch) + (ns ? after / ns : 0.0);
	}
	double unconverted = e[0] + (body ? step_est_block(f, r->j, ch->clock_ns, ch) : 0);
	free(e);
	step_est_begin(f, ch, ch->clock_ns);
	chain_region(f, r, ch, body, 0);
	int converted = step_est_steps(f, ch);
	return converted <= unconverted || (body && body_ii(f, r, ch) <= unconverted);
}

/* The 1-bit values of a switch block of the region: per case, its value == the case's, and last whether any
 * case is (the default is its negation), each built once. */
typedef struct sweq {
	kval *eq;
} sweq;

/* The condition under which block Q, running when P holds, branches to block B: P & (Q's branch goes to
 * B). SW: Q's switch values, built on first use. */
static kval edge(kfunc *f, int h, int q, kval p, int b, sweq *sw, ifc_list *l)
{
	kinst *t = kir_term(f, q);
	unsigned line = t->line;
	kval go = {KV_NONE, 0, 0, 0}, one = {KV_CONST, 0, 1, 1};
	if (t->op == K_BR) {
		go = one;
	} else if (t->op == K_CONDBR) {
		if (t->succ[0] == b && t->succ[1] == b)
			go = one;
		else if (t->succ[0] == b)
			go = t->a[0];
		else
			go = ifc_edge_cond(f, h, t->a[0], 1, line, l);
	} else { /* a switch: the cases to B, or none of the cases when B is the default */
		int nc = t->ncases;
		if (!sw->eq) {
			kval x = t->a[0], any = {KV_NONE, 0, 0, 0};
			sw->eq = xcalloc((size_t)nc + 1, sizeof *sw->eq);
			for (int c = 0; c < nc; c++) {
				uint64_t v = kir_term(f, q)->case_val[c];
				int id = kir_new_op(f, h, K_ICMP, 1, line, x, (kval){KV_CONST, 0, v, x.width},
				                    (kval){0});
				f->insts[id].pred = KP_EQ;
				ifc_push(l, id);
				sw->eq[c] = ifc_val(f, id);
				any = ifc_or(f, h, any, sw->eq[c], line, l);
			}
			sw->eq[nc] = any;
		}
		for (int c = 0; c < nc; c++)
			if (kir_term(f, q)->case_succ[c] == b)
				go = ifc_or(f, h, go, sw->eq[c], line, l);
		if (kir_term(f, q)->succ[0] == b)
			go =
			    ifc_or(f, h, go, nc ? ifc_edge_cond(f, h, sw->eq[nc], 1, line, l) : one, line, l);
	}
	return ifc_and(f, h, p, go, line, l);
}

/* The value phi K (of a block of the region or its exit) takes, over its entries from the region's blocks,
 * as a chain of selects on their edges' conditions (EDGES[i] for the entry from ORDER[i]). */
static kval phi_select(kfunc *f, const region *r, int id, const kval *edges, ifc_list *l)
{
	kval v = {KV_NONE, 0, 0, 0};
	unsigned line = f->insts[id].line;
	for (int q = f->insts[id].nphi - 1; q >= 0; q--) {
		int pb = f->insts[id].phi_block[q];
		if (!r->in[pb])
			continue;
		kval val = f->insts[id].phi_val[q];
		if (v.kind == KV_NONE) {
			v = val;
			continue;
		}
		int sel =
		    kir_new_op(f, r->h, K_SELECT, f->insts[id].width, line, edges[r->in[pb] - 1], val, v);
		ifc_push(l, sel);
		v = ifc_val(f, sel);
	}
	return v;
}

/* Converts region R into its head: the blocks' operations in R's order, each block's stores predicated on
 * the condition that the block runs, its phis selects on its incoming edges' conditions, J's phis likewise
 * for the edges into J; H then branches to J. */
static void convert_region(kfunc *f, const region *r)
{
	int h = r->h;
	ifc_list l = {0};
	sweq *sw = xcalloc((size_t)r->n + 1, sizeof *sw);
	kval *run = xcalloc((size_t)r->n + 1, sizeof *run); /* the condition that ORDER[i] runs */
	kval *into =
	    xcalloc((size_t)r->n + 1, sizeof *into); /* the edge from ORDER[i] into the block at hand */
	kblock *hb = &f->blocks[h];
	for (int i = 0; i < hb->ninsts - 1; i++)
		ifc_push(&l, hb->insts[i]);
	int hterm = hb->insts[hb->ninsts - 1];
	run[0] = (kval){KV_CONST, 0, 1, 1};
	for (int i = 1; i <= r->n; i++) {
		int b = i < r->n ? r->order[i] : r->j;
		kval p = {KV_NONE, 0, 0, 0};
		for (int q = 0; q < i && q < r->n; q++) {
			int sc[KIR_MAX_SUCCS], ns = kir_succs(f, r->order[q], sc), hit = 0;
			for (int k = 0; k < ns; k++)
				hit |= sc[k] == b;
			into[q] = (kval){KV_NONE, 0, 0, 0};
			if (hit) {
				into[q] = edge(f, h, r->order[q], run[q], b, &sw[q], &l);
				if (i < r->n)
					p = ifc_or(f, h, p, into[q], f->insts[hterm].line, &l);
			}
		}
		kblock *bl = &f->blocks[b];
		for (int q = 0; q < bl->ninsts; q++) {
			int id = bl->insts[q];
			if (f->insts[id].op != K_PHI)
				continue;
			kval v = phi_select(f, r, id, into, &l);
			kinst *k = &f->insts[id];
			if (i == r->n) { /* J: one entry from H in place of the region's */
				int w = 0;
				for (int e = 0; e < k->nphi; e++)
					if (!r->in[k->phi_block[e]]) {
						k->phi_val[w] = k->phi_val[e];
						k->phi_block[w++] = k->phi_block[e];
					}
				k->phi_val[w] = v;
				k->phi_block[w++] = h;
				k->nphi = w;
				continue;
			}
			kir_phi_becomes(k, K_COPY, v, (kval){0}, (kval){0});
			k->block = h;
			ifc_push(&l, id);
		}
		if (i == r->n)
			break;
		run[i] = p;
		for (int q = 0; q < bl->ninsts - 1; q++) {
			int id = bl->insts[q];
			kinst *k = &f->insts[id];
			if (k->op == K_COPY && k->block == h)
				continue; /* a phi, taken above */
			if (k->op == K_STORE) {
				kval pr = k->nargs > 2 ? ifc_and(f, h, k->a[2], p, k->line, &l) : p;
				k = &f->insts[id];
				k->nargs = 3;
				k->a[2] = pr;
			}
			k->block = h;
			ifc_push(&l, id);
		}
	}
	for (int i = 1; i < r->n; i++) {
		kblock *bl = &f->blocks[r->order[i]];
		kinst *t = &f->insts[bl->insts[bl->ninsts - 1]];
		t->block = -1;
		t->nargs = 0;
		bl->ninsts = 0;
	}
	kinst *ht = &f->insts[hterm];
	ht->op = K_BR;
	ht->succ[0] = r->j;
	ht->succ[1] = -1;
	ht->nargs = 0;
	ht->ncases = 0;
	ifc_push(&l, hterm);
	ifc_list_install(f, h, &l);
	for (int i = 0; i < r->n; i++)
		free(sw[i].eq);
	free(sw);
	free(run);
	free(into);
}

/* Converts the regions of F worth it (region_worth_it), the ones deepest in the graph first so that an
 * outer region is weighed with its inner ones converted. Returns how many it converted. */
int ifconv_region_once(kfunc *f, step_est *ch, int pipeline)
{
	int nb = f->nblocks, words = (nb + 63) / 64, done = 0;
	uint64_t *pd = kir_post_dominators(f, words);
	int *ipdom = kir_ipdoms(f, pd, words);
	size_t n1 = (size_t)nb + 1;
	region r = {.order = xcalloc(n1, sizeof(int)),
	            .in = xcalloc(n1, sizeof(int)),
	            .stack = xcalloc(n1, sizeof(int)),
	            .seen = xcalloc(n1, sizeof(int)),
	            .indeg = xcalloc(n1, sizeof(int))};
	build_preds(f, &r);
	for (int h = nb - 1; h >= 0; h--) {
		kinst *t = kir_term(f, h);
		if (!t || (t->op != K_CONDBR && t->op != K_SWITCH))
			continue;
		int j = ipdom[h];
		if (j < 0 || !find_region(f, h, j, &r) || !region_worth_it(f, &r, ch, pipeline))
			continue;
		convert_region(f, &r);
		done++;
		break; /* the post-dominators changed */
	}
	free(r.order);
	free(r.in);
	free(r.stack);
	free(r.seen);
	free(r.indeg);
	free(r.pred_at);
	free(r.preds);
	free(ipdom);
	free(pd);
	return done;
}
