// SPDX-License-Identifier: Apache-2.0
/* Translation of one LLVM instruction into kernel-IR operations (internal to hls/cdfg), driven by a table of
 * LLVM opcodes. */
#ifndef KILN_CDFG_TRANSLATE_H
#define KILN_CDFG_TRANSLATE_H
#include "cdfg_builder.h"

/* Translates instruction IN into the current block (its value into the slot reserved for it). */
void cb_translate(builder *b, LLVMValueRef in);
/* Call IN to llvm.var.annotation (clang's annotate on a local): KILN_PARTITION_* recorded on the array's
 * memory; any other annotation says nothing to hardware. Read before any access is translated, so that
 * accesses know their memory's directive. */
void cb_var_annotation(builder *b, LLVMValueRef in);

#endif
