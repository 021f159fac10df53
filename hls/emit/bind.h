// SPDX-License-Identifier: Apache-2.0
/* Binding: what the scheduled kernel needs in hardware, decided once, as data, before any RTL is printed
 * (Bambu's split of HLS into scheduling, binding and controller/datapath creation). Per memory port the
 * requests it carries and in which state, per load its response tag, per width a divider, whether copy
 * loops run, which floating-point unit runs each operation, the registers of values and where each value
 * of a pipelined loop lives. The emitters print from this and decide nothing themselves. */
#ifndef KILN_BIND_H
#define KILN_BIND_H
#include "../cdfg/kir.h"
#include "../cdfg/value_bits.h"

typedef enum bind_req_kind {
	REQ_LOAD,
	REQ_STORE,
	REQ_COPY_READ, /* a memcpy loop's reads (the copy engine's cp_rd_valid) */
	REQ_COPY_WRITE /* a memcpy or memset loop's writes (cp_wr_valid) */
} bind_req_kind;

/* One request a port may carry: kind, instruction, and the control step (state) it is issued in. A
 * pipelined loop's accesses are issued in the loop's one state, in the cycle of their iteration pissue. */
typedef struct bind_req {
	bind_req_kind kind;
	int inst;
	int step;
	int pipelined;
	int seq; /* its place in priority order */
} bind_req;

typedef struct bind_port {
	bind_req *reqs; /* by state, and within a state in priority order: the first whose condition holds
	                   drives the port */
	int nreqs, creqs;
	int loads;    /* loads on this port */
	int tag_bits; /* bits of its response tags (module ports with loads) */
	int pipe_tag; /* the tag its pipelined loads share (their responses go to one queue), or 0 */
} bind_port;

/* Where value I of a pipelined loop lives: it is there from slot DEF on (a phi's next value: the slot of its
 * back-edge value BACK less II, so possibly before its iteration starts), in stage SD at cycle CD of the
 * stage; it has a register p<i>_<s> for each stage LO..KMAX, and one more, p<i>_m, when it is a phi whose
 * next value is computed in stage 0 of the previous iteration before the stage's last cycle (PENDING). */
typedef struct bind_pipe_value {
	int def, sd, cd, lo, kmax, back, pending;
} bind_pipe_value;

/* The datapath's signals, each a value's wire v<i>, a load's port word ld<i>, a value's register (named
 * "<source name>_<i>_q" after the source variable the value is, kinst.name, else "r<i>_q"; only values
 * binding gives a register have one), or a pipelined value's stage register p<i>_<s> (p_w<width>_<slot>
 * when values of several loops take it in turn) and next-iteration register p<i>_m. The emitters refer to
 * them by index (hls/emit/signals.h), so that the module can be pruned of the ones nothing reads before it is
 * printed. */
typedef enum bind_sig_kind {
	SIG_WIRE,
	SIG_LOAD_WORD,
	SIG_REG,
	SIG_STAGE,
	SIG_NEXT,
	SIG_NKINDS
} bind_sig_kind;

typedef struct bind_signal {
	char *name;
	int width;
} bind_signal;

/* A multiplication as its multiplier takes it: ABITS and BBITS bits of its operands (in that order, or
 * swapped when SWAP) from bit ATZ and BTZ up, each read as two's complement, hold the operands whole but for
 * their low bits known to be zero (cdfg/value_bits.h); the product shifted left by ATZ + BTZ is the
 * operation's in its low bits, and the multiplier is only as wide as the operands' significant bits.
 * UNIT: the shared multiplier it runs on, or -1 for one of its own. */
typedef struct bind_mul {
	int unit, swap, abits, bbits, atz, btz;
} bind_mul;

/* A multiplier the sequential code shares, as dividers and floating-point units are: each state that
 * multiplies at this width uses one of them at most once, its operands chosen by the state. On a board of
 * few DSPs, a pipelined loop's products of a width share multipliers too, one product in each cycle of the
 * loop's stage (sched_muls_per_cycle). */
