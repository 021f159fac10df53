// SPDX-License-Identifier: Apache-2.0
/* The control-flow graph of kernel IR, read and edited at the level of blocks: terminators, predecessors,
 * merging a block into its only predecessor, and dropping the blocks transformations left empty. */
#ifndef KILN_KIR_CFG_H
#define KILN_KIR_CFG_H
#include "kir.h"

/* The last operation of block B of F (its branch or return), or NULL when B is empty. */
kinst *kir_term(kfunc *f, int b);
/* How many blocks other than EXCLUDE_A and EXCLUDE_B (-1: none) branch to block B. */
int kir_npreds(kfunc *f, int b, int exclude_a, int exclude_b);
/* Merges every block that is its predecessor's only successor and has no other predecessor into that
 * predecessor (its phis become copies; the branch between them is dropped). Returns how many it merged. */
int kir_merge_chains(kfunc *f);
/* Removes F's empty blocks and numbers the others in order (bbN names follow); operations in no kept block
 * (a dropped branch) are left in none (block -1). F must not be scheduled yet. Returns how many it dropped.
 */
int kir_drop_empty_blocks(kfunc *f);

#endif
