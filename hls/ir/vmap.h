// SPDX-License-Identifier: Apache-2.0
/* A hash map from LLVM values to small integers (instruction slots, memory objects, blocks, table rows). */
#ifndef KILN_VMAP_H
#define KILN_VMAP_H
#include <stddef.h>

#include <llvm-c/Core.h>

typedef struct vmap {
	LLVMValueRef *keys;
	int *vals;
	size_t cap, n;
} vmap;

/* Whether K is in M; its value goes to *OUT. */
int vmap_get(const vmap *m, LLVMValueRef k, int *out);
/* Sets K's value to V (adding K). Zero-initialised maps are empty. */
void vmap_put(vmap *m, LLVMValueRef k, int v);
/* Frees M's storage (M is empty again only after zeroing). */
void vmap_free(vmap *m);

#endif
