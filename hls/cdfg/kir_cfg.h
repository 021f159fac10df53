// SPDX-License-Identifier: Apache-2.0
/* The control-flow graph of kernel IR, read and edited at the level of blocks: terminators, predecessors,
 * merging a block into its only predecessor, and dropping the blocks transformations left empty. */
#ifndef KILN_KIR_CFG_H
#define KILN_KIR_CFG_H
#include <stdint.h>

#include "kir.h"

/* The last operation of block B of F (its branch or return), or NULL when B is empty. */
kinst *kir_term(kfunc *f, int b);
/* How many blocks other than EXCLUDE_A and EXCLUDE_B (-1: none) branch to block B. */
int kir_npreds(kfunc *f, int b, int exclude_a, int exclude_b);
/* The phis of block B (-1: of every block) that took a value from block FROM take it from block TO. */
void kir_retarget_phis(kfunc *f, int b, int from, int to);
/* Merges every block that is its predecessor's only successor and has no other predecessor into that
 * predecessor (its phis become copies; the branch between them is dropped). Returns how many it merged. */
int kir_merge_chains(kfunc *f);
/* Removes F's empty blocks and numbers the others in order (bbN names follow); operations in no kept block
 * (a dropped branch) are left in none (block -1). F must not be scheduled yet. Returns how many it dropped.
 */
int kir_drop_empty_blocks(kfunc *f);

/* Block B's successors into OUT (room for KIR_MAX_SUCCS); how many, each once, or -1 for a switch with
 * more cases than that. */
#define KIR_MAX_SUCCS 66
int kir_succs(const kfunc *f, int b, int *out);
/* The dominator sets of F's blocks (entry bb0), WORDS 64-bit words per block: bit D of block B's row when
 * every path from the entry to B passes D (a block the entry does not reach has every block); the caller
 * frees them. A switch kir_succs cannot list counts as reaching no block. */
uint64_t *kir_dominators(const kfunc *f, int words);
/* The post-dominator sets of F's blocks, WORDS 64-bit words per block (a block that reaches no return has
 * every block); the caller frees them. */
uint64_t *kir_post_dominators(kfunc *f, int words);
/* The nearest block other than H that every path from H to a return passes (from PD), or -1. */
int kir_ipdom(kfunc *f, const uint64_t *pd, int words, int h);
/* kir_ipdom of every block at once (an array of F's blocks, to free), in time linear in PD's set bits. */
int *kir_ipdoms(kfunc *f, const uint64_t *pd, int words);

#endif
