// SPDX-License-Identifier: Apache-2.0
/* Kernel IR: the hardware builder's view of one kernel after LLVM optimisation. Operations are in SSA form,
 * grouped in basic blocks; pointers are split into (memory object, byte offset) so that every access names
 * the port it uses. Allocation (memory objects, ports), scheduling and RTL emission all work on this. */
#ifndef KILN_KIR_H
#define KILN_KIR_H
#include <stddef.h>
#include <stdint.h>

#include "kop_table.h"

typedef enum kv_kind { KV_NONE = 0, KV_OP, KV_CONST, KV_ARG } kv_kind;

/* An operand: the result of operation ID, a constant, or kernel argument ID. */
typedef struct kval {
	kv_kind kind;
	int id;
	uint64_t c; /* KV_CONST, already truncated to WIDTH */
	int width;
} kval;

/* Operations: one row each in kop_table.h (operands and meaning of the less obvious ones there). */
typedef enum kop {
#define KOP_ENUM(e, name, delay, dwidth, unit, rtl) e,
	KOP_TABLE(KOP_ENUM)
#undef KOP_ENUM
	    K_NOPS
} kop;

/* K_WIID's queries (a[0]): the work-item's ids, which change from one work-item to the next, and the
 * launch's ranges and offset, which do not. */
enum { WI_GID, WI_LID, WI_GRP, WI_GLOBAL_RANGE, WI_LOCAL_RANGE, WI_GLOBAL_OFFSET, WI_NQUERIES };

/* icmp predicates, as LLVMIntPredicate numbering. */
enum { KP_EQ = 32, KP_NE, KP_UGT, KP_UGE, KP_ULT, KP_ULE, KP_SGT, KP_SGE, KP_SLT, KP_SLE };

typedef struct kinst {
	kop op;
	int pred;  /* K_ICMP */
	int width; /* result width in bits, 0 when none */
	int nargs;
	kval a[3];
	int block;
	int mem;   /* K_LOAD/K_STORE/K_MEMCPY/K_MEMSET: memory object (the destination for copies) */
	int mem2;  /* K_MEMCPY: source memory object */
	int move;  /* K_MEMCPY: a memmove, whose source and destination may overlap */
	int bytes; /* K_LOAD/K_STORE: access size, 1, 2 or 4; K_MEMCPY/K_MEMSET: the alignment its offsets are
	              declared to have (1, 2, 4 or 8 bytes; 0 when unknown) */
	int succ[2]; /* K_BR: succ[0]; K_CONDBR: true, false; K_SWITCH: default in succ[0] */
	int halt;    /* K_RET from unreachable (a stop): an nd-range kernel starts no more work-items */
	int never;   /* K_RET halt that no run reaches (rom-values' removed edge, !kiln.never): an edge to
	              * it may go anywhere */
	int ncases;  /* K_SWITCH */
	uint64_t *case_val;
	int *case_succ;
	int nphi; /* K_PHI: incoming (value, predecessor block) pairs */
	kval *phi_val;
	int *phi_block;
	unsigned line, col;
	/* K_LOAD/K_STORE of an array under a block partitioning directive: the byte offsets its address is
	 * proven to stay within (arange set), so that mem_partition.c knows its bank */
	int arange;
	uint32_t alo, ahi;
	char *name; /* the source variable it holds (its register is named after it: a phi's from clang's name
	               for it, any other value's from its llvm.dbg.value), or NULL */
	/* The schedule (the solution of its problem, schedule/problem.h), filled by the scheduler: */
	int step;  /* global step (state) index where the result is produced / the op happens */
	int issue; /* K_LOAD/K_STORE: step that drives the request (a load's data arrives in STEP) */
	int edge;  /* an edge load: a load of an on-chip memory, issued in its block's last step, whose data
	              only phis of the next block take, straight from the memory in that block's first step;
	              and such a phi (its register written there, not on the edge) */
	double t_end; /* ns into that step when the result is ready (binding decides which values get
	                 registers, hls/emit/bind.h) */
	/* filled by the pipeliner for the operations of a pipelined loop (all share the loop's one step) */
	int pslot;  /* cycle of the iteration in which the result is there (a load: its data) */
	int pissue; /* K_LOAD/K_STORE: cycle of the iteration in which the request goes out */
} kinst;

