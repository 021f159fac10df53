// SPDX-License-Identifier: Apache-2.0
#include "ifconv_edit.h"

#include <stdlib.h>

#include "../support/xalloc.h"
#include "kir_cfg.h"

void ifc_push(ifc_list *l, int id)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->ids = xrealloc(l->ids, (size_t)l->cap, sizeof *l->ids);
	}
	l->ids[l->n++] = id;
}

void ifc_list_install(kfunc *f, int b, ifc_list *l)
{
	kblock *bl = &f->blocks[b];
	free(bl->insts);
	bl->insts = l->ids;
	bl->ninsts = l->n;
	*l = (ifc_list){0};
}

/* The operations of block T but its terminator can run whichever way the branch into T goes (side_ok); a
 * phi only when T has one predecessor, unless PHIS. */
int ifc_speculable(kfunc *f, int t, int fpu, int phis)
{
	kblock *bl = &f->blocks[t];
	for (int i = 0; i < bl->ninsts - 1; i++) {
		kinst *k = &f->insts[bl->insts[i]];
		kunit u = kop_unit(k->op);
		if ((k->op == K_PHI && k->nphi != 1 && !phis) || u == KU_COPY || u == KU_DIVIDER ||
		    (u == KU_FPU && !fpu) || (k->op == K_LOAD && k->mem < f->nmems))
			return 0;
	}
	return 1;
}

kval ifc_val(const kfunc *f, int id)
{
	return (kval){KV_OP, id, 0, f->insts[id].width};
}

kval ifc_val_in_pred(const kfunc *f, int j, int p, const int *map, kval v)
{
	if (v.kind != KV_OP || f->insts[v.id].block != j)
		return v;
	const kinst *k = &f->insts[v.id];
	if (k->op != K_PHI)
		return ifc_val(f, map[v.id]);
	for (int q = 0; q < k->nphi; q++)
		if (k->phi_block[q] == p)
			return k->phi_val[q];
	return v; /* not reached: P is a predecessor */
}

int ifc_copy_to_pred(kfunc *f, int src, int j, int p, int *map)
{
	int id = kir_new_inst(f, f->insts[src].op, f->insts[src].width, p);
	kinst *k = &f->insts[id], *s = &f->insts[src]; /* after the array may have moved */
	*k = *s;
	k->block = p;
	k->name = NULL;
	k->case_val = NULL;
	k->case_succ = NULL;
	k->ncases = 0;
	k->phi_val = NULL;
	k->phi_block = NULL;
	k->nphi = 0;
	for (int a = 0; a < k->nargs; a++)
		k->a[a] = ifc_val_in_pred(f, j, p, map, k->a[a]);
	map[src] = id;
	return id;
}

/* Moves side SB's operations but its branch to the end of LIST (now in block H): its stores predicated on P
 * (and on their own predicate, if-converted before), its phis copies of their one incoming value. */
void ifc_take_side(kfunc *f, int sb, int h, kval p, ifc_list *l)
{
	kblock *bl = &f->blocks[sb];
	for (int i = 0; i < bl->ninsts - 1; i++) {
		int id = bl->insts[i];
		kinst *k = &f->insts[id];
		if (k->op == K_PHI) {
			kir_phi_becomes(k, K_COPY, k->phi_val[0], (kval){0}, (kval){0});
		} else if (k->op == K_STORE) {
			kval q = p;
			if (k->nargs > 2) {
				q = ifc_val(f, kir_new_op(f, h, K_AND, 1, k->line, k->a[2], p, (kval){0}));
				ifc_push(l, q.id);
				k = &f->insts[id];
			}
			k->nargs = 3;
			k->a[2] = q;
		}
		ifc_push(l, id);
		k->block = h;
	}
	kinst *br = &f->insts[bl->insts[bl->ninsts - 1]];
	br->block = -1;
	bl->ninsts = 0;
}

/* The value of C when H's branch goes to its successor IDX (0: the true one): C, or !C as a new operation at
 * the end of LIST. */
kval ifc_edge_cond(kfunc *f, int h, kval c, int idx, unsigned line, ifc_list *l)
{
	if (idx == 0)
		return c;
	int ni = kir_new_op(f, h, K_XOR, 1, line, c, (kval){KV_CONST, 0, 1, 1}, (kval){0});
	ifc_push(l, ni);
	return ifc_val(f, ni);
}

/* A 1-bit value: A & B (A or B may be the constant 1). */
kval ifc_and(kfunc *f, int h, kval a, kval b, unsigned line, ifc_list *l)
{
	if (a.kind == KV_CONST && a.c)
		return b;
	if (b.kind == KV_CONST && b.c)
		return a;
	int id = kir_new_op(f, h, K_AND, 1, line, a, b, (kval){0});
	ifc_push(l, id);
	return ifc_val(f, id);
}

kval ifc_or(kfunc *f, int h, kval a, kval b, unsigned line, ifc_list *l)
{
	if (a.kind == KV_NONE)
		return b;
	int id = kir_new_op(f, h, K_OR, 1, line, a, b, (kval){0});
	ifc_push(l, id);
	return ifc_val(f, id);
}
