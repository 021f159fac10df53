// SPDX-License-Identifier: Apache-2.0
/* Load hoisting into predecessors. An interpreter's loop header fetches the next instruction (mips:
 * `ins = imem[pc >> 2]` and the switch on its opcode): a step to issue the read, a step for the data, on
 * every instruction, though the next pc is known early in most of the cases that branch back to it. Each
 * predecessor then computes the address from what the header's phis take from it and issues the read
 * itself, where its own work leaves the port and the time; the header takes the data by a phi and
 * switches at once. Where a predecessor's address is ready only in its last step, it gains the step the
 * header saves on that path: no slower. The memory's data is the same wire whichever state read it, so the
 * phi costs no multiplexer of data. Only on-chip memories: a module port's request may wait. */
#include "load_hoist.h"

#include <stdlib.h>

#include "../support/xalloc.h"
#include "ifconv_edit.h"
#include "kir_cfg.h"
#include "step_estimate.h"

/* Operations an address may be computed with, copied into each predecessor; predecessors at most (each
 * copy is an input of the memory's address multiplexer). */
enum { CHAIN_MAX = 12, PREDS_MAX = 64 };

typedef struct chain {
	int ids[CHAIN_MAX]; /* H's operations computing the address, in program order */
	int n;
} chain;

static int in_chain(const chain *c, int id)
{
	for (int i = 0; i < c->n; i++)
		if (c->ids[i] == id)
			return 1;
	return 0;
}

/* Adds to C the operations of H that V needs (V computed in H from its phis and values from outside it by
 * logic); 0 when something else computes it or the chain is too long. */
static int collect(kfunc *f, int h, kval v, chain *c)
{
	if (v.kind != KV_OP || f->insts[v.id].block != h || in_chain(c, v.id))
		return 1;
	const kinst *k = &f->insts[v.id];
	if (k->op == K_PHI)
		return 1;
	if (kop_unit(k->op) != KU_LOGIC)
		return 0;
	for (int a = 0; a < k->nargs; a++)
		if (!collect(f, h, k->a[a], c))
			return 0;
	if (c->n == CHAIN_MAX) /* checked here: its operands may have filled the chain */
		return 0;
	c->ids[c->n++] = v.id; /* after its operands: program order within the chain */
	return 1;
}

/* The step of P in which V is ready (0 when P does not compute it), from the estimate of P in CH. */
static int ready_step(const step_est *ch, kval v)
{
	return v.kind == KV_OP && ch->gen[v.id] == ch->cur ? ch->step[v.id] : 0;
}

/* Load L of block H, its address chain C: whether the step H saves on every entry outweighs the steps the
 * predecessors PREDS gain (one each where the address is ready too late to have the data in its last
 * step). */
static int worth_it(kfunc *f, int h, int l, const chain *c, const int *preds, int np, double clock_ns,
                    step_est *ch)
{
	int before = step_est_block(f, h, clock_ns, ch);
	const kblock *hb = &f->blocks[h];
	step_est_begin(f, ch, clock_ns);
	for (int i = 0; i < hb->ninsts - 1; i++)
		if (hb->insts[i] != l && !in_chain(c, hb->insts[i]))
			step_est_op(f, ch, hb->insts[i]);
	int saved = before - step_est_steps(f, ch);
	if (saved <= 0)
		return 0;
	int gained = 0;
	for (int i = 0; i < np; i++) {
		int steps = step_est_block(f, preds[i], clock_ns, ch), late = 0;
		/* the phis the address reads, as this predecessor gives them */
		for (int x = 0; x < c->n; x++) {
			const kinst *k = &f->insts[c->ids[x]];
			for (int a = 0; a < k->nargs; a++) {
				if (k->a[a].kind != KV_OP || f->insts[k->a[a].id].op != K_PHI ||
				    f->insts[k->a[a].id].block != h)
					continue;
				const kinst *phi = &f->insts[k->a[a].id];
				for (int q = 0; q < phi->nphi; q++)
					if (phi->phi_block[q] == preds[i] &&
					    ready_step(ch, phi->phi_val[q]) > late)
						late = ready_step(ch, phi->phi_val[q]);
			}
		}
		gained += late + 2 > steps; /* issued in step LATE, its data in LATE + 1 */
	}
	return gained < saved * np;
}

/* The first load of H from an on-chip memory whose address H's phis give, with nothing that writes memory
 * before it in H (a store, a copy loop: the read would pass it); its chain in C. Else -1. */
