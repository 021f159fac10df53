// SPDX-License-Identifier: Apache-2.0
/* sched_verify without Verilator or LLVM: hand-made schedules of a small kernel, one valid, then each
 * invariant broken once (a use before its definition, a load's data used before the memory answers, a store
 * beside a load of one internal memory in a step, blocks out of order); each must be named. Then a
 * floating-point unit's limit: two operations in one step on one unit; the shared multipliers' limit: a
 * product more than it in one step, and more than a board of few DSPs allows; an edge load and its phi
 * (kir.h), then the load not in its block's last step and the phi's first step one that may stall. */
#include <stdlib.h>
#include <string.h>

#include "hls/schedule/fp_units.h"
#include "hls/schedule/oplib.h"
#include "hls/schedule/problem.h"
#include "hls/schedule/verify.h"
#include "test/harness.h"

/* Block 0: m = mul(arg0, 3) in step 0; a = add(m, 1) in step 1; x = load(local mem, a) issued in step 1,
 * data in step 2; store(local mem, 0, x) in step 2. Block 1: ret in step 3. */
static kinst insts[5];
static int b0[] = {0, 1, 2, 3}, b1[] = {4};
static kblock blocks[2];
static kmem mems[1];
static kfunc f;

static void valid(void)
{
	memset(insts, 0, sizeof insts);
	insts[0] =
	    (kinst){.op = K_MUL, .width = 32, .nargs = 2, .block = 0, .step = 0, .t_end = 6.13, .line = 10};
	insts[0].a[0] = (kval){KV_ARG, 0, 0, 32};
	insts[0].a[1] = (kval){KV_CONST, 0, 3, 32};
	insts[1] =
	    (kinst){.op = K_ADD, .width = 32, .nargs = 2, .block = 0, .step = 1, .t_end = 2.46, .line = 11};
	insts[1].a[0] = (kval){KV_OP, 0, 0, 32};
	insts[1].a[1] = (kval){KV_CONST, 0, 1, 32};
	insts[2] = (kinst){.op = K_LOAD,
	                   .width = 32,
	                   .nargs = 1,
	                   .block = 0,
	                   .mem = 0,
	                   .bytes = 4,
	                   .issue = 1,
	                   .step = 2,
	                   .line = 12};
	insts[2].a[0] = (kval){KV_OP, 1, 0, 32};
	insts[3] = (kinst){
	    .op = K_STORE, .nargs = 2, .block = 0, .mem = 0, .bytes = 4, .issue = 2, .step = 2, .line = 13};
	insts[3].a[0] = (kval){KV_CONST, 0, 0, 32};
	insts[3].a[1] = (kval){KV_OP, 2, 0, 32};
	insts[4] = (kinst){.op = K_RET, .block = 1, .step = 3, .line = 14};
	blocks[0] = (kblock){.insts = b0, .ninsts = 4, .first_step = 0, .last_step = 2};
	blocks[1] = (kblock){.insts = b1, .ninsts = 1, .first_step = 3, .last_step = 3};
	mems[0] = (kmem){.kind = MEM_LOCAL, .name = "buf", .size = 64};
	f = (kfunc){.name = "k",
	            .insts = insts,
	            .ninsts = 5,
	            .blocks = blocks,
	            .nblocks = 2,
	            .mems = mems,
	            .nmems = 0,
	            .nimems = 1,
	            .nsteps = 4,
	            .clock_ns = 10};
}

static void expect_violation(const char *name, const char *needle)
{
	char err[256] = "";
	int rc = sched_verify(&f, err, sizeof err);
	KT_CHECK(rc != 0 && strstr(err, needle), name, "rc %d, \"%s\"", rc, err);
	valid();
}

/* The floating-point units' limit (the divider's is test/sched/schedule_test's): two float additions on the
 * one adder. */
