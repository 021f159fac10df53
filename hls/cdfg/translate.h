// SPDX-License-Identifier: Apache-2.0
/* Translation of one LLVM instruction into kernel-IR operations (internal to hls/cdfg), driven by a table of
 * LLVM opcodes. */
#ifndef KILN_CDFG_TRANSLATE_H
#define KILN_CDFG_TRANSLATE_H
#include "cdfg_builder.h"

/* Translates instruction IN into the current block (its value into the slot reserved for it). */
void cb_translate(builder *b, LLVMValueRef in);

#endif