static int hoistable_load(kfunc *f, int h, chain *c)
{
	const kblock *hb = &f->blocks[h];
	for (int i = 0; i < hb->ninsts - 1; i++) {
		const kinst *k = &f->insts[hb->insts[i]];
		if (k->op == K_STORE || kop_unit(k->op) == KU_COPY)
			return -1;
		if (k->op != K_LOAD || k->mem < f->nmems)
			continue;
		c->n = 0;
		if (k->nargs >= 1 && collect(f, h, k->a[0], c))
			return hb->insts[i];
	}
	return -1;
}

/* H's predecessors into PREDS (room for f->nblocks), unless H is one of them; how many, or 0. A predecessor
 * that may branch elsewhere loads on that path too: an on-chip read has no effect but its port. */
static int plain_preds(kfunc *f, int h, int *preds)
{
	int n = 0;
	for (int p = 0; p < f->nblocks; p++) {
		kinst *t = kir_term(f, p);
		if (!t)
			continue;
		int to = t->succ[0] == h || (t->op == K_CONDBR && t->succ[1] == h);
		for (int c = 0; t->op == K_SWITCH && c < t->ncases; c++)
			to |= t->case_succ[c] == h;
		if (!to)
			continue;
		if (p == h)
			return 0;
		preds[n++] = p;
	}
	return n;
}

/* Copies chain C and load L into predecessor P, before its branch; the copy of L. */
static int copy_into(kfunc *f, int h, int p, const chain *c, int l, int *map)
{
	ifc_list out = {0};
	const kblock *pb = &f->blocks[p];
	int term = pb->insts[pb->ninsts - 1];
	for (int i = 0; i < pb->ninsts - 1; i++)
		ifc_push(&out, pb->insts[i]);
	int id = -1;
	for (int x = 0; x <= c->n; x++) {
		int src = x < c->n ? c->ids[x] : l;
		id = ifc_copy_to_pred(f, src, h, p, map);
		ifc_push(&out, id);
	}
	ifc_push(&out, term);
	ifc_list_install(f, p, &out);
	return id;
}

/* Every use of operation FROM reads operation TO instead. */
static void replace_uses(kfunc *f, int from, int to)
{
	for (int i = 0; i < f->ninsts; i++) {
		kinst *u = &f->insts[i];
		if (u->block < 0)
			continue;
		for (int a = 0; a < u->nargs; a++)
			if (u->a[a].kind == KV_OP && u->a[a].id == from)
				u->a[a].id = to;
		for (int q = 0; q < u->nphi; q++)
			if (u->phi_val[q].kind == KV_OP && u->phi_val[q].id == from)
				u->phi_val[q].id = to;
	}
}

static void hoist(kfunc *f, int h, int l, const chain *c, const int *preds, int np)
{
	int phi = kir_new_inst(f, K_PHI, f->insts[l].width, h);
	f->insts[phi].line = f->insts[l].line;
	f->insts[phi].col = f->insts[l].col;
	f->insts[phi].name = f->insts[l].name;
	f->insts[l].name = NULL;
	f->insts[phi].phi_val = xcalloc((size_t)np, sizeof(kval));
	f->insts[phi].phi_block = xcalloc((size_t)np, sizeof(int));
	for (int i = 0; i < np; i++) {
		int *map = xcalloc((size_t)f->ninsts + (size_t)c->n + 2, sizeof *map);
		int copy = copy_into(f, h, preds[i], c, l, map);
		free(map);
		kinst *k = &f->insts[phi]; /* after the array may have moved */
		k->phi_val[k->nphi] = ifc_val(f, copy);
		k->phi_block[k->nphi++] = preds[i];
	}
	replace_uses(f, l, phi);
	/* H's list: the phi first, then H's operations but the load (the chain, unused, is dropped later) */
	ifc_list out = {0};
	ifc_push(&out, phi);
	const kblock *hb = &f->blocks[h];
	for (int i = 0; i < hb->ninsts; i++)
		if (hb->insts[i] != l)
			ifc_push(&out, hb->insts[i]);
	f->insts[l].block = -1;
	f->insts[l].nargs = 0;
	ifc_list_install(f, h, &out);
}

int load_hoist(kfunc *f, double clock_ns)
{
	int done = 0;
	step_est ch = {.clock_ns = clock_ns};
	int *preds = xcalloc((size_t)f->nblocks + 1, sizeof *preds);
	for (int h = 1; h < f->nblocks; h++) {
		chain c;
		int np = plain_preds(f, h, preds),
		    l = np >= 2 && np <= PREDS_MAX ? hoistable_load(f, h, &c) : -1;
		if (l < 0 || !worth_it(f, h, l, &c, preds, np, clock_ns, &ch))
			continue;
		hoist(f, h, l, &c, preds, np);
		done++;
	}
	free(preds);
	step_est_free(&ch);
	return done;
}