static void units(void)
{
	static kinst u[3];
	static int ub[] = {0, 1, 2};
	static kblock ubl[1];
	static kstep st[12];
	static karg args[3] = {{"x", 32, 0, 0, 0}, {"y", 32, 0, 0, 0}, {"z", 32, 0, 0, 0}};
	char err[256] = "";
	/* x + y and x + z, both taking operands in step 0: one adder cell, one operation per step. */
	memset(u, 0, sizeof u);
	for (int i = 0; i < 2; i++) {
		u[i] = (kinst){.op = K_FADD, .width = 32, .nargs = 2, .block = 0, .issue = i, .line = 30 + i};
		u[i].a[0] = (kval){KV_ARG, 0, 0, 32};
		u[i].a[1] = (kval){KV_ARG, 1 + i, 0, 32};
	}
	int lat = fp_unit_latency(&u[0], 10);
	u[0].step = lat;
	u[1].step = 1 + lat;
	u[2] = (kinst){.op = K_RET, .block = 0, .step = 1 + lat, .issue = -1, .line = 32};
	for (int s = 0; s < 12; s++)
		st[s] = (kstep){STEP_COMB, 0, -1, -1, 0};
	ubl[0] = (kblock){.insts = ub, .ninsts = 3, .first_step = 0, .last_step = 1 + lat};
	kfunc g = {.name = "a",
	           .args = args,
	           .nargs = 3,
	           .insts = u,
	           .ninsts = 3,
	           .blocks = ubl,
	           .nblocks = 1,
	           .steps = st,
	           .nsteps = 2 + lat,
	           .clock_ns = 10};
	KT_CHECK(lat > 0 && lat < 10 && sched_verify(&g, err, sizeof err) == 0,
	         "two float additions in consecutive steps on one adder pass", "%s", err);
	u[1].issue = 0;
	u[1].step = lat;
	KT_CHECK(
	    sched_verify(&g, err, sizeof err) != 0 &&
	        strstr(err, "floating-point unit 0: fadd (line 31) in step 0 while fadd (line 30) holds it"),
	    "two float additions in one step on one adder are caught", "\"%s\"", err);
}

/* SCHED_MULS_PER_STEP products of one width a step: with one more product of the arguments than that, all
 * but the last in step 0 and the last in step 1 pass; all in step 0 are caught. */
static void multipliers(void)
{
	enum { N = SCHED_MULS_PER_STEP + 1 };
	static kinst u[N + 1];
	static int ub[N + 1];
	static kblock ubl[1];
	static kstep st[2];
	static karg args[3] = {{"x", 32, 0, 0, 0}, {"y", 32, 0, 0, 0}, {"z", 32, 0, 0, 0}};
	static const int pair[6][2] = {{0, 1}, {0, 2}, {1, 2}, {0, 0}, {1, 1}, {2, 2}};
	_Static_assert(N <= 6, "the arguments make six different products");
	char err[256] = "", want[160];
	memset(u, 0, sizeof u);
	for (int i = 0; i < N; i++) {
		u[i] = (kinst){.op = K_MUL,
		               .width = 32,
		               .nargs = 2,
		               .block = 0,
		               .step = i == N - 1,
		               .t_end = sched_mul_delay(32, 32, 1),
		               .issue = -1,
		               .line = 40 + (unsigned)i};
		u[i].a[0] = (kval){KV_ARG, pair[i][0], 0, 32};
		u[i].a[1] = (kval){KV_ARG, pair[i][1], 0, 32};
		ub[i] = i;
	}
	u[N] = (kinst){.op = K_RET, .block = 0, .step = 1, .issue = -1, .line = 40 + N};
	ub[N] = N;
	for (int s = 0; s < 2; s++)
		st[s] = (kstep){STEP_COMB, 0, -1, -1, 0};
	ubl[0] = (kblock){.insts = ub, .ninsts = N + 1, .first_step = 0, .last_step = 1};
	kfunc g = {.name = "m",
	           .args = args,
	           .nargs = 3,
	           .insts = u,
	           .ninsts = N + 1,
	           .blocks = ubl,
	           .nblocks = 1,
	           .steps = st,
	           .nsteps = 2,
	           .clock_ns = 10};
	KT_CHECK(sched_verify(&g, err, sizeof err) == 0, "as many 32-bit products a step as the limit pass",
	         "%s", err);
	u[N - 1].step = 0;
	snprintf(want, sizeof want,
	         "the 32-bit multipliers: mul (line %d) in step 0 while mul (line 40) holds it "
	         "(it serves %d at once)",
	         40 + N - 1, SCHED_MULS_PER_STEP);
	KT_CHECK(sched_verify(&g, err, sizeof err) != 0 && strstr(err, want),
	         "one 32-bit product more than the limit in a step is caught", "\"%s\"", err);
	/* on a board of few DSPs (kfunc.mul_serial 1), the limit is 2: the valid schedule's first step breaks
	 * it */
	u[N - 1].step = 1;
	g.mul_serial = 1;
	snprintf(want, sizeof want, "(it serves %d at once)", 2);
	KT_CHECK(sched_muls_per_step(&g) == 2 && sched_verify(&g, err, sizeof err) != 0 && strstr(err, want),
	         "with two products a step allowed (mul_serial 1), four in a step are caught", "\"%s\"", err);
}

