// SPDX-License-Identifier: Apache-2.0
/* The scheduling problem of one kernel, after CIRCT's scheduling problems: everything the scheduler is given,
 * as data, apart from the solution it produces, so that sched_verify can check any solution against the same
 * problem the scheduler solved.
 *
 * Problem: the operations of F in their blocks, each with its combinational delay (the operation table's
 * delay class) and, for loads, its memory's read latency; the dependences, which are the SSA operands of the
 * operations of one block plus program order of the accesses to one memory (and, across the iterations of a
 * pipelined loop, memdep_loop's); the target clock period; and the operator types with their latencies and
 * limits, which are fixed by the hardware the emitter builds: one access per module port per step (it may
 * take a request and await a response in one step), SCHED_RAM_PORTS loads per on-chip memory and step, or
 * a store alone, one divider per division width, one operation per floating-point unit and step,
 * SCHED_MULS_PER_STEP shared multiplications per width and step, a copy loop alone in its step with its
 * memories idle, and in a pipelined loop the same per II column and one module-port request per cycle over
 * all module ports.
 *
 * Solution (kir.h marks its fields): kfunc.steps; per operation step, issue, t_end, and in
 * pipelined loops pslot and pissue; per block its step range and pipelining. */
#ifndef KILN_SCHED_PROBLEM_H
#define KILN_SCHED_PROBLEM_H
#include "../cdfg/kir.h"
#include "memdep.h"

/* The shared resources of the hardware the emitter builds (CIRCT's operator types): a port per memory, a
 * divider per division width, a floating-point unit per group of operations one cell instance can run
 * (fp_unit_groups), the copy engine, and per width the shared multipliers. Combinational operations
 * have no type: only the clock limits them. */
typedef enum sched_res { RES_PORT, RES_DIVIDER, RES_FP_UNIT, RES_COPY, RES_MULTIPLIER } sched_res;

/* Multiplications of one width a step may start on shared multipliers (oplib.h's sched_mul_shareable), so
 * that binding (hls/emit/bind_mul.c) needs no more multipliers of a width than this where the sequential
 * code multiplies in parallel: an unrolled loop's products take turns on them, as Bambu binds its units to
 * the resources allowed; one a step when the board's DSPs are too few even for that (kfunc.mul_serial). A
 * pipelined loop's multiplications keep multipliers of their own. */
#define SCHED_MULS_PER_STEP 4

/* The shared multiplications of a width F's steps may start: SCHED_MULS_PER_STEP, fewer as F's
 * mul_serial grows (2, then 1). */
int sched_muls_per_step(const kfunc *f);
/* The multiplications of a width a pipelined loop of F may start in one cycle of its stage (one II column)
 * on shared multipliers: 0 (no limit: each has a multiplier of its own), else 2 or 1 as F's mul_serial
 * grows. */
int sched_muls_per_cycle(const kfunc *f);
typedef struct sched_optype {
	sched_res res;
	int id; /* the memory (RES_PORT), the divider's width (RES_DIVIDER), the unit's group (RES_FP_UNIT),
	           the product's width (RES_MULTIPLIER) */
	int latency;   /* steps from an operation's operands to its result: a port's read latency (an on-chip
	                  memory answers in the next cycle), the divider's run, the unit's register levels; 0
	                  for the copy engine, which runs until it is done */
	int occupancy; /* steps it is busy with one operation: the divider its run (it is not pipelined), the
	                  others one (the copy engine: its step, which it has to itself) */
	int limit;     /* operations it serves at once */
} sched_optype;

