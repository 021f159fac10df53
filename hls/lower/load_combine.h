// SPDX-License-Identifier: Apache-2.0
/* Bytes read one by one and assembled into a word, `b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24` (or most
 * significant first, `b[0] << 24 | ...`), become one load of the word (byte-swapped in the second order,
 * which is wiring in hardware). A memory port moves a word a cycle, so the bytes took four port slots for
 * one: CHStone sha's local_memcpy gathered its input a byte at a time, and its copy loop ran at II 2 on two
 * ports. Combined only where it is the same: every byte of the word read once, nothing that may write memory
 * between the first load and the last, and the word's address aligned within an object the image owns
 * (ScalarEvolution's offset from an on-chip array, a local or a global that is no device global, whose
 * alignment is then raised to the word's) or already declared aligned. */
#ifndef KILN_LOAD_COMBINE_H
#define KILN_LOAD_COMBINE_H
#include <llvm-c/Core.h>

/* Combines every such byte gathering in FN. */
void combine_byte_loads(LLVMValueRef fn);

#endif
