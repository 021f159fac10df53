// SPDX-License-Identifier: Apache-2.0
/* What the kernel emitters share while one module is written (internal to hls/emit): the kernel, its
 * binding, the builder, and operand texts. Each emitter file prints one part of the module: the datapath
 * (emit_datapath.c), memory ports (emit_ports.c), multi-cycle units (emit_units.c), the controller
 * (emit_fsm.c) and pipelined loops (emit_pipeline.c); emit_kernel.c assembles them. */
#ifndef KILN_EMIT_CTX_H
#define KILN_EMIT_CTX_H
#include <stdio.h>

#include "../cdfg/kir.h"
#include "bind.h"
#include "rtl_builder.h"

typedef struct ectx {
	const kfunc *f;
	const kbind *bd;
	rtlb *rb;
	FILE *decl; /* rb_out(rb, RB_DECL) */
	FILE *body; /* rb_out(rb, RB_BODY) */
	int *fpu;   /* [operation] its floating-point unit group (fp_unit_groups), -1 for other operations */
} ectx;

/* The controller's two processes print the same decisions: the next state (combinational) or the register
 * updates (clocked). */
typedef enum ctl_mode { CTL_NEXT, CTL_REGS } ctl_mode;

/* Operand V's text as seen from use context CTX (a step, or emit_pipe_ctx): a wire when defined in that same
 * step, else its register. */
const char *emit_ref(ectx *e, kval v, int ctx);
/* Bit BIT of operand V at context CTX (constants folded). */
const char *emit_ref_bit(ectx *e, kval v, int bit, int ctx);
/* Bits HI..LO of operand V at context CTX (constants folded: Verilog cannot slice a literal). */
const char *emit_ref_slice(ectx *e, kval v, int hi, int lo, int ctx);
/* "state_q == S<s>" */
const char *emit_in_state(ectx *e, int s);

/* Datapath (emit_datapath.c): helper functions, one wire per operation, the registers of values that cross
 * a step boundary. */
void emit_helpers(ectx *e);
void emit_values(ectx *e);
void emit_value_regs(ectx *e);

/* Memory ports (emit_ports.c): internal memory cells, response tag queues, request multiplexers. */
void emit_internal_mems(ectx *e);
void emit_tag_queues(ectx *e);
void emit_port_muxes(ectx *e);
/* The condition under which load I's response is there: kept earlier, or arriving now. */
const char *emit_wait_ok(ectx *e, int i);

/* Multi-cycle units (emit_units.c): the dividers and the copy engine. */
void emit_unit_decls(ectx *e);
void emit_copy_engine(ectx *e);
void emit_dividers(ectx *e);

/* Floating-point units (emit_fpu.c): the shared units of the sequential code, one per operation of a
 * pipelined loop. */
void emit_fpu_decls(ectx *e);
void emit_fpus(ectx *e);
/* The unit output operation I's result is read from (a floating-point unit operation). */
const char *emit_fpu_out(ectx *e, int i);
/* F's sequential code has floating-point unit operations (and so the controller drives fsm_adv). */
int emit_fpu_shared(const kfunc *f);

/* Controller (emit_fsm.c): state encoding, the next-state process and the clocked updates. */
void emit_fsm_decls(ectx *e);
void emit_fsm(ectx *e);
/* fsm_adv: the controller leaves its state this cycle (the steps' guards). */
void emit_fsm_advance(ectx *e);
/* Phi updates and the next state on the edge from block FROM (leaving its last step) into block TO, at
 * indentation IND. */
void emit_edge(ectx *e, ctl_mode mode, int from, int to, const char *ind);
/* The edge FROM -> TO writes registers (phis, a pipeline's entry). */
int emit_edge_writes(const kfunc *f, int from, int to);

#endif
