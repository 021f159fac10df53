// SPDX-License-Identifier: Apache-2.0
/* What LLVM's range analyses know of an integer at a point of its function: LazyValueInfo, with the
 * conditions that dominate the point (`if (n > 16) return;`), and ScalarEvolution, with loops' trip counts. A
 * thin C++ shim, like ir_cfg. */
#ifndef KILN_IR_RANGE_H
#define KILN_IR_RANGE_H
#include <stdint.h>

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The largest unsigned value integer V can have at instruction AT, to *MAX: 0, or -1 when nothing bounds
 * it below its type's range. */
int ir_unsigned_max_at(LLVMValueRef v, LLVMValueRef at, uint64_t *max);

/* The byte offsets pointer PTR can have from the object it points into (ScalarEvolution's pointer base),
 * at instruction AT, to *LO..*HI: 0, or -1 when they are not known to lie in a range. */
int ir_pointer_offset_range(LLVMValueRef ptr, LLVMValueRef at, uint64_t *lo, uint64_t *hi);

/* For the N pointers PTRS at instruction AT: the byte distance of each from PTRS[0] to DIST (DIST[0] 0), the
 * object the lowest points into (ScalarEvolution's pointer base, casts stripped) to *BASE, and the trailing
 * zero bits every offset of the lowest from that object has, to *TZ (63 at most): 0, or -1 when a distance is
 * not a constant or the base or offset is not known. */
int ir_pointer_distances(LLVMValueRef *ptrs, int n, LLVMValueRef at, int64_t *dist, LLVMValueRef *base,
                         unsigned *tz);

#ifdef __cplusplus
}
#endif
#endif
