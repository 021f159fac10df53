// SPDX-License-Identifier: Apache-2.0
/* Common operations within a block. LLVM's GVN leaves none, but the kernel IR's own passes make them: the
 * cases of a switch that if-conversion, switch folding or tail duplication merge into one block each
 * decoded the same fields of one word (CHStone mips computes `(ins >> 16) & 31` in its R-type and its
 * I-type cases), and each copy would keep a register of its own whenever a later step reads it. Operations
 * with the same operands in one block compute the same value each time the block runs, so the later one's
 * readers may read the earlier, which comes first in the block's program order and so is there for every
 * reader the later one had (any reader in another block is reached through this block). */
#include "common_ops.h"

#include <stdint.h>
#include <stdlib.h>

#include "../support/xalloc.h"

/* Operation K may stand for another one with its operands: it has no effect and reads nothing but them. */
static int mergeable(const kinst *k)
{
	kunit u = kop_unit(k->op);
	return k->op != K_PHI && k->nphi == 0 && k->width > 0 && (u == KU_LOGIC || u == KU_MULTIPLIER);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

static uint64_t key(const kinst *k)
{
	uint64_t h =
	    mix(mix(mix((uint64_t)k->op, (uint64_t)k->width), (uint64_t)k->pred), (uint64_t)k->nargs);
	for (int a = 0; a < k->nargs; a++)
		h = mix(mix(mix(h, (uint64_t)k->a[a].kind), (uint64_t)k->a[a].width),
		        k->a[a].kind == KV_CONST ? k->a[a].c : (uint64_t)k->a[a].id);
	return h;
}

static int same(const kinst *x, const kinst *y)
{
	if (x->op != y->op || x->width != y->width || x->pred != y->pred || x->nargs != y->nargs)
		return 0;
	for (int a = 0; a < x->nargs; a++)
		if (!kir_val_same(x->a[a], y->a[a]))
			return 0;
	return 1;
}

static void redirect(const int *to, kval *v)
{
	if (v->kind == KV_OP && to[v->id] >= 0)
		v->id = to[v->id];
}

int kir_merge_common_ops(kfunc *f)
{
	int *to = xcalloc((size_t)f->ninsts + 1, sizeof *to), merged = 0;
	for (int i = 0; i < f->ninsts; i++)
		to[i] = -1;
	for (int b = 0; b < f->nblocks; b++) {
		const kblock *bl = &f->blocks[b];
		size_t cap = 16;
		while (cap < 2 * (size_t)bl->ninsts)
			cap *= 2;
		int *slot = xcalloc(cap, sizeof *slot);
		for (size_t s = 0; s < cap; s++)
			slot[s] = -1;
		for (int j = 0; j < bl->ninsts; j++) {
			int id = bl->insts[j];
			kinst *k = &f->insts[id];
			/* an operand merged already reads its representative, so a chain of copies merges
			 * whole */
			for (int a = 0; a < k->nargs; a++)
				redirect(to, &k->a[a]);
			if (!mergeable(k))
				continue;
			size_t s = (size_t)key(k) & (cap - 1);
			while (slot[s] >= 0 && !same(&f->insts[slot[s]], k))
				s = (s + 1) & (cap - 1);
			if (slot[s] < 0) {
				slot[s] = id;
			} else {
				to[id] = slot[s];
				merged++;
			}
		}
		free(slot);
	}
	for (int b = 0; merged && b < f->nblocks; b++)
		for (int j = 0; j < f->blocks[b].ninsts; j++) {
			kinst *k = &f->insts[f->blocks[b].insts[j]];
			for (int a = 0; a < k->nargs; a++)
				redirect(to, &k->a[a]);
			for (int q = 0; q < k->nphi; q++)
				redirect(to, &k->phi_val[q]);
		}
	free(to);
	return merged;
}
