// SPDX-License-Identifier: Apache-2.0
/* An estimate, before scheduling, of the steps a sequence of operations takes when the scheduler chains them
 * (schedule/oplib.h's delays): what if-conversion's cost models weigh. */
#ifndef KILN_STEP_ESTIMATE_H
#define KILN_STEP_ESTIMATE_H
#include "kir.h"

/* An estimate of the steps a sequence of operations takes when the scheduler chains them at a period: where
 * each operation ends (its step and ns into it), for the operations of the sequence (stamped with the
 * sequence's generation), and the accesses per memory. */
typedef struct step_est {
	int *step;
	double *t_end;
	unsigned *gen;
	unsigned cur;
	int cap, last;
	int *loads, *stores, nm;
	double clock_ns;
} step_est;

/* Starts a sequence of F's operations at CLOCK_NS, its inputs ready at the start of its first step. */
void step_est_begin(const kfunc *f, step_est *ch, double clock_ns);
/* Adds operation ID to the sequence, after those of its operands the sequence computes. */
void step_est_op(const kfunc *f, step_est *ch, int id);
/* The steps the sequence takes (at least one). */
int step_est_steps(const kfunc *f, const step_est *ch);
/* Operation ID reads a value the sequence has computed. */
int step_est_depends(const kfunc *f, const step_est *ch, int id);
/* The steps block B's operations but its branch take alone, as a sequence of their own (CH is reused). */
int step_est_block(const kfunc *f, int b, double clock_ns, step_est *ch);
/* Frees what CH holds. */
void step_est_free(step_est *ch);

#endif
