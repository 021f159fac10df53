// SPDX-License-Identifier: Apache-2.0
/* Loops that leave from their header and their latch made single-block loops (see loop_exits.c). */
#ifndef KILN_LOOP_EXITS_H
#define KILN_LOOP_EXITS_H
#include "kir.h"

/* Makes each loop of F of two blocks, a header and a latch that both leave the loop (a search loop's break
 * and its count running out), one block that loops to itself and leaves through a new block branching to
 * the exit taken; the latch's operations run every iteration (they must be speculable), its stores
 * predicated. Returns how many loops it merged. */
int merge_loop_exits(kfunc *f);

#endif