/* Block 0: an edge load of a local array issued in its one step, then a branch; block 1: the edge phi, its
 * value stored into the array, in a step of one cycle. */
static void edge_loads(void)
{
	static kinst u[5];
	static int ub0[] = {0, 1}, ub1[] = {2, 3, 4};
	static kblock ubl[2];
	static kstep st[3];
	static kmem um[2];
	char err[256] = "";
	memset(u, 0, sizeof u);
	u[0] = (kinst){.op = K_LOAD,
	               .width = 32,
	               .nargs = 1,
	               .block = 0,
	               .mem = 1,
	               .bytes = 4,
	               .issue = 0,
	               .step = 0,
	               .edge = 1,
	               .line = 50};
	u[0].a[0] = (kval){KV_CONST, 0, 8, 32};
	u[1] = (kinst){.op = K_BR, .block = 0, .step = 0, .issue = -1, .line = 51};
	u[1].succ[0] = 1;
	u[2] = (kinst){
	    .op = K_PHI, .width = 32, .block = 1, .step = 1, .issue = -1, .edge = 1, .nphi = 1, .line = 52};
	static kval pv[1];
	static int pb[1] = {0};
	pv[0] = (kval){KV_OP, 0, 0, 32};
	u[2].phi_val = pv;
	u[2].phi_block = pb;
	u[2].t_end = sched_load_ready(&(kfunc){.mems = um, .nmems = 1}, &u[0]);
	u[3] = (kinst){
	    .op = K_STORE, .nargs = 2, .block = 1, .mem = 1, .bytes = 4, .issue = 1, .step = 1, .line = 53};
	u[3].a[0] = (kval){KV_CONST, 0, 0, 32};
	u[3].a[1] = (kval){KV_OP, 2, 0, 32};
	u[4] = (kinst){.op = K_RET, .block = 1, .step = 1, .issue = -1, .line = 54};
	um[0] = (kmem){.kind = MEM_DEVMEM, .name = "devmem"};
	um[1] = (kmem){.kind = MEM_LOCAL, .name = "buf", .size = 64};
	ubl[0] = (kblock){.insts = ub0, .ninsts = 2, .first_step = 0, .last_step = 0};
	ubl[1] = (kblock){.insts = ub1, .ninsts = 3, .first_step = 1, .last_step = 1};
	st[0] = (kstep){STEP_COMB, 0, -1, -1, 0};
	st[1] = (kstep){STEP_COMB, 1, -1, -1, 0};
	kfunc g = {.name = "e",
	           .insts = u,
	           .ninsts = 5,
	           .blocks = ubl,
	           .nblocks = 2,
	           .mems = um,
	           .nmems = 1,
	           .nimems = 1,
	           .steps = st,
	           .nsteps = 2,
	           .clock_ns = 10};
	KT_CHECK(sched_verify(&g, err, sizeof err) == 0, "an edge load and its phi pass", "%s", err);
	/* the load a step before its block's last */
	ub0[1] = 1;
	ubl[0].last_step = 1;
	ubl[1].first_step = ubl[1].last_step = 2;
	u[1].step = 1;
	u[2].step = u[3].step = u[3].issue = u[4].step = 2;
	st[2] = st[1];
	st[1] = (kstep){STEP_COMB, 0, -1, -1, 0};
	g.nsteps = 3;
	KT_CHECK(sched_verify(&g, err, sizeof err) != 0 && strstr(err, "edge load (line 50)"),
	         "an edge load before its block's last step is caught", "\"%s\"", err);
	/* back to one step each, but the phi's step waits on a module port: it may last several cycles */
	ubl[0].last_step = 0;
	ubl[1].first_step = ubl[1].last_step = 1;
	u[1].step = 0;
	u[2].step = u[3].step = u[3].issue = u[4].step = 1;
	st[1] = (kstep){STEP_MEM_WAIT, 1, 3, -1, 0};
	g.nsteps = 2;
	KT_CHECK(sched_verify(&g, err, sizeof err) != 0 && strstr(err, "edge phi (line 52)"),
	         "an edge phi whose first step may stall is caught", "\"%s\"", err);
}

