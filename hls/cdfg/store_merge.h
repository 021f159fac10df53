// SPDX-License-Identifier: Apache-2.0
/* Merging the stores if-conversion leaves to one word (see store_merge.c). */
#ifndef KILN_STORE_MERGE_H
#define KILN_STORE_MERGE_H
#include "kir.h"

/* In every block of F, merges each store into an on-chip memory with the next store of the same size to
 * the same address when no other access of that memory comes between them: one store of the later value
 * when its predicate holds, else the earlier's, under either predicate. Returns how many stores it removed.
 */
int store_merge(kfunc *f);

#endif