typedef struct sched_problem {
	const kfunc *f;      /* operations, blocks, memories */
	double clock_ns;     /* target period */
	double budget_ns;    /* the chained delay one step may hold (sched_step_budget) */
	double *delay;       /* [operation] combinational delay in ns (sched_delay) */
	double *delay_piped; /* [operation] the same in a pipelined loop, whose multiplications keep their own
	                        multipliers: no shared multiplier's operand steering */
	sched_optype *types; /* the operator types: the ports first, type m being memory m's */
	int ntypes;
	int *type;     /* [operation] its operator type (a load or store: its memory's port), or -1 */
	int *res_mii;  /* [block] single-block loops: the resource bound on the II (problem.c), else 0 */
	int *rec_mii;  /* [block] single-block loops: the recurrence bound on the II (problem.c), else 0 */
	memdep **deps; /* [block] single-block loops: memdep_loop's dependences between iterations, NDEPS[b]
	                  of them (the bound, the pipeliner and the verifier read the same list) */
	int *ndeps;
} sched_problem;

/* Builds the problem of kernel F (as it is: loops already prepared for pipelining) at F's clock_ns. 0, or -1
 * when out of memory (P then holds nothing to free). */
int sched_problem_init(sched_problem *p, const kfunc *f, double clock_ns);
/* Frees what P owns (not its kernel). */
void sched_problem_free(sched_problem *p);
/* Steps from operation I's operands to its result on its operator type (0 for combinational ones). */
int sched_latency(const sched_problem *p, int i);
/* Steps from a read request on memory M to its data. */
int sched_port_latency(const sched_problem *p, int m);
/* Memory M of F's name as a message shows it (diag_shown: a user's name, from the IR or the kir text), into
 * OUT (N bytes; 1024 hold any). */
void sched_mem_shown(const kfunc *f, int m, char *out, size_t n);
/* Describes operator type T for diagnostics ("memory 'buf'", "the 32-bit divider", ...) in BUF. */
const char *sched_optype_name(const sched_problem *p, const sched_optype *t, char *buf, size_t n);
/* Cycles the busiest memory needs for its accesses in one execution of block B of F (at least 1): a module
 * port's accesses, an on-chip memory's spread over its ports but its stores on the first (a copy loop counts
 * its words, one when its length is not known, on the first port); *MODULE_REQUESTS (when not NULL) gets
 * the requests on module ports together. */
int sched_port_load(const kfunc *f, int b, int *module_requests);
/* Adds the accesses of block B of F to CNT[m] per memory m, and to FIRST[m] those only an on-chip memory's
 * first port takes (stores, copy loops' words); returns B's requests on module ports. */
int sched_port_count(const kfunc *f, int b, int *cnt, int *first);
/* Cycles the busiest memory of F needs for the accesses counted in CNT and FIRST (at least 1): a module
 * port one per access, an on-chip memory its accesses over its ports but its first port's one each. */
int sched_port_cycles(const kfunc *f, const int *cnt, const int *first);
/* How one cycle (a step, or a column of a pipelined loop's II) uses a memory's ports: its loads, plus
 * SCHED_USE_STORE when it stores; a copy loop fills its memories (SCHED_USE_FULL). */
enum { SCHED_USE_LOAD = 1, SCHED_USE_READS = 3, SCHED_USE_STORE = 4, SCHED_USE_FULL = 7 };
/* The loads of use U. */
int sched_use_reads(unsigned u);
/* Another access (a store when STORE) fits step use U of a memory of PORTS ports: a load on a free port
 * beside loads, a store alone (SCHED_RAM_PORTS). */
int sched_use_fits(unsigned u, int store, int ports);
/* Another access of a pipelined loop fits column use U (the accesses of all iterations in one cycle): a free
 * port, and one store at most. Program order keeps a store alone among its own iteration's accesses; the
 * loads of other iterations it meets must not touch its word (memdep_word_meet). */
int sched_column_fits(unsigned u, int store, int ports);
/* Access Y of on-chip memory M, after access X of it in block B of F, must be requested in a later step
 * than X: one of them is a store, and they may share a word (memdep_word_meet; a word is written at the end
 * of its step and read in the step its load is requested). Others may share a step or swap. */
int sched_onchip_ordered(const kfunc *f, int b, int x, int y);
/* Block B of F branches back to itself: a single-block loop. */
int sched_self_loop(const kfunc *f, int b);

#endif