typedef struct kblock {
	int *insts; /* indices into kfunc.insts, in program order */
	int ninsts;
	/* The schedule (the solution of its problem, schedule/problem.h), filled by the scheduler: */
	int first_step, last_step;
	int res_mii, rec_mii; /* a single-block loop: the bounds on its II (schedule/problem.c), else 0 */
	int pipelined, ii;    /* a single-block loop the scheduler overlapped, and its initiation interval */
	int stages;           /* pipelined: stages of II cycles an iteration passes through */
	int seq_states;       /* pipelined: the states the loop body took before it was overlapped */
	char nopipe[160];     /* a single-block loop left sequential: why (empty when pipelining was off) */
	char *name;           /* "bb<index>" */
	char *label;          /* the source's name for it (clang's: "for.body"), an identifier of lower-case
	                         letters, digits and '_' (its states are named after it), or NULL */
	/* The directives of the loop this block heads, as the source wrote them (#pragma clang loop ...,
	 * kiln/device.h's KILN_PIPELINE_OFF, KILN_II, KILN_IVDEP; cdfg/loop_directives.c): */
	int pipe_off;      /* pipeline(disable): the loop stays sequential */
	int ii_target;     /* pipeline_initiation_interval(N): its II is at least N; 0 when not given */
	int ivdep;         /* parallel accesses: dependences across iterations not proven are none */
	unsigned dir_line; /* the line of the loop's back edge, where they apply */
} kblock;

typedef enum kmem_kind {
	MEM_DG = 0,     /* a device global (port to the image's storage) */
	MEM_DEVMEM = 1, /* device memory through pointer arguments (port to the image's memory master) */
	MEM_LOCAL = 2,  /* a local array or addressable local (alloca): RAM inside the kernel module */
	MEM_ROM = 3,    /* a constant global table: ROM inside the kernel module */
	MEM_RAM = 4     /* a mutable plain global with an initializer: RAM inside the kernel module */
} kmem_kind;

/* Array partitioning directives: element i of an array of N words goes to bank i % F (cyclic), i / (N / F)
 * (block), or every element to a bank of its own (complete: cyclic, F = N). */
typedef enum kpart_kind { KPART_NONE = 0, KPART_CYCLIC, KPART_BLOCK, KPART_COMPLETE } kpart_kind;

/* A memory the kernel reaches through a port of its own (one port per object). Ports 0..nmems-1 are module
 * ports (device globals, device memory); internal memories (local arrays, tables) follow them in mems[] at
 * nmems..nmems+nimems-1 and live inside the kernel module. */
typedef struct kmem {
	kmem_kind kind;
	char *name;    /* DG: IR name of the global; DEVMEM: "devmem" */
	char *dg_uid;  /* DG: unique id */
	uint32_t size; /* bytes (DG and internal memories) */
	uint8_t *init; /* internal memories: SIZE initial bytes, or NULL (uninitialised local) */
	int used_read, used_write;
	int word_bytes; /* internal memories: bytes per word, 8 when 64-bit elements are read and written
	                   whole (an access each); otherwise (and for module ports) 4 */
	/* Array partitioning (kiln/device.h's KILN_PARTITION_*; cdfg/mem_partition.c): the source's
	 * directive, and once applied, which bank of the source's array this memory is (nbanks 0: not yet, or
	 * none). */
	kpart_kind part;
	int part_factor;    /* KPART_CYCLIC, KPART_BLOCK: the banks asked for */
	unsigned part_line; /* the directive's line */
	int bank, nbanks;
	int bank_first; /* the memory of bank 0 */
	int part_one;   /* accesses whose address picks their bank when built (counted on bank 0) */
	int part_every; /* accesses that reach every bank, selecting one as they run (on bank 0) */
} kmem;

typedef struct karg {
	char *name;
	int width; /* bits as the kernel sees them (pointers: 64) */
	int is_pointer;
	int is_signed;
	int noalias; /* a restrict pointer: nothing reached through another pointer aliases it */
} karg;

typedef enum kstep_kind {
	STEP_COMB = 0,  /* combinational work, one cycle */
	STEP_MEM_ISSUE, /* a request on a module port, held until the port is ready (internal memories never
	                   stall and are not steps of their own: any step may carry two loads, or one store,
	                   per internal memory: SCHED_RAM_PORTS) */
	STEP_MEM_WAIT,  /* waiting for read data */
	STEP_DIV_ISSUE, /* operands into the multi-cycle divider, one cycle */
	STEP_DIV_WAIT,  /* waiting for the divider */
	STEP_COPY       /* a memcpy/memset: a word (or byte) loop over the ports, until done */
} kstep_kind;

typedef struct kstep {
	kstep_kind kind;
	int block;
	int inst;    /* memory op for ISSUE/WAIT steps */
	int wait;    /* STEP_MEM_ISSUE: a load whose response this step also awaits (the request goes out once
	                the    data is there, so a loaded value can be stored in its own arrival step), or -1 */
	double used; /* ns of chained logic */
} kstep;

