// SPDX-License-Identifier: Apache-2.0
/* Tail duplication. A block J that many blocks reach with an unconditional branch is a state of its own,
 * a cycle on every path through it, though its work is small: the join after a switch, the latch of an
 * interpreter's loop (mips: `reg[0] = 0; ninst++; while (pc != 0)` after every instruction, 610 of its
 * 3,677 cycles). Each predecessor P gets a copy of J's operations after its own, J's phis replaced by what
 * they take from P, and J's branch; J's successors' phis take from each P what they took from J. The copy
 * chains into P's last step where the clock leaves room, so the cycle goes; where it does not, P takes the
 * step J took, no slower than before. Bambu's scheduler reaches the same by scheduling across the join. */
#include "tail_dup.h"

#include <stdlib.h>
#include <string.h>

#include "../support/xalloc.h"
#include "ifconv_edit.h"
#include "kir_cfg.h"
#include "step_estimate.h"

/* Operations copied in all per join block at most: the area the saved cycle costs. */
enum { TAIL_DUP_BUDGET = 160 };

/* Whether join block J may be copied into its predecessors: each ends in an unconditional branch to it
 * (NP of them, at least two), it does not branch to itself, takes one step alone, runs nothing that waits
 * (a module port, a divider, a copy loop, a floating-point unit) and its values are read only by its
 * successors' phis (they would need phis of their own elsewhere). */
static int dup_candidate(kfunc *f, int j, double clock_ns, step_est *ch, int *np)
{
	kinst *t = kir_term(f, j);
	if (!t || j == 0 || (t->op != K_BR && t->op != K_CONDBR))
		return 0;
	if (t->succ[0] == j || (t->op == K_CONDBR && t->succ[1] == j))
		return 0;
	int n = 0;
	for (int p = 0; p < f->nblocks; p++) {
		kinst *pt = kir_term(f, p);
		if (!pt || p == j)
			continue;
		int to = pt->succ[0] == j || ((pt->op == K_CONDBR) && pt->succ[1] == j);
		for (int c = 0; pt->op == K_SWITCH && c < pt->ncases; c++)
			to |= pt->case_succ[c] == j;
		if (to && pt->op != K_BR)
			return 0;
		n += to;
	}
	const kblock *bl = &f->blocks[j];
	int ops = 0; /* what each copy holds: J's operations but its phis */
	for (int i = 0; i < bl->ninsts; i++)
		ops += f->insts[bl->insts[i]].op != K_PHI;
	if (n < 2 || n * ops > TAIL_DUP_BUDGET)
		return 0;
	if (!ifc_speculable(f, j, 0, 1))
		return 0;
	for (int i = 0; i < bl->ninsts - 1; i++)
		if (f->insts[bl->insts[i]].op == K_STORE && f->insts[bl->insts[i]].mem < f->nmems)
			return 0;
	if (step_est_block(f, j, clock_ns, ch) > 1)
		return 0;
	/* a loop header whose phis take its own values from its latch: the copy in the latch would read
	 * operations that go with J */
	for (int i = 0; i < bl->ninsts; i++) {
		const kinst *k = &f->insts[bl->insts[i]];
		for (int q = 0; k->op == K_PHI && q < k->nphi; q++)
			if (k->phi_val[q].kind == KV_OP && f->insts[k->phi_val[q].id].block == j)
				return 0;
	}
	/* J's values: read in J, or by a phi of a successor on the edge from J */
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *u = &f->insts[i];
		if (u->block < 0 || u->block == j)
			continue;
		for (int a = 0; a < u->nargs; a++)
			if (u->a[a].kind == KV_OP && f->insts[u->a[a].id].block == j)
				return 0;
		for (int q = 0; q < u->nphi; q++)
			if (u->phi_val[q].kind == KV_OP && f->insts[u->phi_val[q].id].block == j &&
			    u->phi_block[q] != j)
				return 0;
	}
	*np = n;
	return 1;
}

