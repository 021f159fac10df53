// SPDX-License-Identifier: Apache-2.0
/* Control-flow edits on LLVM IR that LLVM-C 15 has no API for (a thin C++ shim, like global_attrs). */
#ifndef KILN_IR_CFG_H
#define KILN_IR_CFG_H
#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Splits INST's block before INST: INST and what follows it move to a new block (returned) that the old
 * block now ends by branching to; the successors' phis name the new block. */
LLVMBasicBlockRef ir_split_block_before(LLVMValueRef inst);
/* Puts a new block on the edge FROM -> TO (returned): FROM branches to it, it to TO, TO's phis name it. */
LLVMBasicBlockRef ir_split_edge(LLVMBasicBlockRef from, LLVMBasicBlockRef to);
/* Removes case I (0-based, the default not counted) of switch SW; its destination's phis lose that edge. */
void ir_switch_drop_case(LLVMValueRef sw, unsigned i);
/* The metadata that marks an `unreachable` no run reaches, as opposed to a stop's. */
#define IR_NEVER_MD "kiln.never"
/* Points switch SW's default at a new block holding only `unreachable`, marked !kiln.never (HLS may send
 * the edge anywhere: a bare unreachable may be a stop that lost its channel); the old default's phis lose
 * that edge. */
void ir_switch_default_unreachable(LLVMValueRef sw);
/* Replaces conditional branch BR by a branch to its successor KEEP (0: the true one, 1: the false one); the
 * other successor's phis lose that edge. */
void ir_branch_fold(LLVMValueRef br, unsigned keep);

/* Every value of FN used where its definition no longer dominates the use (after calls were merged into
 * one) goes through a stack slot, which SROA makes phis again (undefined on the paths that did not define
 * it). Returns how many values. */
int ir_demote_undominated(LLVMValueRef fn);
/* Deletes FN's blocks that its entry does not reach (their successors' phis forget them). */
void ir_remove_unreachable_blocks(LLVMValueRef fn);
#ifdef __cplusplus
}
#endif
#endif
