// SPDX-License-Identifier: Apache-2.0
/* Switch folding. An instruction decoder switches on an opcode, and its default switches on the same opcode
 * again after decoding the fields the second group of instructions shares (mips: `default: address = ins &
 * 0xffff; rt = ...; switch (op)`, 373 of its 3,499 cycles). The default is a state of its own on every such
 * instruction, though its work is wiring. Folded, the first switch takes the second's cases (those it had
 * already cannot reach the second) and its default, and the default block's operations run before it,
 * whichever way it goes: they must be speculable and must fit the first block's steps, so that no other
 * case pays for them. LLVM's SimplifyCFG folds such switches only when the second block holds nothing but
 * the switch.
 *
 * A decoder's case may switch again on another field (mips: opcode 0 switches on the function field, 173 of
 * its instructions): that case block is a state of wiring too. Folded, the first switch goes by a key that
 * is the second field, marked by a top bit, when the first value is that case's, else the first value; it
 * takes the second switch's cases so marked. Both switches must share their default, unless the first's is
 * never reached (rom-values removed it: a decoder of a constant program). */
#include "switch_fold.h"

#include <stdlib.h>

#include "../support/xalloc.h"
#include "ifconv_edit.h"
#include "kir_cfg.h"
#include "step_estimate.h"

static int has_case(const kinst *t, uint64_t v)
{
	for (int c = 0; c < t->ncases; c++)
		if (t->case_val[c] == v)
			return 1;
	return 0;
}

/* The value phi K takes from block B, or KV_NONE. */
static kval phi_from(const kinst *k, int b)
{
	for (int q = 0; q < k->nphi; q++)
		if (k->phi_block[q] == b)
			return k->phi_val[q];
	return (kval){0};
}

/* Whether P's operations followed by J's and the NX operations EXTRA take no more steps than P's alone. */
static int fits(kfunc *f, int p, int j, const int *extra, int nx, double clock_ns, step_est *ch)
{
	int alone = step_est_block(f, p, clock_ns, ch);
	const kblock *pb = &f->blocks[p], *jb = &f->blocks[j];
	step_est_begin(f, ch, clock_ns);
	for (int i = 0; i < pb->ninsts - 1; i++)
		step_est_op(f, ch, pb->insts[i]);
	for (int i = 0; i < jb->ninsts - 1; i++)
		step_est_op(f, ch, jb->insts[i]);
	for (int i = 0; i < nx; i++)
		step_est_op(f, ch, extra[i]);
	return step_est_steps(f, ch) <= alone;
}

/* J's operations are speculable wiring and logic (no phis, stores or waits), and a block that both P and J
 * branch to takes the same values from each. */
static int j_movable(kfunc *f, int p, int j)
{
	const kblock *jb = &f->blocks[j];
	for (int i = 0; i < jb->ninsts - 1; i++) {
		kop op = f->insts[jb->insts[i]].op;
		if (op == K_PHI || op == K_STORE)
			return 0;
	}
	if (!ifc_speculable(f, j, 0, 0))
		return 0;
	int succ[KIR_MAX_SUCCS], ns = kir_succs(f, j, succ);
	if (ns < 0)
		return 0;
	for (int s = 0; s < ns; s++) {
		const kblock *sb = &f->blocks[succ[s]];
		for (int i = 0; i < sb->ninsts; i++) {
			const kinst *k = &f->insts[sb->insts[i]];
			if (k->op != K_PHI)
				continue;
			kval from_p = phi_from(k, p);
			if (from_p.kind != KV_NONE && !kir_val_same(from_p, phi_from(k, j)))
				return 0;
		}
	}
	return 1;
}

/* The default J of block P's switch, when it may fold into P: only P reaches it, it switches on P's value,
 * its operations are speculable (no phis, stores or waits) and fit P's steps, and a block both branch to
 * takes the same values from each. Else -1. */
static int fold_candidate(kfunc *f, int p, double clock_ns, step_est *ch)
{
	kinst *pt = kir_term(f, p);
	if (!pt || pt->op != K_SWITCH)
		return -1;
	int j = pt->succ[0];
	kinst *jt = kir_term(f, j);
	if (j == p || !jt || jt->op != K_SWITCH || !kir_val_same(jt->a[0], pt->a[0]) ||
	    kir_npreds(f, j, p, -1) != 0)
		return -1;
	for (int c = 0; c < pt->ncases; c++)
		if (pt->case_succ[c] == j)
			return -1;
	return j_movable(f, p, j) && fits(f, p, j, NULL, 0, clock_ns, ch) ? j : -1;
}

