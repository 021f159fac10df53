// SPDX-License-Identifier: Apache-2.0
/* RTL of pipelined loops, used by emit_kernel.c. A pipelined loop is one FSM state in which a cycle counter
 * (0..II-1) and one valid bit per stage run the overlapped iterations; each value of the loop lives in one
 * register per stage it is still needed in, shifted along with its iteration every II cycles. Internal
 * memories never stall; a refused request or a read response that is not there yet on a module port freezes
 * the whole pipeline for that cycle. Read responses of a port's pipelined loads queue in a small FIFO (pq),
 * in request order. */
#ifndef KILN_EMIT_PIPELINE_H
#define KILN_EMIT_PIPELINE_H
#include <stdio.h>

#include "../cdfg/kir.h"

#define REF_MAX 160

/* Shared with emit_kernel.c, which defines them: operand V's text as seen from use context CTX (a step, or
 * emit_pipe_ctx), and the response tag of load I on its module port. */
const char *emit_ref(const kfunc *f, kval v, int ctx, char *buf);
int emit_load_tag(const kfunc *f, int i);
/* Bits of the load tags of module port M (defined in emit_kernel.c). */
int emit_tag_width(const kfunc *f, int m);

/* Operand-reference context for a use at SLOT of an iteration of pipelined block B (ordinary uses pass their
 * step, which is >= 0). */
int emit_pipe_ctx(const kfunc *f, int b, int slot);
/* The use context of operation K: its step, or its pipeline slot when its block is pipelined. */
int emit_pipe_use_ctx(const kfunc *f, const kinst *k, int slot);
/* Operand text of operation V (an operation index) used at context CTX when V belongs to a pipelined block,
 * or the use is inside one: 1 and BUF filled, else 0 (the ordinary rules apply). */
int emit_pipe_ref(const kfunc *f, int v, int ctx, char *buf);
/* Declarations: per pipelined loop its counter, valid bits, control wires and stage registers; per module
 * port its response FIFO. */
void emit_pipe_decls(const kfunc *f, FILE *o);
/* The response FIFOs' logic. */
void emit_pipe_fifos(const kfunc *f, FILE *o);
/* Data word of pipelined load I (before its byte-lane shift). */
void emit_pipe_load_data(const kfunc *f, int i, char *buf);
/* Request condition of the pipelined load or store K (instruction I) on its port, into COND. */
void emit_pipe_request(const kfunc *f, int i, char *cond, size_t n);
/* The tag mux terms of module port M for its pipelined loads ("(cond) ? tag :"). */
void emit_pipe_tag_terms(const kfunc *f, int m, int tag_bits, FILE *o);
/* Instruction I is a load of a pipelined loop. */
int emit_pipe_is_load(const kfunc *f, int i);
/* Register updates on the edge FROM -> pipelined block TO, beside the phi registers the edge writes. */
void emit_pipe_entry(const kfunc *f, int from, int to, const char *ind, FILE *o);
/* Reset of the pipelines' valid bits. */
void emit_pipe_reset(const kfunc *f, const char *ind, FILE *o);
/* The case body of pipelined block B's state: stage advance, value registers, exit once drained (EXIT_EDGE
 * writes the edge to the exit block). */
void emit_pipe_state(const kfunc *f, int b, void (*exit_edge)(const kfunc *, int, int, const char *, FILE *),
                     FILE *o);
/* Pipeline signals nothing reads, for the unused-signal sink: ", name" each. */
void emit_pipe_unused(const kfunc *f, FILE *o);

#endif
