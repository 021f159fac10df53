// SPDX-License-Identifier: Apache-2.0
/* The operation table: every fact about a kernel IR operation that more than one stage needs, in one row per
 * operation, so that adding an operation is one line here and the stages cannot drift apart. kir.h builds the
 * kop enum from it and kir.c the per-operation records behind kop_info() and friends.
 *
 * X(ENUM, NAME, DELAY, WIDTH, UNIT, RTL):
 *   ENUM   the kop enumerator.
 *   NAME   the human-readable name (reports, dumps, and the emitter's helper function names f_NAME_W, so it
 *          must stay a stable identifier for those that have helpers).
 *   DELAY  the delay class (kdelay below): which of the scheduler's delay formulas applies (schedule.c holds
 *          the numbers; a class names the shape of the circuit, not its speed).
 *   WIDTH  which width the delay formula takes: KW_RESULT (the result's, or operand 0's when there is no
 *          result) or KW_OPERAND (operand 0's: comparisons and overflow flags whose 1-bit result says nothing
 *          about the carry chain behind it).
 *   UNIT   the hardware that runs it (kunit below): what the scheduler must share or wait for.
 *   RTL    the Verilog expression of the result, as a template, for the operators whose expression depends
 *          on nothing but their operands; NULL where the emitter needs code of its own (widths, predicates,
 *          helper functions, units with state). Template syntax: %0, %1 and %2 stand for the Verilog
 *          reference of operand 0, 1 and 2 (each may occur any number of times); %% is a literal '%';
 *          every other character is copied. The result is an expression, to be parenthesised by the user
 *          when it is embedded; Verilog's context-determined widths give the result's width (the operands
 *          and the result have one width, or the result is one bit).
 */
#ifndef KILN_KOP_TABLE_H
#define KILN_KOP_TABLE_H

/* Delay classes (see schedule.c for the nanoseconds of each). */
typedef enum kdelay {
	KD_CARRY,   /* a carry chain: adders, comparators, min/max, overflow flags */
	KD_SAT,     /* a carry chain and a saturating select */
	KD_LOGIC,   /* one LUT level: bitwise logic, a 2:1 select */
	KD_WIRE,    /* wiring only: extensions, truncation, byte and bit permutations, registers */
	KD_SHIFT,   /* a barrel shifter (wiring when the amount is a constant) */
	KD_FUNNEL,  /* a funnel shifter (one LUT level when the amount is a constant) */
	KD_COUNT,   /* a population or leading/trailing-zero count tree */
	KD_MUL,     /* a multiplier */
	KD_DIVIDER, /* steering operands into and results out of the multi-cycle divider */
	KD_FPU,     /* steering operands into a pipelined floating-point unit (its levels are cycles) */
	KD_MEMORY,  /* address decode and byte-lane steering of a memory access */
	KD_CONTROL, /* next-state logic of a branch */
	KD_N
} kdelay;

/* Which width the delay formula takes. */
typedef enum kdelay_width { KW_RESULT, KW_OPERAND } kdelay_width;

/* The hardware an operation runs on. */
typedef enum kunit {
	KU_LOGIC,      /* combinational logic in the step's datapath */
	KU_MULTIPLIER, /* a multiplier (combinational here, but the costly kind) */
	KU_DIVIDER,    /* the multi-cycle divider, one per width, shared */
	KU_PORT,   /* a memory's ports: per step (per II column when pipelined) one access of a module port,
	              up to SCHED_RAM_PORTS of an on-chip memory */
	KU_COPY,   /* the copy engine: a memcpy/memset loop over the ports, in a step of its own */
	KU_FPU,    /* a pipelined floating-point unit (schedule/fp_units.h): result after its levels */
	KU_CONTROL /* the FSM: branches and return, the last operation of a block */
} kunit;

