// SPDX-License-Identifier: Apache-2.0
/* If-conversion: an if whose sides are single blocks becomes straight-line code. A block H that branches on
 * c into T (and E) which rejoin at J becomes one block: the operations of T and E run whichever way c goes
 * (they are pure, or loads from on-chip memories, which cannot fault), their stores carry c (or !c) as a
 * predicate, J's phis take selects on c, and H branches to J.
 *
 * ifconv_loops takes the ifs of loop bodies, so that the loop becomes a single block the pipeliner can
 * overlap. ifconv_regions takes whatever its cost models say runs no slower as one block, inside loops or
 * not, until nothing changes: single-entry, single-exit regions (ifconv_region.c), short ifs, a short block
 * on the way to another (bypass) and a short second test of a condition (fold_common); each block that is
 * its predecessor's only successor is merged into it (kir_cfg.h). A control step per basic block was what
 * made dfadd run 12 cycles per float64_add where Bambu's speculative scheduling takes 4.6 (issue 29). */
#include "ifconv.h"

#include <stdint.h>
#include <stdlib.h>

#include "../schedule/oplib.h"
#include "../support/xalloc.h"
#include "common_ops.h"
#include "dead_ops.h"
#include "ifconv_edit.h"
#include "ifconv_region.h"
#include "kir_cfg.h"
#include "load_hoist.h"
#include "loop_exits.h"
#include "step_estimate.h"
#include "store_merge.h"
#include "switch_fold.h"
#include "tail_dup.h"

/* The if at H: its sides T (and E, or -1) rejoining at J. */
typedef struct ifshape {
	int h, t, e, j;
} ifshape;

/* The shape of the if at H, when H ends in a two-way branch to a triangle or a diamond whose sides have no
 * other predecessor; 0 when it has none. */
static int find_if(kfunc *f, int h, ifshape *s)
{
	kinst *ht = kir_term(f, h);
	if (!ht || ht->op != K_CONDBR || ht->succ[0] == ht->succ[1] || ht->succ[0] == h || ht->succ[1] == h)
		return 0;
	int s0 = ht->succ[0], s1 = ht->succ[1];
	kinst *t0 = kir_term(f, s0), *t1 = kir_term(f, s1);
	*s = (ifshape){h, -1, -1, -1};
	if (t0 && t0->op == K_BR && t0->succ[0] == s1) { /* triangle, the true side taken */
		s->t = s0;
		s->j = s1;
	} else if (t1 && t1->op == K_BR && t1->succ[0] == s0) { /* triangle, the false side taken */
		s->t = s1;
		s->j = s0;
	} else if (t0 && t1 && t0->op == K_BR && t1->op == K_BR && t0->succ[0] == t1->succ[0]) { /* diamond */
		s->t = s0;
		s->e = s1;
		s->j = t0->succ[0];
	} else {
		return 0;
	}
	return s->j != h && s->t != 0 && s->e != 0 && kir_npreds(f, s->t, -1, -1) == 1 &&
	       (s->e < 0 || kir_npreds(f, s->e, -1, -1) == 1);
}

static int ops_ok(kfunc *f, int t, int fpu)
{
	return ifc_speculable(f, t, fpu, 0);
}

/* Side T can run whichever way the branch goes: a plain branch to J, and nothing that must not be
 * speculated (a module-port load could fault or wait; a divider or copy loop costs time on the other path;
 * with !FPU, a floating-point unit's latency). Its phis have the one incoming value of H. */
static int side_ok(kfunc *f, int t, int j, int fpu)
{
	kinst *tm = kir_term(f, t);
	return tm && tm->op == K_BR && tm->succ[0] == j && ops_ok(f, t, fpu);
}

/* Converts the if S: H's operations, then the sides', then selects for J's phis; H branches to J. A phi of J
 * that only the if reaches becomes the select itself; one that other blocks reach too takes the select as
 * its value from H. */
