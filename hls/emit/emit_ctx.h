// SPDX-License-Identifier: Apache-2.0
/* What the kernel emitters share while one module is written (internal to hls/emit): the kernel, its
 * binding and the builder. Each emitter file prints one part of the module: the datapath (emit_datapath.c),
 * memory ports (emit_ports.c), shared units (emit_units.c), floating-point units (emit_fpu.c), the
 * controller (emit_fsm.c), the updates on control edges (emit_edges.c) and pipelined loops
 * (emit_pipeline.c); emit_kernel.c assembles them. They refer to values only through signals.h, and none
 * calls another's part, so that each can be read and changed alone. */
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
} ectx;

/* The controller's two processes print the same decisions: the next state (combinational) or the register
 * updates (clocked). */
typedef enum ctl_mode { CTL_NEXT, CTL_REGS } ctl_mode;

/* Datapath (emit_datapath.c): helper functions, one wire per operation, the registers of values that cross
 * a step boundary. */
void emit_helpers(ectx *e);
void emit_values(ectx *e);
void emit_value_regs(ectx *e);
/* The writes of values coalesced into a phi's register (bind_coalesce_phis), at IND inside the controller's
 * clocked block: that block writes the phi's register on its edges too, and a register written in two
 * clocked blocks is two flip-flops driving one net in synthesis. */
void emit_coalesced_writes(ectx *e, const char *ind);

/* Memory ports (emit_ports.c): internal memory cells, response tag queues, request multiplexers. */
void emit_internal_mems(ectx *e);
void emit_tag_queues(ectx *e);
void emit_port_muxes(ectx *e);

/* Shared units (emit_units.c): the dividers, the copy engine and the shared multipliers. */
void emit_unit_decls(ectx *e);
void emit_copy_engine(ectx *e);
/* Whether a copy loop reads internal memory M through its second port (which then needs a response flag). */
int emit_copy_reads_second(const ectx *e, int m);
void emit_dividers(ectx *e);
void emit_multipliers(ectx *e);

/* Floating-point units (emit_fpu.c): the shared units of the sequential code, one per operation of a
 * pipelined loop. */
void emit_fpu_decls(ectx *e);
void emit_fpus(ectx *e);

/* Controller (emit_fsm.c): state encoding, the next-state process and the clocked updates. */
void emit_fsm_decls(ectx *e);
void emit_fsm(ectx *e);
/* Dimensions whose work-item counters the controller keeps: an nd-range kernel's, 0 when its blocks loop
 * over the work-items themselves (kfunc.wi_loop) or for a single task. */
int emit_wi_counters(const kfunc *f);
/* fsm_adv: the controller leaves its state this cycle (the steps' guards), which the shared floating-point
 * units advance with. */
void emit_fsm_advance(ectx *e);

/* Edges (emit_edges.c): phi updates and the next state on the edge from block FROM (leaving its last step)
 * into block TO, at indentation IND. */
void emit_edge(ectx *e, ctl_mode mode, int from, int to, const char *ind);
/* The edge FROM -> TO writes registers (phis whose value BD did not coalesce into their register, a
 * pipeline's entry). */
int emit_edge_writes(const kfunc *f, const kbind *bd, int from, int to);

#endif
