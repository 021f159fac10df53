// SPDX-License-Identifier: Apache-2.0
/* RTL of pipelined loops, used by the kernel emitters. A pipelined loop is one FSM state in which a cycle
 * counter (0..II-1) and one valid bit per stage run the overlapped iterations; each value of the loop lives
 * in one register per stage it is still needed in, shifted along with its iteration every II cycles. Internal
 * memories never stall; a refused request or a read response that is not there yet on a module port freezes
 * the whole pipeline for that cycle. Read responses of a port's pipelined loads queue in a small FIFO (pq),
 * in request order. */
#ifndef KILN_EMIT_PIPELINE_H
#define KILN_EMIT_PIPELINE_H
#include "emit_ctx.h"

/* Declarations (RB_DECL): per pipelined loop its counter, valid bits and stage registers; per module port
 * its response FIFO's signals. */
void emit_pipe_decls(ectx *e);
/* Per pipelined loop its control wires (RB_BODY, after the values they read). */
void emit_pipe_control(ectx *e);
/* The response FIFOs' logic (RB_BODY). */
void emit_pipe_fifos(ectx *e);
/* Reset of the pipelines' valid bits. */
void emit_pipe_reset(ectx *e, const char *ind);
/* The case item body of pipelined block B's state in MODE (the next state: leave once drained; the
 * registers: stage advance, value registers, the exit edge's updates); IND is the item's indentation. */
void emit_pipe_state(ectx *e, ctl_mode mode, int b, const char *ind);
/* Pipeline signals nothing reads, for the unused-signal sink: ", name" each, to L. */
void emit_pipe_unused(ectx *e, FILE *l);

#endif
