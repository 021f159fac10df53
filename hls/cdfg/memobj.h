// SPDX-License-Identifier: Apache-2.0
/* Memory objects of the kernel being built (internal to hls/cdfg): the memory each pointer reaches, allocated
 * as it is first met (a device global, device memory, a local array, a constant table or an initialised
 * global), with a source-located diagnostic for a pointer that may reach several. */
#ifndef KILN_CDFG_MEMOBJ_H
#define KILN_CDFG_MEMOBJ_H
#include "cdfg_builder.h"

/* The memory object pointer V refers to: -1 for null/undef (no object), -2 after a diagnostic; MEM_VISITING
 * while V is being resolved (a cycle of phis). */
int cb_mem_of(builder *b, LLVMValueRef v);

/* Records the array partitioning directive S (N bytes, what follows "kiln.partition=") of line LINE on
 * memory M, or reports a malformed one there. */
void cb_mem_partition(builder *b, int m, const char *s, size_t n, unsigned line);

#endif
