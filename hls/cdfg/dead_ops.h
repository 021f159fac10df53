// SPDX-License-Identifier: Apache-2.0
/* Dropping operations whose results nothing uses (see dead_ops.c). */
#ifndef KILN_DEAD_OPS_H
#define KILN_DEAD_OPS_H
#include "kir.h"

/* Takes out of F's blocks every operation without an effect (logic, a multiplication, a load of an on-chip
 * memory) whose result no operation in a block uses, and every write of an on-chip memory no operation
 * reads, until none is left. Returns how many it took out. */
int kir_drop_dead_ops(kfunc *f);

#endif
