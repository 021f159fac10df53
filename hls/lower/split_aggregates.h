// SPDX-License-Identifier: Apache-2.0
/* Hardware values are integers: a phi of a small aggregate (the {value, overflow} pair of a checked
 * multiplication carried around a loop, which the optimiser makes of __builtin_mul_overflow) becomes one phi
 * per field, read where the aggregate's fields were. */
#ifndef KILN_SPLIT_AGGREGATES_H
#define KILN_SPLIT_AGGREGATES_H
#include <llvm-c/Core.h>

/* Splits every phi of struct type in FN whose uses are all extractvalue of one field. */
void split_aggregate_phis(LLVMValueRef fn);

#endif