int main(void)
{
	char err[256] = "";
	valid();
	KT_CHECK(sched_verify(&f, err, sizeof err) == 0, "a valid schedule passes", "%s", err);
	insts[0].step = 2; /* the add in step 1 would use it */
	blocks[0].first_step = 0;
	expect_violation("a use before its definition is caught", "ready only in step 2");
	insts[2].step = 1; /* data in its request's own step */
	expect_violation("load data used before the memory answers", "the memory answers after 1");
	insts[3].issue = insts[3].step = 1; /* the store's request in the load's request step */
	insts[3].a[1] = (kval){KV_CONST, 0, 7, 32};
	expect_violation("a store beside a load of one internal memory in a step is caught",
	                 "not after the load");
	blocks[1].first_step = 2;
	expect_violation("blocks whose steps overlap are caught", "out of order");

	/* Block 0 as a pipelined loop with II 4: mul in slot 0, add in 1, the load requested in 1 with its
	 * data in 2, the store (the block's last operation, standing for its branch) requested in 2. The mul
	 * keeps its own multiplier there: no shared one's operand steering (1.2 ns less). */
	insts[0].t_end = 4.93;
	blocks[0].pipelined = 1;
	blocks[0].ii = 4;
	blocks[0].stages = 1;
	insts[0].pslot = 0;
	insts[1].pslot = 1;
	insts[2].pissue = 1;
	insts[2].pslot = 2;
	insts[3].pissue = insts[3].pslot = 2;
	KT_CHECK(sched_verify(&f, err, sizeof err) == 0, "a valid pipelined schedule passes", "%s", err);
	insts[0].t_end = 6.13; /* a shared multiplier's delay, where none is shared */
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "ends at 6.13 ns, not 0.00 + 4.93 ns"),
	         "a pipelined loop's multiplication is timed without operand steering", "\"%s\"", err);
	insts[0].t_end = 4.93;
	insts[3].pissue = 5; /* 5 mod 4 == 1: the load's column, meeting the next iteration's load */
	insts[3].pslot = 3;
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "meet in cycle 1"),
	         "a store meeting, in its II column, a load that may read its word is caught", "\"%s\"", err);
	insts[3].pissue = insts[3].pslot = 2;
	insts[1].pslot = 3; /* the load's address after its request */
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "ready only in slot 3"),
	         "a pipelined use before its operand is caught", "\"%s\"", err);
	insts[1].pslot = 1;
	blocks[0].ii = 2; /* the last operation (slot 2) past the II */
	blocks[0].stages = 2;
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "after the II"),
	         "a loop branch known after the II is caught", "\"%s\"", err);
	units();
	multipliers();
	edge_loads();
	return KT_DONE();
}
