// SPDX-License-Identifier: Apache-2.0
/* Nested switches on one value made one switch (see switch_fold.c). */
#ifndef KILN_SWITCH_FOLD_H
#define KILN_SWITCH_FOLD_H
#include "kir.h"

/* Folds each block that is only reached as a switch's default and switches again on the same value into
 * that switch's block, when its operations can run there without a step more at CLOCK_NS; the block is left
 * empty. Returns how many it folded. */
int switch_fold(kfunc *f, double clock_ns);

#endif