typedef struct bind_mul_unit {
	int width;        /* of its product */
	int abits, bbits; /* of its operands: the widest of its multiplications' */
	int users;        /* multiplications, one per state, at least 2 */
	double over_ns;   /* > 0: shared to fit the board's DSPs, its longest path this far beyond its step */
	int loop; /* -1: the sequential code's, its operands chosen by the state; else the pipelined loop
	             (block) whose products take turns on it, chosen by the cycle of the loop's stage */
} bind_mul_unit;

typedef struct kbind {
	int *tag; /* per instruction: a load's response tag on its port (1, 2, ...), else 0 */
	int ninsts;
	bind_port *ports; /* module ports then internal memories, as kfunc.mems: each one's first port */
	int nports;
	bind_port *reads; /* per memory: an internal memory's second port, which only reads (nreqs 0: none
	                     is built) */
	int *ram_port;    /* per instruction: the port of an internal memory's load or store, 0 or 1 */
	int div[65];      /* div[w]: a w-bit divider runs divisions (rtl/kiln_div.v) */
	int copy;         /* some step is a memcpy/memset loop */
	int memcpy;       /* some step is a memcpy loop (the engine's read side) */
	int copy_bytes; /* the copy engine's word: 8 when a copy loop works on a memory of 64-bit words, else
	                   4 */
	int copy_len_bits; /* bits of the longest length a copy loop may have (its counters' width) */
	int copy_depth;    /* reads the copy engine keeps in flight or queued (kiln_copy.v's DEPTH) */
	int state_bits;    /* bits of the controller's state */
	char **state;      /* per step: the name of its state, S_<block label>_<step within the block> */
	int nstates;
	int *registered; /* per instruction: its value has a register (used in a later step, or a phi or a
	                    loaded word; in a pipelined loop, used after the loop) */
	int *reg_of; /* per instruction with a register: the value whose register it shares (bind_regs.c), or
	                itself */
	unsigned char *reg_shared; /* per instruction: another value shares its register */
	vbits *vb;      /* per instruction: its known bits (value_bits.h), which size multipliers and sort
	                   registers */
	int *derived;   /* per instruction: the value its later steps read is wiring (a truncation, an
	                   extension, a copy) of its operand's register, derived[i] the operand (bind_regs.c),
	                   or   -1 */
	int *fpu;       /* per instruction: its floating-point unit group (fp_unit_groups), or -1 */
	int nfpu;       /* groups: the sequential code shares one unit per group */
	int *fpu_first; /* per group: its first operation in sequential code (the shared unit runs it), or -1
	                   when only pipelined loops use the group's cell */
	bind_mul *mul;  /* per instruction: a multiplication's operands and unit */
	bind_mul_unit *mul_unit; /* the shared multipliers */
	int nmul_units;
	int mul_cells;           /* the fabric's multiplier cells all multipliers take (sched_mul_cells) */
	int mul_cells_by_timing; /* what they took as binding by timing left them, before the DSP share */
	bind_pipe_value *pv;     /* per instruction of a pipelined loop: where its value lives */
	bind_signal *sigs;       /* the signal table */
	int nsigs;
	int *sig[SIG_NKINDS]; /* per kind and instruction: its signal (SIG_STAGE: of stage pv.lo, the later
	                         stages following it; unless pooled), or -1 */
	/* Stage registers pooled across pipelined loops of II 1 (bind_stage_pool): only one loop runs at a
	 * time, so the loops' values of one width (and significant bits) take slots of one pool, each loop
	 * from slot 0. */
	int *stage_slot; /* per instruction: the pool_sig index of its stage pv.lo (the later stages follow),
	                    or -1 when it has none */
	int *pool_sig;   /* the pools' registers, width after width: per slot, its signal */
	int npool;
} kbind;