/* Appends to block P a copy of J's operations (but its phis) and of its branch, in place of P's branch. */
static void copy_into(kfunc *f, int j, int p, int *map)
{
	ifc_list l = {0};
	const kblock *pb = &f->blocks[p];
	for (int i = 0; i < pb->ninsts - 1; i++)
		ifc_push(&l, pb->insts[i]);
	kinst *pt = &f->insts[pb->insts[pb->ninsts - 1]];
	pt->block = -1; /* P's branch to J goes */
	pt->nargs = 0;
	const kblock *jb = &f->blocks[j];
	for (int i = 0; i < jb->ninsts; i++) {
		int src = jb->insts[i];
		if (f->insts[src].op == K_PHI)
			continue;
		int id = ifc_copy_to_pred(f, src, j, p, map);
		ifc_push(&l, id);
	}
	ifc_list_install(f, p, &l);
}

/* The phis of J's successors (their operation indices, malloc'd), how many in *N. */
static int *successor_phis(kfunc *f, int j, int *n)
{
	int succ[KIR_MAX_SUCCS], ns = kir_succs(f, j, succ), cap = 8;
	int *ids = xcalloc((size_t)cap, sizeof *ids);
	*n = 0;
	for (int s = 0; s < ns; s++) {
		const kblock *sb = &f->blocks[succ[s]];
		for (int i = 0; i < sb->ninsts; i++) {
			if (f->insts[sb->insts[i]].op != K_PHI)
				continue;
			if (*n == cap)
				ids = xrealloc(ids, (size_t)(cap *= 2), sizeof *ids);
			ids[(*n)++] = sb->insts[i];
		}
	}
	return ids;
}

/* The phis of J's successors take from P what they took from J (as its copy reads it), as well as from J. */
static void successors_take(kfunc *f, int j, int p, const int *map)
{
	int n;
	int *ids = successor_phis(f, j, &n);
	for (int x = 0; x < n; x++) {
		kinst *k = &f->insts[ids[x]];
		for (int q = 0; q < k->nphi; q++) {
			if (k->phi_block[q] != j)
				continue;
			kval v = ifc_val_in_pred(f, j, p, map, k->phi_val[q]);
			k->phi_val = xrealloc(k->phi_val, (size_t)k->nphi + 1, sizeof *k->phi_val);
			k->phi_block = xrealloc(k->phi_block, (size_t)k->nphi + 1, sizeof *k->phi_block);
			k->phi_val[k->nphi] = v;
			k->phi_block[k->nphi++] = p;
			break;
		}
	}
	free(ids);
}

/* Drops the entries of J's successors' phis on edges from J, and J's operations. */
static void retire(kfunc *f, int j)
{
	int n;
	int *ids = successor_phis(f, j, &n);
	for (int x = 0; x < n; x++) {
		kinst *k = &f->insts[ids[x]];
		int w = 0;
		for (int q = 0; q < k->nphi; q++)
			if (k->phi_block[q] != j) {
				k->phi_val[w] = k->phi_val[q];
				k->phi_block[w++] = k->phi_block[q];
			}
		k->nphi = w;
	}
	free(ids);
	kblock *jb = &f->blocks[j];
	for (int i = 0; i < jb->ninsts; i++) {
		f->insts[jb->insts[i]].block = -1;
		f->insts[jb->insts[i]].nargs = 0;
	}
	jb->ninsts = 0;
}

int tail_duplicate(kfunc *f, double clock_ns)
{
	int done = 0, np = 0;
	step_est ch = {.clock_ns = clock_ns};
	for (int j = 1; j < f->nblocks; j++) {
		if (!dup_candidate(f, j, clock_ns, &ch, &np))
			continue;
		int *preds = xcalloc((size_t)np, sizeof *preds), n = 0;
		for (int p = 0; p < f->nblocks; p++) {
			kinst *pt = kir_term(f, p);
			if (pt && p != j && pt->op == K_BR && pt->succ[0] == j)
				preds[n++] = p;
		}
		for (int i = 0; i < n; i++) {
			/* map: J's operations to their copies in this predecessor (sized after the copies are
			 * made) */
			int cap = f->ninsts + f->blocks[j].ninsts + 1;
			int *map = xcalloc((size_t)cap, sizeof *map);
			copy_into(f, j, preds[i], map);
			successors_take(f, j, preds[i], map);
			free(map);
		}
		retire(f, j);
		free(preds);
		done++;
	}
	step_est_free(&ch);
	return done;
}
