// SPDX-License-Identifier: Apache-2.0
/* The names of a kernel module's signals as seen from their uses (internal to hls/emit). Binding decided
 * where every value lives (bind.h: its wire, its register, a pipelined loop's stage registers, the unit
 * that computes it); these lookups spell that decision, so that every emitter refers to a value the same
 * way and none needs another emitter to find a name. */
#ifndef KILN_EMIT_SIGNALS_H
#define KILN_EMIT_SIGNALS_H
#include "emit_ctx.h"

/* How a signal of binding's table (bind_sig) is written into the module text until the module is printed:
 * a mark, its index in decimal, and EMIT_SIG_END. A use reads it; a definition (its declaration, an
 * assignment to it, the cell output driving it) is the whole statement on its line, removed with the signal
 * when nothing reads it (dead_signals.h). */
#define EMIT_SIG_USE '\x01'
#define EMIT_SIG_DEF '\x03'
#define EMIT_SIG_END '\x02'

/* A use of signal SIG (an index into e->bd->sigs). */
const char *emit_use(ectx *e, int sig);
/* The definition of signal SIG on the line being written. */
const char *emit_def(ectx *e, int sig);
/* A use, or the definition, of instruction I's signal KIND (for SIG_STAGE, of stage ST). */
const char *emit_use_of(ectx *e, bind_sig_kind kind, int i, int st);
const char *emit_def_of(ectx *e, bind_sig_kind kind, int i, int st);

/* Operand V's text as seen from use context CTX (a step, or emit_pipe_ctx): a wire when defined in that same
 * step, else its register. */
const char *emit_ref(ectx *e, kval v, int ctx);
/* Bit BIT of operand V at context CTX (constants folded). */
const char *emit_ref_bit(ectx *e, kval v, int bit, int ctx);
/* Bits HI..LO of operand V at context CTX (constants folded: Verilog cannot slice a literal). */
const char *emit_ref_slice(ectx *e, kval v, int hi, int lo, int ctx);
/* The low N bits of operand V at context CTX: the operand itself when it has no more. */
const char *emit_ref_low(ectx *e, kval v, int n, int ctx);
/* Operand A (0 or 1) of multiplication I as its multiplier takes it (bind_mul: swapped or not), BITS bits
 * from its first that is not known to be zero, sign-extended past its width, at context CTX. */
const char *emit_mul_operand(ectx *e, int i, int a, int bits, int ctx);
/* Multiplication I on a multiplier of its own at context CTX: the product of its operands' significant bits
 * (as sched_mul_split writes it), shifted back by the low zero bits they left out. */
const char *emit_mul_own(ectx *e, int i, int ctx);
/* Shared multiplier U's product of its operand registers (as sched_mul_split writes it). */
const char *emit_mul_unit_product(ectx *e, int u);
/* Multiplication I's value from its shared multiplier's product: shifted back by its operands' low zero bits.
 */
const char *emit_mul_shared(ectx *e, int i);
/* The name of step S's state (binding's). */
const char *emit_state(ectx *e, int s);
/* "state_q == <step S's state>" */
const char *emit_in_state(ectx *e, int s);

/* Operand-reference context for a use at SLOT of an iteration of pipelined block B (ordinary uses pass their
 * step, which is >= 0). */
int emit_pipe_ctx(const kfunc *f, int b, int slot);
/* The use context of operation K: its step, or its pipeline slot when its block is pipelined. */
int emit_pipe_use_ctx(const kfunc *f, const kinst *k, int slot);
/* "Stage K of pipelined block B holds an iteration, in cycle C of its II." */
const char *emit_pipe_at(ectx *e, int b, int k, int c);
/* Instruction I is a load of a pipelined loop. */
int emit_pipe_is_load(const kfunc *f, int i);
/* Request condition, within its loop's state, of the pipelined load or store I on its port. */
const char *emit_pipe_request(ectx *e, int i);
/* " && <room for its read data>" for a pipelined load K on a module port, "" for other accesses. */
const char *emit_pipe_room(ectx *e, const kinst *k);
/* Read data of internal-memory load I on the port binding gave it (before its byte-lane shift). */
const char *emit_ram_rdata(ectx *e, int i);
/* Data word of pipelined load I (before its byte-lane shift). */
const char *emit_pipe_load_data(ectx *e, int i);

/* The unit output operation I's result is read from (a floating-point unit operation). */
const char *emit_fpu_out(ectx *e, int i);
/* The condition under which load I's response is there: kept earlier, or arriving now. */
const char *emit_wait_ok(ectx *e, int i);

#endif
