// SPDX-License-Identifier: Apache-2.0
/* The operator library as the scheduler sees it: each operation's combinational delay (one table of delay
 * classes, calibrated for a generic 4-LUT fabric), the multi-cycle divider's model, and the read latency of
 * each kind of memory port. The scheduler, its verifier, the report, binding and the emitters read these
 * facts from here and nowhere else. */
#ifndef KILN_SCHED_OPLIB_H
#define KILN_SCHED_OPLIB_H
#include "../cdfg/kir.h"
#include "../cdfg/value_bits.h"

/* Estimated combinational delay in ns of operation K (the per-operation delay table); VB: the known widths of
 * F's values (cdfg/value_bits.h), which size multipliers, or NULL when none are known. */
double sched_delay(const kfunc *f, const vbits *vb, const kinst *k);
/* Products narrower than this, or by a one-bit operand, are a few LUTs, which a multiplexer in front would
 * cost as much as: binding shares the sequential code's multiplications from this width on (hls/emit/bind.h),
 * and the scheduler charges every such multiplication the steering of its operands. */
#define SCHED_MUL_SHARE_MIN_WIDTH 9
/* The operand widths of multiplication K as its multiplier takes them: *ABITS >= *BBITS two's-complement
 * bits that hold the operands whole by VB (NULL: their widths), *SWAP when the wider is the second. */
void sched_mul_operands(const kfunc *f, const vbits *vb, const kinst *k, int *abits, int *bbits, int *swap);
/* Delay in ns of an ABITS x BBITS multiplier, with the steering of its operands when SHARED. */
double sched_mul_delay(int abits, int bbits, int shared);
/* Multiplication K, whose narrower operand takes BBITS bits, may run on a shared multiplier: a product of
 * SCHED_MUL_SHARE_MIN_WIDTH bits or more, by no one-bit operand and by no constant +-2^k. */
int sched_mul_shareable(const kinst *k, int bbits);
/* Ports of an on-chip memory (rtl/kiln_ram_dp.v): the first reads and writes, the others only read, so that a
 * step (or a cycle of a pipelined loop) may hold this many loads of one such memory. A store has its step to
 * itself; in a pipelined loop it may meet loads of other iterations that never touch its word
 * (memdep_word_meet): a read never meets a write to its word, whose
 * outcome block RAMs leave undefined. Block RAMs of every FPGA family have two ports, or one write port and
 * one read port that yosys duplicates for the second read port. */
#define SCHED_RAM_PORTS 2

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

#endif
