// SPDX-License-Identifier: Apache-2.0
/* Memory dependences across the iterations of a single-block loop: which accesses of a later iteration must
 * not be issued before which accesses of an earlier one. The pipeliner keeps these orders; program order
 * inside an iteration is kept by the scheduler itself. */
#ifndef KILN_MEMDEP_H
#define KILN_MEMDEP_H
#include "../cdfg/kir.h"

/* Access LATER (an instruction index) of iteration j + DIST must be issued after access EARLIER of iteration
 * j (DIST >= 1). */
typedef struct memdep {
	int later, earlier, dist;
	int exact; /* the addresses do meet at DIST (else they were not told apart) */
} memdep;

/* The cross-iteration dependences among the loads and stores of single-block loop B of F, at least one of
 * each pair a store on the same memory. Addresses are compared as affine functions of the loop's induction
 * variables; accesses through different restrict pointers never conflict; anything not proven independent is
 * a dependence at distance 1 both ways, unless the loop's source says its iterations are independent
 * (kblock.ivdep: then only proven ones are). Returns how many (in *OUT, to be freed), -1 when out of memory.
 */
int memdep_loop(const kfunc *f, int b, memdep **out);
/* Access X of iteration j + D and access Y of iteration j of single-block loop B of F, on one on-chip memory,
 * may touch one word of it (a byte store and a load of other bytes of its word do; not proven apart counts as
 * touching): a pipelined loop does not put them in one cycle, where a read would meet a write to its word. */
int memdep_word_meet(const kfunc *f, int b, int x, int y, int d);

#endif