/* The blocks J branched to take from P what they took from J (where P already branched to one, the
 * candidate check found the two values equal: the entry from J goes); J is left empty. */
static void take_over(kfunc *f, int p, int j)
{
	for (int b = 0; b < f->nblocks; b++) {
		kblock *sb = &f->blocks[b];
		for (int i = 0; i < sb->ninsts; i++) {
			kinst *k = &f->insts[sb->insts[i]];
			if (k->op != K_PHI)
				continue;
			int has_p = phi_from(k, p).kind != KV_NONE, w = 0;
			for (int q = 0; q < k->nphi; q++) {
				if (k->phi_block[q] == j) {
					if (has_p)
						continue;
					k->phi_block[q] = p;
				}
				k->phi_val[w] = k->phi_val[q];
				k->phi_block[w++] = k->phi_block[q];
			}
			k->nphi = w;
		}
	}
	kblock *jb = &f->blocks[j];
	kinst *jt = &f->insts[jb->insts[jb->ninsts - 1]];
	jt->block = -1;
	jt->nargs = 0;
	jb->ninsts = 0;
}

/* P's switch takes J's cases that it lacks and J's default; J's operations move before it. */
static void fold(kfunc *f, int p, int j)
{
	ifc_list l = {0};
	const kblock *pb = &f->blocks[p];
	int pterm = pb->insts[pb->ninsts - 1];
	for (int i = 0; i < pb->ninsts - 1; i++)
		ifc_push(&l, pb->insts[i]);
	kblock *jb = &f->blocks[j];
	int jterm = jb->insts[jb->ninsts - 1];
	for (int i = 0; i < jb->ninsts - 1; i++) {
		f->insts[jb->insts[i]].block = p;
		ifc_push(&l, jb->insts[i]);
	}
	ifc_push(&l, pterm);
	ifc_list_install(f, p, &l);

	kinst *pt = &f->insts[pterm], *jt = &f->insts[jterm];
	int n = pt->ncases;
	pt->case_val = xrealloc(pt->case_val, (size_t)(n + jt->ncases), sizeof *pt->case_val);
	pt->case_succ = xrealloc(pt->case_succ, (size_t)(n + jt->ncases), sizeof *pt->case_succ);
	for (int c = 0; c < jt->ncases; c++) {
		if (has_case(pt, jt->case_val[c]))
			continue; /* P's switch never sends this value to J */
		pt->case_val[pt->ncases] = jt->case_val[c];
		pt->case_succ[pt->ncases++] = jt->case_succ[c];
	}
	pt->succ[0] = jt->succ[0];

	take_over(f, p, j);
}

/* Whether block B is a halt no run reaches (an edge to it may go anywhere). */
static int never_reached(kfunc *f, int b)
{
	const kinst *t = kir_term(f, b);
	return t && t->op == K_RET && t->never && f->blocks[b].ninsts == 1;
}

/* The case of block P's switch whose block J switches on another value and may fold into P: only P reaches
 * J, by that case alone; both switches have one default (or P's is never reached); the key fits 64 bits; J's
 * operations are movable (j_movable) and fit P's steps with the key's. The key's operations (KEY[0..3], in no
 * block yet) are made here; -1 when there is no such case (none are made then). */
