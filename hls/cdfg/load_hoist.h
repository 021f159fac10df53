// SPDX-License-Identifier: Apache-2.0
/* A block's first load issued in its predecessors (see load_hoist.c). */
#ifndef KILN_LOAD_HOIST_H
#define KILN_LOAD_HOIST_H
#include "kir.h"

/* For each block that is not its own predecessor and that loads from an on-chip memory at an address its
 * phis give, loads in each predecessor instead (the address computed from what
 * the phis take from it) and takes the data by a phi, when the estimate at CLOCK_NS says the block's saved
 * step outweighs the steps the predecessors gain. Returns how many loads it moved. */
int load_hoist(kfunc *f, double clock_ns);

#endif
