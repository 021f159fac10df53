// SPDX-License-Identifier: Apache-2.0
/* Memory ports move aligned words of 1, 2, 4 or 8 bytes: a load or store the IR marks as less aligned than
 * it is wide (a small memcpy or memmove the optimiser made one unaligned 64-bit access, a packed struct), or
 * of another width (the i24 or i56 SROA leaves of a copy between parts of unrolled arrays), becomes one byte
 * access per byte, the value assembled or taken apart by shifts. */
#ifndef KILN_UNALIGNED_H
#define KILN_UNALIGNED_H
#include <llvm-c/Core.h>

/* Splits every such load and store of FN. */
void split_unaligned_accesses(LLVMValueRef fn);

#endif
