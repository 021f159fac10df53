// SPDX-License-Identifier: Apache-2.0
/* Tail duplication of small join blocks (see tail_dup.c). */
#ifndef KILN_TAIL_DUP_H
#define KILN_TAIL_DUP_H
#include "kir.h"

/* Copies each small block that several blocks branch to unconditionally (a switch's join, an interpreter's
 * loop latch) into each of them, when it takes one step alone at CLOCK_NS and its values are read only by
 * its successors' phis; the block is left empty. Returns how many blocks it duplicated. */
int tail_duplicate(kfunc *f, double clock_ns);

#endif
