// SPDX-License-Identifier: Apache-2.0
/* Loop pipelining (modulo scheduling) of single-block loops; see pipeline.c. */
#ifndef KILN_PIPELINE_H
#define KILN_PIPELINE_H
#include "../cdfg/kir.h"
#include "problem.h"

/* Block B of F is a loop the pipeliner can take: it branches back to itself or out, and holds no divider or
 * copy loop (else the reason goes to B's nopipe when B is a loop). */
int pipeline_candidate(kfunc *f, int b);
/* Prepares candidate B before it is scheduled: every phi's back-edge value becomes an operation of B. */
void pipeline_prepare(kfunc *f, int b);
/* Overlaps the iterations of candidate B of problem P, list-scheduled into steps first_step..last_step (the
 * last steps of F, P's kernel), its II from P's bounds up: on success B becomes one step, its operations get
 * slots (kinst.pslot/pissue) and B its II and stage count, and 1 is returned; else nothing changes but B's
 * nopipe (why not), and 0 is returned. */
int pipeline_block(const sched_problem *p, kfunc *f, int b);

#endif
