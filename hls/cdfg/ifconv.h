// SPDX-License-Identifier: Apache-2.0
/* If-conversion (see ifconv.c). */
#ifndef KILN_IFCONV_H
#define KILN_IFCONV_H
#include "kir.h"

/* Merges every loop header of F that branches into one or two blocks rejoining at the loop's latch into one
 * block (stores predicated with K_STORE's third operand, phis become selects), unless the sides are much
 * larger than the loop's other work (ifconv.c's cost model). Returns how many it merged. */
int ifconv_loops(kfunc *f);
/* Converts the single-entry, single-exit regions and the ifs of F that its cost model says run no slower
 * as one block at a CLOCK_NS period (ifconv.c; with PIPELINE a loop body when its iterations can overlap
 * soon enough), merges each block into its only predecessor when it is that predecessor's only successor,
 * and drops the blocks left empty. Returns how many regions and ifs it converted. */
int ifconv_regions(kfunc *f, double clock_ns, int pipeline);
/* kiln-cc's if-conversion stage on F: ifconv_loops (with PIPELINE), ifconv_regions, loops leaving from
 * header and latch made one block (with PIPELINE, loop_exits.h), nested switches on one value folded
 * (switch_fold.h), tail duplication of small join blocks (tail_dup.h), a header's load issued in its
 * predecessors (load_hoist.h), store merging (store_merge.h), then the operations left unused dropped
 * (dead_ops.h). Returns ifconv_regions' count. */
int ifconv_stage(kfunc *f, double clock_ns, int pipeline);

#endif
