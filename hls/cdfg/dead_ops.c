// SPDX-License-Identifier: Apache-2.0
/* Dead operations. LLVM leaves none, but the kernel IR's own passes do: if-conversion builds the condition
 * of every edge of a region, and a path's condition the last select of a chain does not test goes unused;
 * merging stores drops an earlier store whose value was computed for it alone. They would cost nothing once
 * the emitter drops unread signals, but they clutter kir.txt and the schedule's chaining. */
#include "dead_ops.h"

#include <stdlib.h>

#include "../support/xalloc.h"

/* Operation K can go when nothing reads its result: it has no effect of its own, or it writes a memory of
 * the kernel's own that nothing reads (UNREAD[m]). */
static int pure(const kfunc *f, const kinst *k, const char *unread)
{
	kunit u = kop_unit(k->op);
	if ((k->op == K_STORE || k->op == K_MEMSET || k->op == K_MEMCPY) && k->mem >= f->nmems)
		return unread[k->mem];
	return k->op != K_PHI &&
	       (u == KU_LOGIC || u == KU_MULTIPLIER || (k->op == K_LOAD && k->mem >= f->nmems));
}

/* UNREAD[m]: memory m is inside the kernel module (no port: only this kernel's operations reach it, a
 * pointer to it included, as loads of it) and no operation reads it. Its stores are dead: a result the
 * program computes into a global it then never reads (CHStone sha's digest, five cycles a block after its
 * function was shared). */
static char *unread_mems(const kfunc *f)
{
	int nall = f->nmems + f->nimems;
	char *unread = xcalloc((size_t)nall + 1, 1);
	for (int m = f->nmems; m < nall; m++)
		unread[m] = 1;
	for (int b = 0; b < f->nblocks; b++)
		for (int j = 0; j < f->blocks[b].ninsts; j++) {
			const kinst *k = &f->insts[f->blocks[b].insts[j]];
			if (k->op == K_LOAD && k->mem >= 0 && k->mem < nall)
				unread[k->mem] = 0;
			if (k->op == K_MEMCPY && k->mem2 >= 0 && k->mem2 < nall)
				unread[k->mem2] = 0;
		}
	return unread;
}

static void use(int *uses, kval v)
{
	if (v.kind == KV_OP)
		uses[v.id]++;
}

int kir_drop_dead_ops(kfunc *f)
{
	int *uses = xcalloc((size_t)f->ninsts + 1, sizeof *uses), dropped = 0;
	char *unread = unread_mems(f);
	for (int b = 0; b < f->nblocks; b++)
		for (int j = 0; j < f->blocks[b].ninsts; j++) {
			const kinst *k = &f->insts[f->blocks[b].insts[j]];
			for (int a = 0; a < k->nargs; a++)
				use(uses, k->a[a]);
			for (int q = 0; q < k->nphi; q++)
				use(uses, k->phi_val[q]);
		}
	for (int changed = 1; changed;) {
		changed = 0;
		for (int b = 0; b < f->nblocks; b++) {
			kblock *bl = &f->blocks[b];
			int n = 0;
			/* backwards, so that an operation feeding only dead ones goes in the same sweep */
			for (int j = bl->ninsts - 1; j >= 0; j--) {
				int id = bl->insts[j];
				kinst *k = &f->insts[id];
				if (uses[id] || !pure(f, k, unread))
					continue;
				for (int a = 0; a < k->nargs; a++)
					if (k->a[a].kind == KV_OP)
						uses[k->a[a].id]--;
				k->block = -1;
				k->nargs = 0;
				bl->insts[j] = -1;
				n++;
			}
			if (!n)
				continue;
			int w = 0;
			for (int j = 0; j < bl->ninsts; j++)
				if (bl->insts[j] >= 0)
					bl->insts[w++] = bl->insts[j];
			bl->ninsts = w;
			dropped += n;
			changed = 1;
		}
	}
	free(uses);
	free(unread);
	return dropped;
}
