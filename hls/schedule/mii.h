// SPDX-License-Identifier: Apache-2.0
/* Lower bounds on the initiation interval of a single-block loop, computed once per problem (problem.c) and
 * read by the pipeliner, the schedule report and sched_verify alike, so that they cannot disagree. */
#ifndef KILN_SCHED_MII_H
#define KILN_SCHED_MII_H
#include "problem.h"

/* ResMII of single-block loop B: accesses per memory port (copy loops count their words), and requests over
 * all module ports together, one per cycle each. Needs P's delays and latencies only. */
int sched_res_mii(const sched_problem *p, int b);
/* RecMII of single-block loop B: over every phi of B, the cycles from the phi to the value it takes on the
 * back edge, chained as the scheduler chains (an operation starts a new cycle when it does not fit the rest
 * of the period; a load's data comes its latency later; a division takes its divider's cycles). Memory
 * recurrences are left out, which only lowers it. Needs P's delays and latencies only. */
int sched_rec_mii(const sched_problem *p, int b);

#endif