typedef struct kfunc {
	char *name; /* C name (without __sycl_kernel_) */
	char *native_name;
	char *missing_sets; /* virtual-function sets it calls that the image lacks ("a,b"), or NULL */
	char *dispatch;     /* its calls through pointers: "line L: f, g; ..." (indirect_calls.c), or NULL */
	int dims;           /* 0 single task */
	int wi_loop; /* an nd-range kernel whose blocks loop over its work-items themselves (wi_loop.c: entry
	                bb0, the loop bb1, exit bb2): the controller runs them once, its return ends the run
	              */
	char *file;
	unsigned line;
	karg *args;
	int nargs;
	kinst *insts;
	int ninsts, cinsts;
	kblock *blocks;
	int nblocks;
	kmem *mems;
	int nmems;    /* memories with a module port */
	int nimems;   /* internal memories, after them in mems[] */
	kstep *steps; /* the schedule's steps, filled by the scheduler */
	int nsteps, csteps;
	double clock_ns;
	int dsp_capped; /* binding keeps the multipliers within dsp_cells multiplier cells (the share of the
	                   board's DSPs this kernel has, image_build.c), sharing them beyond the clock if it
	                   must */
	int dsp_cells;
	int mul_serial; /* for a board of few DSPs (image_build.c), the level of sharing the schedule makes
	                   room for: from 1, the sequential code starts fewer shared multiplications of a
	                   width a step than SCHED_MULS_PER_STEP (sched_muls_per_step); from 3, a pipelined
	                   loop's take turns too, 2 then 1 in each cycle of its stage
	                   (sched_muls_per_cycle), its II growing; at KFUNC_SERIAL_LOOPS, loops that
	                   multiply are not pipelined */
	const char *profile; /* --profile: file the simulated kernel appends block counts to (not owned) */
} kfunc;
/* The kfunc.mul_serial from which loops that multiply are left sequential (pipeline_candidate). */
#define KFUNC_SERIAL_LOOPS 5

/* Frees everything F owns. */
void kfunc_free(kfunc *f);
/* Appends a zeroed operation OP of WIDTH bits to F's instructions, in block BLOCK (-1: none yet; no memory,
 * no step yet); its index. The caller places it in a block's instruction list. Out of memory ends the tool
 * (xalloc.h). */
int kir_new_inst(kfunc *f, kop op, int width, int block);
/* Appends operation OP of WIDTH bits to F in block BLOCK at source line LINE, with operands A and B (and C
 * unless its kind is KV_NONE); its index. The caller places it in a block's list. */
int kir_new_op(kfunc *f, int block, kop op, int width, unsigned line, kval a, kval b, kval c);
/* A and B are the same operand: one constant of one width, or one argument's or operation's value. */
int kir_val_same(kval a, kval b);
/* Phi K becomes operation OP of operand A (and B, C unless KV_NONE); its incoming values are dropped. */
void kir_phi_becomes(kinst *k, kop op, kval a, kval b, kval c);
/* Block B of F exists and is a pipelined loop (the pipeliner's decision). */
int kir_pipelined(const kfunc *f, int b);
/* The value phi PHI of single-block loop B takes on B's back edge when it is an operation of B, else -1. */
int kir_back_value(const kfunc *f, int b, const kinst *phi);
/* Cycles between the slot in which back-edge value V is computed and the first slot in which the next
 * iteration's phi can hold it: 0 when V is there from the start of its slot (an FP unit's registered result;
 * a copy of another phi's register or of a value the loop does not change), so that the phi passes it on
 * directly, else 1 (the phi's register). */
int kir_back_gap(const kfunc *f, int v);
/* One row of the operation table (kop_table.h). */
typedef struct kop_row {
	const char *name;
	kdelay delay;
	kdelay_width delay_width;
	kunit unit;
	const char *rtl; /* template (kop_table.h), or NULL */
} kop_row;

/* The operation table's row for OP (a row of "?" for an out-of-range OP). */
const kop_row *kop_info(kop op);
/* Bytes per word of memory M of F: 4, or 8 for an internal memory of 64-bit words. */
int kmem_word_bytes(const kfunc *f, int m);
/* Human-readable name of an operation (for reports and comments). */
const char *kop_name(kop op);
/* The hardware OP runs on. */
kunit kop_unit(kop op);
/* The Verilog template of OP's result (syntax in kop_table.h: %0..%2 operands, %% a '%'), or NULL when the
 * emitter must build the expression itself. */
const char *kop_rtl_form(kop op);
/* OP ends a block (a branch or the return). */
int kop_is_term(kop op);
/* OP is a single memory access (a load or a store) on a port. */
int kop_is_access(kop op);

#endif
