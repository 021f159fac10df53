// SPDX-License-Identifier: Apache-2.0
/* Merging operations of one block that compute the same value (see common_ops.c). */
#ifndef KILN_COMMON_OPS_H
#define KILN_COMMON_OPS_H
#include "kir.h"

/* Every operation without an effect (logic, a multiplication) that repeats an earlier operation of its block
 * (the same operation, width, predicate and operands) is read no more: its readers read the earlier one, and
 * kir_drop_dead_ops can take it out. Returns how many it redirected. */
int kir_merge_common_ops(kfunc *f);

#endif
