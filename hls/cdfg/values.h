// SPDX-License-Identifier: Apache-2.0
/* Operands of the kernel being built (internal to hls/cdfg): LLVM constants, arguments, globals and address
 * arithmetic as kernel-IR values, a pointer being its byte offset into its memory object. */
#ifndef KILN_CDFG_VALUES_H
#define KILN_CDFG_VALUES_H
#include "cdfg_builder.h"

/* Byte offset of GEP G (instruction or constant expression) from its base pointer, as operations. */
kval cb_gep_offset(builder *b, LLVMValueRef g);
/* V as a kernel-IR value (a diagnostic and a 1-bit zero when it has none). */
kval cb_val_of(builder *b, LLVMValueRef v);

#endif
