// SPDX-License-Identifier: Apache-2.0
/* The operator library as the scheduler sees it, for one fabric (a table per FPGA family, each calibrated by
 * scripts/calibrate-delays: 7-series through yosys, iCE40 and ECP5 through nextpnr): each operation's
 * combinational delay, what a step holds besides its
 * chain, when a load's data is there, the multi-cycle divider's model, and the read latency of each kind of
 * memory port. The scheduler, its verifier, the report, binding and the emitters read these
 * facts from here and nowhere else. */
#ifndef KILN_SCHED_OPLIB_H
#define KILN_SCHED_OPLIB_H
#include "../cdfg/kir.h"
#include "../cdfg/value_bits.h"

/* The fabric the delays below model, by name ("xc7", the default; "ice40", "ecp5"): 0, or -1 when there is
 * no table for it. One per process, chosen before any pass runs, as a compile is for one board. */
int sched_select_fabric(const char *name);
/* The name of the fabric modelled. */
const char *sched_fabric_name(void);
/* The name of the I-th fabric there is a table for, or NULL past the last. */
const char *sched_fabric_at(int i);
/* Estimated combinational delay in ns of operation K (the per-operation delay table); VB: the known widths of
 * F's values (cdfg/value_bits.h), which size multipliers, or NULL when none are known. */
double sched_delay(const kfunc *f, const vbits *vb, const kinst *k);
/* What a step holds besides its chain of operations, in ns: a register's clock-to-out, the routing into the
 * next register and its setup, and the state decode of that register's input multiplexer (measured by
 * scripts/calibrate-delays: a plain register-to-register path, and what a register loaded in one of four
 * states adds to it). */
double sched_step_overhead(void);
/* The share of the rest kept for what a sum of per-operation delays misses: routing of nets with many
 * loads, multiplexers in front of shared units and ports, the state machine's next-state logic after a
 * branch's condition. Measured on CHStone with the per-operation model alone, adpcm's and gsm's slowest
 * paths were 10 to 14% longer than the chains the scheduler had put in one step. */
#define SCHED_CHAIN_MARGIN 0.10
/* The chained delay one step of a CLOCK_NS period may hold: the clock less sched_step_overhead(), less
 * SCHED_CHAIN_MARGIN of that. */
double sched_step_budget(double clock_ns);
/* LUT levels of a multiplexer of INPUTS inputs that the state decodes: one per factor of three inputs. */
int sched_mux_levels(int inputs);
/* Delay in ns of one such level. */
double sched_mux_level_delay(void);
/* The request of one of SITES accesses of an on-chip memory, its address and data steered onto the port by
 * a multiplexer the state decodes (sched_mux_levels). */
double sched_port_mux_delay(int sites);
/* Words from which yosys maps an on-chip memory to block RAM, not LUT RAM, on the fabric. */
uint32_t sched_bram_min_words(void);
/* Delay in ns of one iteration of an FP unit working on an M-bit fraction: an (M+3)-bit subtract and a
 * select. */
double sched_fp_stage_delay(int m);
/* Ns into the step its data is due in at which load K's data is there: a block RAM's clock-to-out is longer
 * than a register's, a LUT RAM's or a module port's data comes from a register; then, for a load of part of
 * a word, its byte lanes (a shift by the address's low bits and the extension). */
double sched_load_ready(const kfunc *f, const kinst *k);
/* Products narrower than this, or by a one-bit operand, are a few LUTs, which a multiplexer in front would
 * cost as much as: binding shares the sequential code's multiplications from this width on (hls/emit/bind.h),
 * and the scheduler charges every such multiplication the steering of its operands. */
#define SCHED_MUL_SHARE_MIN_WIDTH 9
/* Multiplication K as its multiplier takes it: each operand without its low bits known to be zero (ATZ and
 * BTZ of them, which the product regains as a shift by their sum), in ABITS >= BBITS two's-complement bits
 * that hold the rest whole, by VB (NULL: the operands' widths, nothing trimmed); SWAP when the wider is the
 * second operand. */
typedef struct sched_mul_form {
	int abits, bbits, swap, atz, btz;
} sched_mul_form;
sched_mul_form sched_mul_operands(const kfunc *f, const vbits *vb, const kinst *k);
/* Delay in ns of an ABITS x BBITS multiplier, with the steering of its operands when SHARED. */
double sched_mul_delay(int abits, int bbits, int shared);
/* How Kiln writes an ABITS x BBITS (ABITS >= BBITS) two's-complement product of YBITS bits: 0 for one
 * product, which yosys' mul2dsp splits into cells along the wider operand; else C, for a sum of products of
 * the narrow operand by C-bit slices of the wide one (unsigned, the last signed and up to C + 1 bits), each
 * one cell, where that takes fewer cells (a 33 x 23 product: 2 DSP48E1s for mul2dsp's 4, as Vivado maps
 * it). */
int sched_mul_split(int abits, int bbits, int ybits);
/* The fabric's multiplier cells (DSP48E1s, SB_MAC16s, MULT18X18Ds) yosys maps an ABITS x BBITS
 * two's-complement product of YBITS bits onto as Kiln writes it (sched_mul_split): 0 when it stays logic. */
int sched_mul_cells(int abits, int bbits, int ybits);
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

/* Cycles a pipelined loop's load from a module port waits beyond the port's read latency: 1 where the loop
 * takes its data from the port's read queue (hls/emit/emit_pipeline.c), a register, so that a response's
 * arrival never reaches the loop's stall logic, which enables every stage register, in the cycle it comes
 * (on the iCE40 that path alone held saxpy at 25.9 MHz; without it, 32.6); 0 where the fabric is fast
 * enough for the arriving data to pass the queue (7-series: a cycle less per loop run). */
int sched_pipe_queue_cycles(void);
/* Cycles the copy engine (rtl/kiln_copy.v) spends taking a copy loop's length and addresses into registers
 * before its first element: 1 on the iCE40, where the length chosen by the kernel's state, chained through
 * the engine's element size and last-element test into `done` and back to the state, held CHStone mips
 * below the board clock; 0 elsewhere (a cycle less per copy loop). */
int sched_copy_start_cycles(void);
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
