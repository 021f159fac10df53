// SPDX-License-Identifier: Apache-2.0
/* Scheduling: assigns every operation of a kernel to a control step (one FSM state) under a target clock
 * period, chaining combinational operations while their summed delay fits, and giving memory accesses their
 * issue and wait steps in program order per port. */
#ifndef KILN_SCHEDULE_H
#define KILN_SCHEDULE_H
#include "../cdfg/kir.h"

/* Estimated combinational delay in ns of operation K (the per-operation delay table). */
double sched_delay(const kfunc *f, const kinst *k);
/* Planned cycles from an accepted read request on module port M of F to its data. */
int sched_read_latency(const kfunc *f, int m);
/* Division and remainder run on the multi-cycle divider. */
int sched_is_div(kop op);
/* Width of the divider that runs a W-bit division: a multiple of 4, so that it may retire 1, 2 or 4 quotient
 * bits per cycle. */
int sched_div_width(int w);
/* Delay in ns of one restoring-division step (compare, subtract, select) of a W-bit divider. */
double sched_div_stage_delay(int w);
/* Quotient bits a W-bit divider retires per cycle at a CLOCK_NS period: 4, 2 or 1 (W is a multiple of 4). */
int sched_div_bits_per_cycle(double clock_ns, int w);
/* Moves the point (*S, *T) (a step and ns into it) to (OS, OT) when that is later: the time all of an
 * operation's operands are ready is the latest of theirs. */
void sched_later(int *s, double *t, int os, double ot);
/* Schedules F for a CLOCK_NS period; fills steps, kinst.step/t_end/registered and block step ranges. With
 * PIPELINE, single-block loops whose iterations can overlap are modulo scheduled (pipeline.h). */
void sched_run(kfunc *f, double clock_ns, int pipeline);

/* Writes the schedule report of the NK kernels to DIR/schedule.txt and DIR/schedule.json. 0 or -1. */
int sched_report_write(const kfunc *ks, int nk, const char *dir);

#endif
