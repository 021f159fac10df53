// SPDX-License-Identifier: Apache-2.0
/* If-conversion of loop bodies, so that loops with an if inside become single-block loops the pipeliner can
 * overlap. A loop header H that branches on c into T (and E) which rejoin at the latch J becomes one block:
 * the operations of T and E run every iteration (they are pure, or loads from on-chip memories, which cannot
 * fault), their stores carry c (or !c) as a predicate, and J's phis become selects on c. */
#include "ifconv.h"

#include <stdlib.h>

static kinst *term_of(kfunc *f, int b)
{
	kblock *bl = &f->blocks[b];
	return bl->ninsts ? &f->insts[bl->insts[bl->ninsts - 1]] : NULL;
}

/* How many blocks other than EXCLUDE_A and EXCLUDE_B branch to block B. */
static int npreds(kfunc *f, int b, int exclude_a, int exclude_b)
{
	int n = 0;
	for (int p = 0; p < f->nblocks; p++) {
		kinst *t = term_of(f, p);
		if (!t || p == exclude_a || p == exclude_b)
			continue;
		int hit = 0;
		if (t->op == K_BR || t->op == K_CONDBR || t->op == K_SWITCH)
			hit = t->succ[0] == b || ((t->op == K_CONDBR) && t->succ[1] == b);
		for (int c = 0; t->op == K_SWITCH && c < t->ncases; c++)
			hit |= t->case_succ[c] == b;
		n += hit;
	}
	return n;
}

/* T (a side of the if) can run every iteration: a plain branch to J, no phi, and nothing that must not be
 * speculated (a module-port load could fault or wait; a divider or copy loop costs time on the other path).
 */
static int side_ok(kfunc *f, int t, int j)
{
	kblock *bl = &f->blocks[t];
	kinst *tm = term_of(f, t);
	if (!tm || tm->op != K_BR || tm->succ[0] != j)
		return 0;
	for (int i = 0; i < bl->ninsts - 1; i++) {
		kinst *k = &f->insts[bl->insts[i]];
		kunit u = kop_unit(k->op);
		if (k->op == K_PHI || u == KU_COPY || u == KU_DIVIDER ||
		    (k->op == K_LOAD && k->mem < f->nmems) || (k->op == K_STORE && k->nargs > 2))
			return 0;
	}
	return 1;
}

/* Appends the operations of block FROM but its terminator (when SKIP_TERM) to LIST, now in block H. */
static void take(kfunc *f, int from, int h, int skip_term, int *list, int *n)
{
	kblock *bl = &f->blocks[from];
	for (int i = 0; i < bl->ninsts - (skip_term ? 1 : 0); i++) {
		list[(*n)++] = bl->insts[i];
		f->insts[bl->insts[i]].block = h;
	}
}

/* The cost model. After if-conversion both sides run in every iteration, so the loop does the sides' work
 * whether the branch is taken or not; what it gains is one block, which the pipeliner can overlap. Nothing
 * says statically how often a side is taken, so a side much larger than the work every iteration does
 * anyway (the header and the join) is left a branch: blowfish's byte loop would otherwise run all of
 * BF_encrypt (612 operations beside 24) on every byte instead of on every eighth. Small sides are always
 * taken in, whatever the ratio. */
enum { IFCONV_SMALL_SIDES = 32, IFCONV_MAX_RATIO = 4 };

static int too_costly(int always, int sides)
{
	return sides > IFCONV_SMALL_SIDES && sides > IFCONV_MAX_RATIO * always;
}

