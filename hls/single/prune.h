// SPDX-License-Identifier: Apache-2.0
/* What the single-source split needs to cut a module down: the static call tree of a set of roots, and the
 * removal of everything outside it. */
#ifndef KILN_SINGLE_PRUNE_H
#define KILN_SINGLE_PRUNE_H
#include <stddef.h>

#include <llvm-c/Core.h>

/* A set of global values (functions and variables). */
typedef struct single_set {
	LLVMValueRef *v;
	size_t n, cap;
} single_set;

/* Whether S holds V. */
int single_set_has(const single_set *s, LLVMValueRef v);
/* Adds V to S (nothing when present); 0, or -1 out of memory. */
int single_set_add(single_set *s, LLVMValueRef v);
/* Frees S's storage. */
void single_set_free(single_set *s);
/* Grows S (holding the roots) to every function and global variable the roots reach: called, address taken,
 * or named by a reached variable's initializer. 0, or -1 out of memory. */
int single_reach(single_set *s);
/* Deletes FN's body, leaving a declaration (external, as declarations must be). */
void single_delete_body(LLVMValueRef fn);
/* Removes from MOD every function and global variable outside KEEP that nothing uses any more, repeating
 * until none goes (llvm.* variables stay). */
void single_drop_unused(LLVMModuleRef mod, const single_set *keep);

#endif
