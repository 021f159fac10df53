// SPDX-License-Identifier: Apache-2.0
/* Scheduling: assigns every operation of a kernel to a control step (one FSM state) under a target clock
 * period, chaining combinational operations while their summed delay fits, and giving memory accesses their
 * issue and wait steps in program order per port. */
#ifndef KILN_SCHEDULE_H
#define KILN_SCHEDULE_H
#include "../cdfg/kir.h"

/* Schedules F for a CLOCK_NS period; fills steps, kinst.step/issue/t_end and block step ranges. With
 * PIPELINE, single-block loops whose iterations can overlap are modulo scheduled (pipeline.h). */
void sched_run(kfunc *f, double clock_ns, int pipeline);

/* The operation of F that alone takes longest, when it and a state's own logic (sched_step_overhead) take
 * longer than F's clock period: the scheduler gives it a state and lets it run over. -1 when every
 * operation fits or F was never scheduled; *NEED: the period in ns that operation needs with a state's logic.
 */
int sched_overrun(const kfunc *f, double *need);

/* Prints a progress line (silenced by -q) per loop of the NK kernels whose II is above its lower bound, with
 * why, as HLS tools report II violations. */
void sched_report_console(const kfunc *ks, int nk);

/* The schedule report of the NK kernels as schedule.json has it, malloc'd; NULL when out of memory. */
char *sched_report_json(const kfunc *ks, int nk);

/* Writes the schedule report of the NK kernels to DIR/schedule.txt and DIR/schedule.json. 0 or -1. */
int sched_report_write(const kfunc *ks, int nk, const char *dir);

#endif
