// SPDX-License-Identifier: Apache-2.0
/* A loop that leaves from two places: its header H tests for a break (to E1) and its latch L counts and
 * tests the bound (back to H, or out to E2). adpcm's quantl searches a 30-entry table so, 420 iterations of
 * 4 cycles per run, two blocks the pipeliner cannot overlap. Here L's operations move into H, run every
 * iteration (L must be speculable: the count and the test cost nothing when the break is taken), its stores
 * predicated on H's branch going on; H loops to itself while neither exit is taken and otherwise goes to a
 * new block X that branches to the exit taken (one block when both exits go to one block: X's selects give
 * its phis the value of the edge taken). The loop is one block, which the pipeliner overlaps; X costs a
 * cycle once per loop run. */
#include "loop_exits.h"

#include <stdio.h>
#include <string.h>

#include "../support/xalloc.h"
#include "ifconv_edit.h"
#include "kir_cfg.h"

/* Every phi of block E takes a value from both H and L. */
static int phis_from_both(const kfunc *f, int e, int h, int l)
{
	const kblock *eb = &f->blocks[e];
	for (int i = 0; i < eb->ninsts; i++) {
		const kinst *k = &f->insts[eb->insts[i]];
		int fh = 0, fl = 0;
		for (int q = 0; k->op == K_PHI && q < k->nphi; q++) {
			fh |= k->phi_block[q] == h;
			fl |= k->phi_block[q] == l;
		}
		if (k->op == K_PHI && !(fh && fl))
			return 0;
	}
	return 1;
}

/* H's loop of two blocks: *L its latch, *E1 where H leaves, *E2 where L does; 0 when H is not such a header.
 */
static int exit_shape(kfunc *f, int h, int *l, int *e1, int *e2)
{
	const kinst *th = kir_term(f, h);
	if (!th || th->op != K_CONDBR || th->succ[0] == th->succ[1])
		return 0;
	for (int side = 0; side < 2; side++) {
		int lb = th->succ[side], x1 = th->succ[1 - side];
		if (lb == h || x1 == h || lb == 0)
			continue;
		const kinst *tl = kir_term(f, lb);
		if (!tl || tl->op != K_CONDBR || tl->succ[0] == tl->succ[1] ||
		    (tl->succ[0] != h && tl->succ[1] != h))
			continue;
		int x2 = tl->succ[0] == h ? tl->succ[1] : tl->succ[0];
		if (x2 == lb || x1 == lb || kir_npreds(f, lb, -1, -1) != 1 || !ifc_speculable(f, lb, 0, 1) ||
		    (x1 == x2 && !phis_from_both(f, x1, h, lb)))
			continue;
		*l = lb;
		*e1 = x1;
		*e2 = x2;
		return 1;
	}
	return 0;
}

static int new_block(kfunc *f)
{
	f->blocks = xrealloc(f->blocks, (size_t)f->nblocks + 1, sizeof *f->blocks);
	kblock *b = &f->blocks[f->nblocks];
	memset(b, 0, sizeof *b);
	char nm[24];
	snprintf(nm, sizeof nm, "bb%d", f->nblocks);
	b->name = xstrdup(nm);
	return f->nblocks++;
}

/* Block X, reached when H leaves (LEAVE1: by H's own exit E1, else by L's E2): to the exit taken. */
static void exit_block(kfunc *f, int x, int h, int l, int e1, int e2, kval leave1, unsigned line)
{
	ifc_list xl = {0};
	int br;
	if (e1 == e2) {
		/* one exit: its phis take X's choice between the values of the two edges */
		const kblock *eb = &f->blocks[e1];
		for (int i = 0; i < eb->ninsts; i++) {
			int pid = eb->insts[i];
			if (f->insts[pid].op != K_PHI)
				continue;
			int qh = -1, ql = -1;
			for (int q = 0; q < f->insts[pid].nphi; q++) {
				if (f->insts[pid].phi_block[q] == h)
					qh = q;
				if (f->insts[pid].phi_block[q] == l)
					ql = q;
			}
			int sel = kir_new_op(f, x, K_SELECT, f->insts[pid].width, line, leave1,
			                     f->insts[pid].phi_val[qh], f->insts[pid].phi_val[ql]);
			ifc_push(&xl, sel);
			kinst *k = &f->insts[pid];
			k->phi_val[qh] = ifc_val(f, sel);
			k->phi_block[qh] = x;
			k->phi_val[ql] = k->phi_val[--k->nphi];
			k->phi_block[ql] = k->phi_block[k->nphi];
		}
		br = kir_new_op(f, x, K_BR, 0, line, (kval){0}, (kval){0}, (kval){0});
		f->insts[br].nargs = 0;
		f->insts[br].succ[0] = e1;
	} else {
		kir_retarget_phis(f, e1, h, x);
		kir_retarget_phis(f, e2, l, x);
		br = kir_new_op(f, x, K_CONDBR, 0, line, leave1, (kval){0}, (kval){0});
		f->insts[br].succ[0] = e1;
		f->insts[br].succ[1] = e2;
	}
	ifc_push(&xl, br);
	ifc_list_install(f, x, &xl);
}

static void merge_exits(kfunc *f, int h, int l, int e1, int e2)
{
	const kblock *hb = &f->blocks[h];
	int tid = hb->insts[hb->ninsts - 1];
	unsigned line = f->insts[tid].line;
	ifc_list lst = {0};
	for (int i = 0; i < hb->ninsts - 1; i++)
		ifc_push(&lst, hb->insts[i]);
	kval ch = f->insts[tid].a[0];
	int to_e1 = f->insts[tid].succ[0] == e1 ? 0 : 1;
	kval leave1 = ifc_edge_cond(f, h, ch, to_e1, line, &lst);
	kval stay1 = ifc_edge_cond(f, h, ch, 1 - to_e1, line, &lst);
	const kinst *tl = kir_term(f, l);
	kval cl = tl->a[0];
	int back = tl->succ[0] == h ? 0 : 1;
	ifc_take_side(f, l, h, stay1, &lst);
	kval stay = ifc_and(f, h, stay1, ifc_edge_cond(f, h, cl, back, line, &lst), line, &lst);
	int x = new_block(f);
	kinst *t = &f->insts[tid];
	t->a[0] = stay;
	t->nargs = 1;
	t->succ[0] = h;
	t->succ[1] = x;
	ifc_push(&lst, tid);
	ifc_list_install(f, h, &lst);
	exit_block(f, x, h, l, e1, e2, leave1, line);
	kir_retarget_phis(f, h, l, h); /* the back edge is H's own */
}

int merge_loop_exits(kfunc *f)
{
	int n = 0;
	for (int h = 0; h < f->nblocks; h++) {
		int l, e1, e2;
		if (!exit_shape(f, h, &l, &e1, &e2))
			continue;
		merge_exits(f, h, l, e1, e2);
		n++;
	}
	return n;
}
