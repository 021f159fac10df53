// SPDX-License-Identifier: Apache-2.0
/* If-conversion of the ifs inside loops (see ifconv.c). */
#ifndef KILN_IFCONV_H
#define KILN_IFCONV_H
#include "kir.h"

/* Merges every loop header of F that branches into one or two blocks rejoining at the loop's latch into one
 * block (stores predicated with K_STORE's third operand, phis become selects), unless the sides are much
 * larger than the loop's other work (ifconv.c's cost model). Returns how many it merged. */
int ifconv_loops(kfunc *f);

#endif