static int case_candidate(kfunc *f, int p, double clock_ns, step_est *ch, int *key)
{
	kinst *pt = kir_term(f, p);
	if (!pt || pt->op != K_SWITCH)
		return -1;
	for (int c = 0; c < pt->ncases; c++) {
		int j = pt->case_succ[c], once = 1;
		for (int d = 0; d < pt->ncases; d++)
			once &= d == c || pt->case_succ[d] != j;
		kinst *jt = kir_term(f, j);
		kval x = pt->a[0], y = jt ? jt->a[0] : (kval){0};
		int kw = (x.width > y.width ? x.width : y.width) + 1;
		if (!once || j == p || j == pt->succ[0] || !jt || jt->op != K_SWITCH ||
		    (jt->succ[0] != pt->succ[0] && !never_reached(f, pt->succ[0])) || kir_val_same(y, x) ||
		    kw > 64 || kir_npreds(f, j, p, -1) != 0 || !j_movable(f, p, j))
			continue;
		/* key = x == case ? zext(y) | top : zext(x) */
		unsigned line = jt->line;
		kval top = {KV_CONST, 0, 1ull << (kw - 1), kw}, none = {0};
		key[0] =
		    kir_new_op(f, p, K_ICMP, 1, line, x, (kval){KV_CONST, 0, pt->case_val[c], x.width}, none);
		f->insts[key[0]].pred = KP_EQ;
		key[1] = kir_new_op(f, p, K_ZEXT, kw, line, y, none, none);
		key[2] = kir_new_op(f, p, K_OR, kw, line, ifc_val(f, key[1]), top, none);
		key[3] = kir_new_op(f, p, K_ZEXT, kw, line, x, none, none);
		key[4] = kir_new_op(f, p, K_SELECT, kw, line, ifc_val(f, key[0]), ifc_val(f, key[2]),
		                    ifc_val(f, key[3]));
		if (fits(f, p, j, key, 5, clock_ns, ch))
			return c;
		for (int i = 0; i < 5; i++) { /* not folded: the key's operations go */
			f->insts[key[i]].block = -1;
			f->insts[key[i]].nargs = 0;
		}
	}
	return -1;
}

/* P's switch by case C becomes a switch by KEY[4] (case_candidate): J's operations and the key's run in P,
 * P's other cases keep their values, J's cases take theirs with the key's top bit. */
static void case_fold(kfunc *f, int p, int c, const int *key)
{
	const kblock *pb = &f->blocks[p];
	int pterm = pb->insts[pb->ninsts - 1];
	int j = f->insts[pterm].case_succ[c];
	kblock *jb = &f->blocks[j];
	int jterm = jb->insts[jb->ninsts - 1];
	ifc_list l = {0};
	for (int i = 0; i < pb->ninsts - 1; i++)
		ifc_push(&l, pb->insts[i]);
	for (int i = 0; i < jb->ninsts - 1; i++) {
		f->insts[jb->insts[i]].block = p;
		ifc_push(&l, jb->insts[i]);
	}
	for (int i = 0; i < 5; i++)
		ifc_push(&l, key[i]);
	ifc_push(&l, pterm);
	ifc_list_install(f, p, &l);

	kinst *pt = &f->insts[pterm], *jt = &f->insts[jterm];
	int kw = f->insts[key[4]].width, n = 0;
	uint64_t top = 1ull << (kw - 1);
	uint64_t *val = xcalloc((size_t)(pt->ncases + jt->ncases), sizeof *val);
	int *succ = xcalloc((size_t)(pt->ncases + jt->ncases), sizeof *succ);
	for (int d = 0; d < pt->ncases; d++)
		if (d != c) {
			val[n] = pt->case_val[d];
			succ[n++] = pt->case_succ[d];
		}
	for (int d = 0; d < jt->ncases; d++) {
		val[n] = jt->case_val[d] | top;
		succ[n++] = jt->case_succ[d];
	}
	free(pt->case_val);
	free(pt->case_succ);
	pt->case_val = val;
	pt->case_succ = succ;
	pt->ncases = n;
	pt->a[0] = ifc_val(f, key[4]);
	pt->succ[0] = jt->succ[0]; /* the same, or P's was never reached */
	take_over(f, p, j);
}

int switch_fold(kfunc *f, double clock_ns)
{
	int done = 0;
	step_est ch = {.clock_ns = clock_ns};
	for (int p = 0; p < f->nblocks; p++) {
		int j;
		/* again while P's default folds: a third level on the same value */
		while ((j = fold_candidate(f, p, clock_ns, &ch)) >= 0) {
			fold(f, p, j);
			done++;
		}
		int key[5], c;
		while ((c = case_candidate(f, p, clock_ns, &ch, key)) >= 0) {
			case_fold(f, p, c, key);
			done++;
		}
	}
	step_est_free(&ch);
	return done;
}