/* Tries to merge the if at loop header H; 1 when it did. */
static int convert(kfunc *f, int h)
{
	kinst *ht = term_of(f, h);
	if (!ht || ht->op != K_CONDBR || ht->succ[0] == ht->succ[1] || ht->succ[0] == h || ht->succ[1] == h)
		return 0;
	int s0 = ht->succ[0], s1 = ht->succ[1], j, t, e = -1;
	kinst *t0 = term_of(f, s0), *t1 = term_of(f, s1);
	if (t0 && t0->op == K_BR && t0->succ[0] == s1) { /* triangle, the true side taken */
		t = s0;
		j = s1;
	} else if (t1 && t1->op == K_BR && t1->succ[0] == s0) { /* triangle, the false side taken */
		t = s1;
		j = s0;
	} else if (t0 && t1 && t0->op == K_BR && t1->op == K_BR && t0->succ[0] == t1->succ[0]) { /* diamond */
		t = s0;
		e = s1;
		j = t0->succ[0];
	} else {
		return 0;
	}
	kinst *jt = term_of(f, j);
	if (j == h || !jt || jt->op != K_CONDBR || (jt->succ[0] == h) == (jt->succ[1] == h) ||
	    !side_ok(f, t, j) || (e >= 0 && !side_ok(f, e, j)) || npreds(f, t, -1, -1) != 1 ||
	    (e >= 0 && npreds(f, e, -1, -1) != 1) || npreds(f, j, h, t) != (e >= 0 ? 1 : 0) ||
	    (e >= 0 && npreds(f, j, t, e) != 0))
		return 0;
	kblock *hb = &f->blocks[h], *tb = &f->blocks[t], *jb = &f->blocks[j];
	kblock *eb = e >= 0 ? &f->blocks[e] : NULL;
	if (too_costly(hb->ninsts + jb->ninsts, tb->ninsts + (eb ? eb->ninsts : 0)))
		return 0;
	int total = hb->ninsts + tb->ninsts + (eb ? eb->ninsts : 0) + jb->ninsts + 1;
	int *list = malloc((size_t)total * sizeof *list);
	if (!list)
		return 0;
	int n = 0;
	take(f, h, h, 1, list, &n);
	/* The predicate of T's stores: c when T is the true side, else !c; E gets the other. */
	kval c = ht->a[0], nc = c;
	if (t != s0 || e >= 0) {
		unsigned line = ht->line;
		int ni = kir_new_inst(f, K_XOR, 1, h);
		f->insts[ni].nargs = 2;
		f->insts[ni].a[0] = c;
		f->insts[ni].a[1] = (kval){KV_CONST, 0, 1, 1};
		f->insts[ni].line = line;
		nc = (kval){KV_OP, ni, 0, 1};
		list[n++] = ni;
	}
	kval pt = t == s0 ? c : nc, pe = t == s0 ? nc : c;
	for (int side = 0; side < (e >= 0 ? 2 : 1); side++) {
		int sb = side ? e : t;
		kblock *bl = &f->blocks[sb];
		for (int i = 0; i < bl->ninsts - 1; i++) {
			kinst *k = &f->insts[bl->insts[i]];
			if (k->op == K_STORE) {
				k->nargs = 3;
				k->a[2] = side ? pe : pt;
			}
		}
		take(f, sb, h, 1, list, &n);
	}
	/* J's phis: the value from T when T ran, else the one from H (or E). */
	for (int i = 0; i < jb->ninsts; i++) {
		kinst *k = &f->insts[jb->insts[i]];
		if (k->op != K_PHI)
			continue;
		kval vt = {KV_CONST, 0, 0, k->width}, vo = vt;
		for (int q = 0; q < k->nphi; q++)
			if (k->phi_block[q] == t)
				vt = k->phi_val[q];
			else
				vo = k->phi_val[q];
		free(k->phi_val);
		free(k->phi_block);
		k->phi_val = NULL;
		k->phi_block = NULL;
		k->nphi = 0;
		k->op = K_SELECT;
		k->nargs = 3;
		k->a[0] = pt;
		k->a[1] = vt;
		k->a[2] = vo;
	}
	take(f, j, h, 0, list, &n);
	free(hb->insts);
	hb->insts = list;
	hb->ninsts = n;
	tb->ninsts = 0;
	jb->ninsts = 0;
	if (eb)
		eb->ninsts = 0;
	/* Edges that left J now leave H. */
	for (int i = 0; i < f->ninsts; i++)
		for (int q = 0; q < f->insts[i].nphi; q++)
			if (f->insts[i].phi_block[q] == j)
				f->insts[i].phi_block[q] = h;
	return 1;
}

int ifconv_loops(kfunc *f)
{
	int n = 0;
	for (int round = 0; round < 8; round++) {
		int changed = 0;
		for (int h = 0; h < f->nblocks; h++)
			changed += convert(f, h);
		if (!changed)
			break;
		n += changed;
	}
	return n;
}