static void merge_if(kfunc *f, const ifshape *s)
{
	kblock *hb = &f->blocks[s->h];
	ifc_list l = {0};
	int hterm = hb->insts[hb->ninsts - 1];
	for (int i = 0; i < hb->ninsts - 1; i++)
		ifc_push(&l, hb->insts[i]);
	kinst *ht = &f->insts[hterm];
	kval c = ht->a[0], nc = c;
	int s0 = ht->succ[0];
	unsigned line = ht->line;
	if (s->t != s0 || s->e >= 0) {
		int ni = kir_new_op(f, s->h, K_XOR, 1, line, c, (kval){KV_CONST, 0, 1, 1}, (kval){0});
		nc = ifc_val(f, ni);
		ifc_push(&l, ni);
	}
	kval pt = s->t == s0 ? c : nc, pe = s->t == s0 ? nc : c;
	ifc_take_side(f, s->t, s->h, pt, &l);
	if (s->e >= 0)
		ifc_take_side(f, s->e, s->h, pe, &l);
	/* The other way into J: E in a diamond, H itself in a triangle. */
	int other = s->e >= 0 ? s->e : s->h;
	kblock *jb = &f->blocks[s->j];
	for (int i = 0; i < jb->ninsts; i++) {
		int id = jb->insts[i];
		if (f->insts[id].op != K_PHI)
			continue;
		kval vt = {KV_CONST, 0, 0, f->insts[id].width}, vo = vt;
		int mine = 0;
		for (int q = 0; q < f->insts[id].nphi; q++) {
			int pb = f->insts[id].phi_block[q];
			if (pb == s->t)
				vt = f->insts[id].phi_val[q];
			else if (pb == other)
				vo = f->insts[id].phi_val[q];
			mine += pb == s->t || pb == other;
		}
		kinst *k = &f->insts[id];
		if (mine == k->nphi) {
			kir_phi_becomes(k, K_SELECT, pt, vt, vo);
			continue;
		}
		int sel = kir_new_op(f, s->h, K_SELECT, k->width, line, pt, vt, vo);
		ifc_push(&l, sel);
		k = &f->insts[id];
		int w = 0;
		for (int q = 0; q < k->nphi; q++) {
			int pb = k->phi_block[q];
			if (pb == s->t || pb == other)
				continue;
			k->phi_val[w] = k->phi_val[q];
			k->phi_block[w++] = pb;
		}
		k->phi_val[w] = ifc_val(f, sel);
		k->phi_block[w++] = s->h;
		k->nphi = w;
	}
	ht = &f->insts[hterm];
	ht->op = K_BR;
	ht->succ[0] = s->j;
	ht->succ[1] = -1;
	ht->nargs = 0;
	ht->a[0] = (kval){0};
	ifc_push(&l, hterm);
	ifc_list_install(f, s->h, &l);
}

/* The loop cost model. After if-conversion both sides run in every iteration, so the loop does the sides'
 * work whether the branch is taken or not; what it gains is one block, which the pipeliner can overlap.
 * Nothing says statically how often a side is taken, so a side much larger than the work every iteration
 * does anyway (the header and the join) is left a branch: blowfish's byte loop would otherwise run all of
 * BF_encrypt (612 operations beside 24) on every byte instead of on every eighth. Small sides are always
 * taken in, whatever the ratio. */
enum { IFCONV_SMALL_SIDES = 32, IFCONV_MAX_RATIO = 4 };

static int too_costly(int always, int sides)
{
	return sides > IFCONV_SMALL_SIDES && sides > IFCONV_MAX_RATIO * always;
}

/* Tries to merge the if at loop header H whose join is the loop's latch into one block; 1 when it did. */
static int convert_loop(kfunc *f, int h)
{
	ifshape s;
	if (!find_if(f, h, &s))
		return 0;
	kinst *jt = kir_term(f, s.j);
	if (!jt || jt->op != K_CONDBR || (jt->succ[0] == h) == (jt->succ[1] == h) ||
	    !side_ok(f, s.t, s.j, 1) || (s.e >= 0 && !side_ok(f, s.e, s.j, 1)) ||
	    kir_npreds(f, s.j, h, s.t) != (s.e >= 0 ? 1 : 0) ||
	    (s.e >= 0 && kir_npreds(f, s.j, s.t, s.e) != 0))
		return 0;
	kblock *hb = &f->blocks[h], *tb = &f->blocks[s.t], *jb = &f->blocks[s.j];
	if (too_costly(hb->ninsts + jb->ninsts, tb->ninsts + (s.e >= 0 ? f->blocks[s.e].ninsts : 0)))
		return 0;
	merge_if(f, &s);
	kir_merge_chains(f);
	return 1;
}

int ifconv_loops(kfunc *f)
{
	int n = 0;
	for (int round = 0; round < 8; round++) {
		int changed = 0;
		for (int h = 0; h < f->nblocks; h++)
			changed += convert_loop(f, h);
		if (!changed)
			break;
		n += changed;
	}
	return n;
}

/* The region cost model. Unconverted, each side is a block of at least one step of its own and the if
 * costs the steps of the side taken; converted, the sides chain behind H's operations and the if costs the
 * longer side's steps whichever way it goes. So an if is converted when its longer side takes at most
 * IFCONV_REGION_STEPS steps, and in a diamond at most one more than the shorter: the path that loses loses
 * little, the other gains its block's step, and the ifs around it may then be converted in turn. */
