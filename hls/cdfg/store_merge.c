// SPDX-License-Identifier: Apache-2.0
/* Merging predicated stores to one word. If-conversion turns each path's store into a store predicated on
 * that path: dfmul's float_raise, inlined on six paths of float64_mul, left six stores to
 * float_exception_flags in its loop body, and an on-chip memory takes one store a cycle, so the pipelined
 * loop could not start iterations closer than six cycles apart (issue 29). Two stores of one size to one
 * address with no access of their memory between them are one store: of the later value when the later
 * predicate holds, else of the earlier value, when either holds; an unpredicated later store overwrites the
 * earlier whole. Only on-chip memories: a module port's
 * writes are the bus traffic a host or another kernel may watch. */
#include "store_merge.h"

#include <stdlib.h>

#include "../support/xalloc.h"

static kval one_bit(void)
{
	return (kval){KV_CONST, 0, 1, 1};
}

/* Store K's predicate: its third operand, or the constant 1. */
static kval pred_of(const kinst *k)
{
	return k->nargs > 2 ? k->a[2] : one_bit();
}

/* Merges the stores of block B; how many it removed. */
static int merge_block(kfunc *f, int b)
{
	kblock *bl = &f->blocks[b];
	int removed = 0;
	/* a new list: the merged value and predicate go right before the later store */
	int *list = xcalloc((size_t)bl->ninsts * 3 + 1, sizeof *list), n = 0;
	for (int j = 0; j < bl->ninsts; j++) {
		int id = bl->insts[j];
		kinst *k = &f->insts[id];
		if (k->op == K_STORE && k->mem >= f->nmems) {
			/* the last earlier access of this memory in the new list, if it is a store like K */
			int e = -1;
			for (int q = n - 1; q >= 0; q--) {
				const kinst *o = &f->insts[list[q]];
				if ((o->op == K_LOAD || o->op == K_STORE || o->op == K_MEMCPY ||
				     o->op == K_MEMSET) &&
				    (o->mem == k->mem || (o->op == K_MEMCPY && o->mem2 == k->mem))) {
					if (o->op == K_STORE && o->mem == k->mem && o->bytes == k->bytes &&
					    kir_val_same(o->a[0], k->a[0]) && o->a[1].width == k->a[1].width)
						e = q;
					break;
				}
			}
			if (e >= 0) {
				int eid = list[e];
				kval pe = pred_of(&f->insts[eid]), pk = pred_of(k), ve = f->insts[eid].a[1];
				unsigned line = k->line;
				for (int q = e; q < n - 1; q++) /* the earlier store leaves the list */
					list[q] = list[q + 1];
				n--;
				kinst *d = &f->insts[eid];
				d->block = -1;
				d->nargs = 0;
				removed++;
				if (pk.kind != KV_CONST ||
				    !pk.c) { /* else the later store overwrites it whole */
					int sel = kir_new_op(f, b, K_SELECT, ve.width, line, pk,
					                     f->insts[id].a[1], ve);
					int any = kir_new_op(f, b, K_OR, 1, line, pk, pe, (kval){0});
					list[n++] = sel;
					list[n++] = any;
					k = &f->insts[id];
					k->a[1] = (kval){KV_OP, sel, 0, f->insts[sel].width};
					k->a[2] = (kval){KV_OP, any, 0, 1};
					k->nargs = 3;
				}
			}
		}
		list[n++] = id;
	}
	free(bl->insts);
	bl->insts = list;
	bl->ninsts = n;
	return removed;
}

int store_merge(kfunc *f)
{
	int n = 0;
	for (int b = 0; b < f->nblocks; b++)
		n += merge_block(f, b);
	return n;
}