/* Binds scheduled kernel F into B. 0, -1 when out of memory, or -2 when F's schedule breaks the on-chip
 * memories' port rules that sched_verify checks (B then holds nothing to free); the signal table grows
 * through xalloc.h, which ends the tool instead. */
int bind_kernel(const kfunc *f, kbind *b);
/* Signal KIND of instruction I (for SIG_STAGE, of pipeline stage STAGE), an index into B->sigs, or -1 when
 * binding gave I none. */
int bind_sig(const kbind *b, bind_sig_kind kind, int i, int stage);
/* Binds F's multiplications into B->mul and its shared multipliers (bind_mul.c). 0, or -1 when out of
 * memory. */
int bind_multipliers(const kfunc *f, kbind *b);
/* The fabric's multiplier cells (DSPs) F's multipliers take as bind_multipliers binds them, within F's DSP
 * share when it has one; -1 when out of memory. */
int bind_mul_cells(const kfunc *f);
/* The fabric's multiplier cells multiplication M of a WIDTH-bit product takes on a multiplier of its own: its
 * operands' significant bits, into the product's bits below its shift. */
int bind_mul_own_cells(const bind_mul *m, int width);
/* Fills B->registered, which values need a register, B->derived, which read their operand's register
 * instead, and B->reg_of, which share one (bind_regs.c). 0, or -1 when out of memory. */
int bind_registers(const kfunc *f, kbind *b);
/* Which of B->registered's values read their operand's register instead (B->derived, allocated), as
 * bind_registers ends; they are registered no more. */
void bind_derive_registers(const kfunc *f, kbind *b);
/* Phi coalescing: a value a phi takes on the edge from its block, computed before that block's last step,
 * is written into the phi's register at once (B->reg_of names the phi) when nothing reads the phi's old value
 * from then on; the edge writes nothing. 0, or -1 when out of memory. */
int bind_coalesce_phis(const kfunc *f, kbind *b);
/* The sharing of B->registered's registers into B->reg_of and B->reg_shared (allocated), as bind_registers
 * ends. 0, or -1 when out of memory. */
int bind_share_registers(const kfunc *f, kbind *b);
/* The steps operation K reads its operands in, LO to HI, and their block BLK: a memory access's request
 * step (an edge load's is its predecessor's last, kir.h), else from its issue (a unit's) to its step. */
void bind_read_span(const kfunc *f, const kinst *k, int *blk, int *lo, int *hi);
/* Calls FN(CTX, D, KB, LO, HI, U, EDGE) for every read of an operation's value D: by operation U in block KB,
 * steps LO to HI (bind_read_span), EDGE -1; or by phi U on its incoming edge EDGE, as that edge's block KB
 * ends (LO = HI = its last step). Stops at FN's first nonzero and returns it; 0 when every read was visited.
 */
typedef int (*bind_read_fn)(void *ctx, int d, int kb, int lo, int hi, int u, int edge);
int bind_each_read(const kfunc *f, bind_read_fn fn, void *ctx);
/* T in the hundredths of a ns kir.txt writes times in, so that binding decides the same on a kernel read
 * back from its text as on the kernel the scheduler left. */
double bind_ns(double t);
/* Which registers may share one with value I's: a number per wire it may take with no multiplexer (a shared
 * multiplier's product, a floating-point unit's result, an on-chip memory's whole word), else per known bits
 * (value_bits.h); -1 for a copy, which keeps its own (synthesis merges it with the register it copies). */
int bind_reg_key(const kfunc *f, const kbind *b, int i);
/* The sharing of registers across blocks (bind_regs_across.c), after bind_registers: the registers of phis
 * whose values are never live at once, by liveness over the controller's states, merge. 0 (running out of
 * memory ends the tool, xalloc.h). */
int bind_share_across_blocks(const kfunc *f, kbind *b);
/* Frees what B holds. */
void bind_free(kbind *b);
/* Bits that count to N (at least 1): the width of a counter or index over N values. */
int bind_log2up(unsigned n);

#endif