enum { IFCONV_REGION_STEPS = 2 };

/* What bypass and fold_common may run whichever way H's branch goes: a step's chained logic. */
enum { IFCONV_SPECULATE_STEPS = 1 };

static int worth_it(kfunc *f, const ifshape *s, double clock_ns, step_est *ch)
{
	int dt = step_est_block(f, s->t, clock_ns, ch);
	int de = s->e >= 0 ? step_est_block(f, s->e, clock_ns, ch) : 0;
	int lo = dt < de ? dt : de, hi = dt < de ? de : dt;
	return hi <= IFCONV_REGION_STEPS && (s->e < 0 || hi <= lo + 1);
}

/* H's operations but its branch, as the start of its new list. */
static ifc_list start_list(kfunc *f, int h)
{
	kblock *hb = &f->blocks[h];
	ifc_list l = {0};
	for (int i = 0; i < hb->ninsts - 1; i++)
		ifc_push(&l, hb->insts[i]);
	return l;
}

/* H's new list L, ended by H's branch TERM. */
static void end_list(kfunc *f, int h, int term, ifc_list *l)
{
	ifc_push(l, term);
	ifc_list_install(f, h, l);
}

/* Successor IDX of H's two-way branch can run whichever way it goes: a block other than the entry and H
 * that only H reaches, the other successor not H itself (X would leave H's loop, and its operations run, and
 * take ports, in every iteration), its operations speculable and no longer than a step (bypass and
 * fold_common move them into H). */
static int short_side(kfunc *f, int h, int idx, double clock_ns, step_est *ch)
{
	const kinst *ht = kir_term(f, h);
	int x = ht->succ[idx];
	return x != 0 && x != h && ht->succ[!idx] != h && kir_npreds(f, x, -1, -1) == 1 && ops_ok(f, x, 0) &&
	       step_est_block(f, x, clock_ns, ch) <= IFCONV_SPECULATE_STEPS;
}

/* H ends in a branch two ways. */
static int two_way(kfunc *f, int h)
{
	const kinst *ht = kir_term(f, h);
	return ht && ht->op == K_CONDBR && ht->succ[0] != ht->succ[1];
}

/* A successor X of H that only H reaches and that only passes on to Z (its operations speculable and no
 * longer than a step): its operations move into H and H's branch goes straight to Z. The path through X
 * loses X's step; the other path runs X's operations beside H's, in the time H's branch condition takes
 * anyway. Z must not be a successor of H already (its phis would get two values from H: that shape is the
 * triangle of merge_if). Returns 1 when it bypassed one of H's successors. */
static int bypass(kfunc *f, int h, double clock_ns, step_est *ch)
{
	if (!two_way(f, h))
		return 0;
	for (int idx = 0; idx < 2; idx++) {
		kinst *ht = kir_term(f, h), *xt = kir_term(f, ht->succ[idx]);
		int x = ht->succ[idx], y = ht->succ[!idx];
		if (!xt || xt->op != K_BR || xt->succ[0] == x || xt->succ[0] == y ||
		    !short_side(f, h, idx, clock_ns, ch))
			continue;
		int z = xt->succ[0];
		int term = f->blocks[h].insts[f->blocks[h].ninsts - 1];
		ifc_list l = start_list(f, h);
		kval p = ifc_edge_cond(f, h, f->insts[term].a[0], idx, f->insts[term].line, &l);
		ifc_take_side(f, x, h, p, &l);
		f->insts[term].succ[idx] = z;
		end_list(f, h, term, &l);
		kir_retarget_phis(f, z, x, h);
		return 1;
	}
	return 0;
}

/* H branches to A or to X, and X (which only H reaches; its operations speculable and no longer than a step)
 * branches to A or to Y: H takes X's operations and branches on (H goes to A) | (X goes to A) to A or Y, as
 * LLVM's FoldBranchToCommonDest does for a cheap X. A short-circuit condition (a || b, a && b) is such a
 * pair of blocks, one state each, where one step decides it. A's phis, reached from H and from X, take a
 * select of the two. Returns 1 when it folded one. */