/* clang-format off */
#define KOP_TABLE(X) \
	X(K_ADD,     "add",        KD_CARRY,   KW_RESULT,  KU_LOGIC,      "%0 + %1") \
	X(K_SUB,     "sub",        KD_CARRY,   KW_RESULT,  KU_LOGIC,      "%0 - %1") \
	X(K_MUL,     "mul",        KD_MUL,     KW_RESULT,  KU_MULTIPLIER, "%0 * %1") \
	X(K_UDIV,    "udiv",       KD_DIVIDER, KW_RESULT,  KU_DIVIDER,    NULL) \
	X(K_SDIV,    "sdiv",       KD_DIVIDER, KW_RESULT,  KU_DIVIDER,    NULL) \
	X(K_UREM,    "urem",       KD_DIVIDER, KW_RESULT,  KU_DIVIDER,    NULL) \
	X(K_SREM,    "srem",       KD_DIVIDER, KW_RESULT,  KU_DIVIDER,    NULL) \
	X(K_AND,     "and",        KD_LOGIC,   KW_RESULT,  KU_LOGIC,      "%0 & %1") \
	X(K_OR,      "or",         KD_LOGIC,   KW_RESULT,  KU_LOGIC,      "%0 | %1") \
	X(K_XOR,     "xor",        KD_LOGIC,   KW_RESULT,  KU_LOGIC,      "%0 ^ %1") \
	X(K_SHL,     "shl",        KD_SHIFT,   KW_RESULT,  KU_LOGIC,      "%0 << %1") \
	X(K_LSHR,    "lshr",       KD_SHIFT,   KW_RESULT,  KU_LOGIC,      "%0 >> %1") \
	X(K_ASHR,    "ashr",       KD_SHIFT,   KW_RESULT,  KU_LOGIC,      "$signed(%0) >>> %1") \
	X(K_ICMP,    "icmp",       KD_CARRY,   KW_OPERAND, KU_LOGIC,      NULL) \
	X(K_SELECT,  "select",     KD_LOGIC,   KW_RESULT,  KU_LOGIC,      "%0 ? %1 : %2") \
	X(K_ZEXT,    "zext",       KD_WIRE,    KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_SEXT,    "sext",       KD_WIRE,    KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_TRUNC,   "trunc",      KD_WIRE,    KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_COPY,    "copy",       KD_WIRE,    KW_RESULT,  KU_LOGIC,      "%0") \
	X(K_UMIN,    "umin",       KD_CARRY,   KW_RESULT,  KU_LOGIC,      "(%0 < %1) ? %0 : %1") \
	X(K_UMAX,    "umax",       KD_CARRY,   KW_RESULT,  KU_LOGIC,      "(%0 > %1) ? %0 : %1") \
	X(K_SMIN,    "smin",       KD_CARRY,   KW_RESULT,  KU_LOGIC,      "($signed(%0) < $signed(%1)) ? %0 : %1") \
	X(K_SMAX,    "smax",       KD_CARRY,   KW_RESULT,  KU_LOGIC,      "($signed(%0) > $signed(%1)) ? %0 : %1") \
	X(K_ABS,     "abs",        KD_CARRY,   KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_CTPOP,   "ctpop",      KD_COUNT,   KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_CTLZ,    "ctlz",       KD_COUNT,   KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_CTTZ,    "cttz",       KD_COUNT,   KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_BSWAP,   "bswap",      KD_WIRE,    KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_BITREV,  "bitreverse", KD_WIRE,    KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_FSHL,    "fshl",       KD_FUNNEL,  KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_FSHR,    "fshr",       KD_FUNNEL,  KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_UADDSAT, "uadd.sat",   KD_SAT,     KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_SADDSAT, "sadd.sat",   KD_SAT,     KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_USUBSAT, "usub.sat",   KD_SAT,     KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_SSUBSAT, "ssub.sat",   KD_SAT,     KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_UADDO,   "uadd.ov",    KD_CARRY,   KW_OPERAND, KU_LOGIC,      "(%0 + %1) < %0") \
	X(K_SADDO,   "sadd.ov",    KD_CARRY,   KW_OPERAND, KU_LOGIC,      NULL) \
	X(K_USUBO,   "usub.ov",    KD_CARRY,   KW_RESULT,  KU_LOGIC,      "%0 < %1") \
	X(K_SSUBO,   "ssub.ov",    KD_CARRY,   KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_UMULO,   "umul.ov",    KD_MUL,     KW_RESULT,  KU_MULTIPLIER, NULL) \
	X(K_SMULO,   "smul.ov",    KD_MUL,     KW_RESULT,  KU_MULTIPLIER, NULL) \
	/* floating point: operands and results are the IEEE-754 bits (32 or 64); the units and their \
	 * latencies are in schedule/fp_units.c */ \
	X(K_FADD,    "fadd",       KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FSUB,    "fsub",       KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FMUL,    "fmul",       KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FDIV,    "fdiv",       KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FSQRT,   "fsqrt",      KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FMA,     "fma",        KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_SITOFP,  "sitofp",     KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_UITOFP,  "uitofp",     KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FPTOSI,  "fptosi",     KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FPTOUI,  "fptoui",     KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FPEXT,   "fpext",      KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FPTRUNC, "fptrunc",    KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FTRUNC,  "ftrunc",     KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FFLOOR,  "ffloor",     KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FCEIL,   "fceil",      KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FROUND,  "fround",     KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FRINT,   "frint",      KD_FPU,     KW_RESULT,  KU_FPU,        NULL) \
	X(K_FNEG,    "fneg",       KD_WIRE,    KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_FABS,    "fabs",       KD_WIRE,    KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_FCOPYSIGN, "copysign", KD_WIRE,    KW_RESULT,  KU_LOGIC,      NULL) \
	/* pred: LLVMRealPredicate numbering */ \
	X(K_FCMP,    "fcmp",       KD_CARRY,   KW_OPERAND, KU_LOGIC,      NULL) \
	X(K_FMIN,    "fmin",       KD_CARRY,   KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_FMAX,    "fmax",       KD_CARRY,   KW_RESULT,  KU_LOGIC,      NULL) \
	/* work-item query: a[0] = which (0 global id, 1 local id, 2 group id, 3 global range, 4 local \
	 * range, 5 global offset), a[1] = dimension */ \
	X(K_WIID,    "wiid",       KD_WIRE,    KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_PHI,     "phi",        KD_WIRE,    KW_RESULT,  KU_LOGIC,      NULL) \
	X(K_LOAD,    "load",       KD_MEMORY,  KW_RESULT,  KU_PORT,       NULL) \
	/* a[0] offset, a[1] data, and with nargs 3 a[2]: a 1-bit predicate, the store happens when 1 */ \
	X(K_STORE,   "store",      KD_MEMORY,  KW_RESULT,  KU_PORT,       NULL) \
	/* a[0] destination offset, a[1] source offset, a[2] length in bytes (constant); mem, mem2 */ \
	X(K_MEMCPY,  "memcpy",     KD_MEMORY,  KW_RESULT,  KU_COPY,       NULL) \
	/* a[0] destination offset, a[1] byte value, a[2] length in bytes (constant); mem */ \
	X(K_MEMSET,  "memset",     KD_MEMORY,  KW_RESULT,  KU_COPY,       NULL) \
	X(K_BR,      "br",         KD_CONTROL, KW_RESULT,  KU_CONTROL,    NULL) \
	X(K_CONDBR,  "condbr",     KD_CONTROL, KW_RESULT,  KU_CONTROL,    NULL) \
	X(K_SWITCH,  "switch",     KD_CONTROL, KW_RESULT,  KU_CONTROL,    NULL) \
	X(K_RET,     "ret",        KD_CONTROL, KW_RESULT,  KU_CONTROL,    NULL)
/* clang-format on */

#endif
