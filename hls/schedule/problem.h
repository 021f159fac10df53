// SPDX-License-Identifier: Apache-2.0
/* The scheduling problem of one kernel, after CIRCT's scheduling problems: everything the scheduler is given,
 * as data, apart from the solution it produces, so that sched_verify can check any solution against the same
 * problem the scheduler solved.
 *
 * Problem: the operations of F in their blocks, each with its combinational delay (the operation table's
 * delay class) and, for loads, its memory's read latency; the dependences, which are the SSA operands of the
 * operations of one block plus program order of the accesses to one memory (and, across the iterations of a
 * pipelined loop, memdep_loop's); the target clock period; and the resource limits, which are fixed by the
 * hardware the emitter builds: one access per memory port per step (a module port may take a request and
 * await a response in one step), one divider per division width, a copy loop alone in its step with its
 * memories idle, and in a pipelined loop one access per port per II column and one module-port request per
 * cycle over all module ports.
 *
 * Solution (kir.h marks its fields): kfunc.steps; per operation step, issue, t_end, registered, and in
 * pipelined loops pslot and pissue; per block its step range and pipelining. */
#ifndef KILN_SCHED_PROBLEM_H
#define KILN_SCHED_PROBLEM_H
#include "../cdfg/kir.h"

typedef struct sched_problem {
	const kfunc *f;  /* operations, blocks, memories */
	double clock_ns; /* target period: the chained delay one step may hold */
	double *delay;   /* [operation] combinational delay in ns (sched_delay) */
	int *latency;    /* [memory] planned cycles from an accepted read request to its data */
	int *fp_latency; /* [operation] floating-point unit operations: cycles from operands to result
	                    (fp_unit_latency), else 0 */
	int *res_mii;    /* [block] single-block loops: the resource bound on the II (problem.c), else 0 */
	int *rec_mii;    /* [block] single-block loops: the recurrence bound on the II (problem.c), else 0 */
} sched_problem;

/* Builds the problem of kernel F (as it is: loops already prepared for pipelining) at F's clock_ns. 0, or -1
 * when out of memory (P then holds nothing to free). */
int sched_problem_init(sched_problem *p, const kfunc *f, double clock_ns);
/* Frees what P owns (not its kernel). */
void sched_problem_free(sched_problem *p);
/* Block B of F branches back to itself: a single-block loop. */
int sched_self_loop(const kfunc *f, int b);

#endif