static int fold_common(kfunc *f, int h, double clock_ns, step_est *ch)
{
	if (!two_way(f, h))
		return 0;
	for (int idx = 0; idx < 2; idx++) {
		kinst *ht = kir_term(f, h), *xt = kir_term(f, ht->succ[idx]);
		int x = ht->succ[idx], a = ht->succ[!idx];
		if (!xt || xt->op != K_CONDBR || xt->succ[0] == xt->succ[1] ||
		    (xt->succ[0] != a && xt->succ[1] != a))
			continue;
		int xa = xt->succ[0] == a ? 0 : 1, y = xt->succ[!xa];
		if (y == x || y == h || !short_side(f, h, idx, clock_ns, ch))
			continue;
		kblock *ab = &f->blocks[a];
		int term = f->blocks[h].insts[f->blocks[h].ninsts - 1];
		int xterm = f->blocks[x].insts[f->blocks[x].ninsts - 1];
		unsigned line = f->insts[term].line;
		ifc_list l = start_list(f, h);
		kval hc = f->insts[term].a[0], xc = f->insts[xterm].a[0];
		kval into_x = ifc_edge_cond(f, h, hc, idx, line, &l);
		kval h_to_a = ifc_edge_cond(f, h, hc, !idx, line, &l);
		ifc_take_side(f, x, h, into_x, &l);
		kval x_to_a = ifc_edge_cond(f, h, xc, xa, line, &l);
		int go = kir_new_op(f, h, K_OR, 1, line, h_to_a, x_to_a, (kval){0});
		ifc_push(&l, go);
		for (int i = 0; i < ab->ninsts; i++) {
			int id = ab->insts[i];
			if (f->insts[id].op != K_PHI)
				continue;
			kval vh = {KV_CONST, 0, 0, f->insts[id].width}, vx = vh;
			for (int q = 0; q < f->insts[id].nphi; q++)
				if (f->insts[id].phi_block[q] == h)
					vh = f->insts[id].phi_val[q];
				else if (f->insts[id].phi_block[q] == x)
					vx = f->insts[id].phi_val[q];
			int sel = kir_new_op(f, h, K_SELECT, f->insts[id].width, line, h_to_a, vh, vx);
			ifc_push(&l, sel);
			kinst *k = &f->insts[id];
			int w = 0;
			for (int q = 0; q < k->nphi; q++) {
				if (k->phi_block[q] == x)
					continue;
				k->phi_val[w] = k->phi_block[q] == h ? ifc_val(f, sel) : k->phi_val[q];
				k->phi_block[w++] = k->phi_block[q];
			}
			k->nphi = w;
		}
		kinst *t = &f->insts[term];
		t->a[0] = ifc_val(f, go);
		t->succ[0] = a;
		t->succ[1] = y;
		end_list(f, h, term, &l);
		kir_retarget_phis(f, y, x, h);
		return 1;
	}
	return 0;
}

int ifconv_regions(kfunc *f, double clock_ns, int pipeline)
{
	int n = 0, merged = 0;
	step_est ch = {.clock_ns = clock_ns};
	for (;;) { /* each change empties a block */
		int changed = kir_merge_chains(f);
		merged += changed;
		if (ifconv_region_once(f, &ch, pipeline)) {
			n++;
			continue;
		}
		for (int h = 0; h < f->nblocks; h++) {
			ifshape s;
			if (!find_if(f, h, &s) || !side_ok(f, s.t, s.j, 0) ||
			    (s.e >= 0 && !side_ok(f, s.e, s.j, 0)) || !worth_it(f, &s, clock_ns, &ch))
				continue;
			merge_if(f, &s);
			changed++;
			n++;
		}
		for (int h = 0; h < f->nblocks; h++) {
			int did = fold_common(f, h, clock_ns, &ch) || bypass(f, h, clock_ns, &ch);
			changed += did;
			n += did;
		}
		if (!changed)
			break;
	}
	step_est_free(&ch);
	if (kir_drop_empty_blocks(f) || n || merged) /* a schedule read with the kernel no longer fits */
		f->nsteps = 0;
	return n;
}

int ifconv_stage(kfunc *f, double clock_ns, int pipeline)
{
	if (pipeline)
		ifconv_loops(f);
	int n = ifconv_regions(f, clock_ns, pipeline);
	if (pipeline && merge_loop_exits(f)) {
		kir_drop_empty_blocks(f);
		f->nsteps = 0;
	}
	if (switch_fold(f, clock_ns)) {
		kir_drop_empty_blocks(f);
		f->nsteps = 0;
	}
	if (tail_duplicate(f, clock_ns)) {
		kir_drop_empty_blocks(f);
		f->nsteps = 0;
	}
	if (load_hoist(f, clock_ns))
		f->nsteps = 0;
	/* in this order: merged stores and operations leave the dead ones behind */
	int tidied = store_merge(f);
	tidied += kir_merge_common_ops(f);
	if (tidied + kir_drop_dead_ops(f)) /* a schedule read with the kernel no longer fits */
		f->nsteps = 0;
	return n;
}
