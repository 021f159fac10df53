// SPDX-License-Identifier: Apache-2.0
/* The edits if-conversion makes to kernel IR, shared by its passes (ifconv.c, ifconv_region.c): new 1-bit
 * conditions, operations moved into the block that now runs them, stores predicated. */
#ifndef KILN_IFCONV_EDIT_H
#define KILN_IFCONV_EDIT_H
#include "kir.h"

/* A block's new instruction list, growing as operations are appended. */
typedef struct ifc_list {
	int *ids;
	int n, cap;
} ifc_list;

/* Appends operation ID to L. */
void ifc_push(ifc_list *l, int id);
/* Makes L block B's instruction list (B's old list is freed; L is taken over). */
void ifc_list_install(kfunc *f, int b, ifc_list *l);

/* The operations of block T but its terminator can run whichever way the branch into T goes: no module-port
 * load (it could fault or wait), divider or copy loop (time on the other path), floating-point operation
 * unless FPU, and phis only of one incoming value unless PHIS. */
int ifc_speculable(kfunc *f, int t, int fpu, int phis);
/* Operation ID's result as an operand. */
kval ifc_val(const kfunc *f, int id);
/* V as a copy of block J's operations in its predecessor P reads it: J's operations become their copies
 * (MAP, by operation index), J's phis what they take from P. */
kval ifc_val_in_pred(const kfunc *f, int j, int p, const int *map, kval v);
/* Appends to F a copy of operation SRC of block J for its predecessor P (the caller places it in P's list):
 * its operands as ifc_val_in_pred reads them, without SRC's name (one register per source variable: SRC
 * keeps it), cases or phi entries. Records it in MAP[SRC]; returns its index. */
int ifc_copy_to_pred(kfunc *f, int src, int j, int p, int *map);
/* Moves block SB's operations but its branch to L (now in block H): its stores predicated on P
 * (and their own predicate), its phis copies of their one value; SB is left empty, its branch in no block. */
void ifc_take_side(kfunc *f, int sb, int h, kval p, ifc_list *l);
/* C when IDX is 0, else !C as a new operation of H appended to L. */
kval ifc_edge_cond(kfunc *f, int h, kval c, int idx, unsigned line, ifc_list *l);
/* A & B as a 1-bit operation of H appended to L (either may be the constant 1). */
kval ifc_and(kfunc *f, int h, kval a, kval b, unsigned line, ifc_list *l);
/* A | B likewise (A may be KV_NONE: B). */
kval ifc_or(kfunc *f, int h, kval a, kval b, unsigned line, ifc_list *l);

#endif
