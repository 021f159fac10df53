// SPDX-License-Identifier: Apache-2.0
/* The list scheduler and the operation table on hand-built straight-line kernels (no Verilator, no LLVM):
 * delays per delay class, chaining within the clock period, a chain that does not fit splitting into steps,
 * an operation longer than the period alone in its step, memory request and wait steps, the divider's run.
 * Every schedule also passes sched_verify, and broken ones are caught. */
#include <math.h>

#include "hls/emit/bind.h"
#include "hls/schedule/oplib.h"
#include "hls/schedule/schedule.h"
#include "hls/schedule/verify.h"
#include "test/harness.h"
#include "test/sched/kir_builder.h"

static void verified(const kfunc *f, const char *name)
{
	char err[512] = "";
	KT_CHECK(sched_verify(f, err, sizeof err) == 0, name, "%s", err);
}

static int near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

/* A kernel of one block ending in ret (call kb_ret when its body is in). */
static void straight(kfunc *f, int nargs)
{
	kb_init(f, nargs);
	kb_block(f);
}

static void delays(void)
{
	kfunc f;
	straight(&f, 2);
	struct {
		kop op;
		int w;
		kval b;
		double ns;
		const char *name;
	} t[] = {
	    {K_ADD, 32, kb_arg(1), 1.5 + 0.03 * 32, "add: carry chain 1.5 + 0.03 w"},
	    {K_UADDSAT, 32, kb_arg(1), 1.8 + 0.03 * 32, "uadd.sat: 1.8 + 0.03 w"},
	    {K_XOR, 32, kb_arg(1), 0.3, "xor: one LUT level"},
	    {K_AND, 32, kb_c(63, 32), 0.0, "and with a constant: wiring"},
	    {K_XOR, 32, kb_c(0xffffffff, 32), 0.0, "xor with a constant: inverters the LUTs take in"},
	    {K_ZEXT, 64, KB_NONE, 0.0, "zext: wiring"},
	    {K_SHL, 32, kb_c(3, 32), 0.0, "shl by a constant: wiring"},
	    {K_SHL, 32, kb_arg(1), 0.3 + 0.3 * 5, "shl by a variable: 0.3 + 0.3 log2 w"},
	    {K_CTPOP, 32, KB_NONE, 1.0 + 0.5 * 5, "ctpop: 1 + 0.5 log2 w"},
	    {K_MUL, 32, kb_arg(1), 1.5 + 0.098 * (32 + 32) + 4 * 0.3,
	     "mul 32 x 32: a grid of DSPs, 1.5 + 0.098 per operand bit, and four LUT levels steering a "
	     "shared "
	     "multiplier's operands"},
	    {K_MUL, 8, kb_arg(1), 1.5 + 0.098 * (32 + 32), "mul under 9 bits: a multiplier of its own"},
	    {K_UDIV, 32, kb_arg(1), 0.5 + 0.05 * 32, "udiv: divider steering"},
	    {K_ICMP, 1, kb_arg(1), 2.2 + 0.011 * 32,
	     "icmp: an ordered compare of the operands' width, not the 1-bit result's"},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		int id = kb_op(&f, 0, t[i].op, t[i].w, kb_arg(0), t[i].b, KB_NONE);
		double d = sched_delay(&f, NULL, &f.insts[id]);
		KT_CHECK(near(d, t[i].ns), t[i].name, "%.4f ns, want %.4f", d, t[i].ns);
	}
	int eq = kb_op(&f, 0, K_ICMP, 1, kb_arg(0), kb_arg(1), KB_NONE);
	f.insts[eq].pred = KP_EQ;
	KT_CHECK(near(sched_delay(&f, NULL, &f.insts[eq]), 1.0 + 0.015 * 32),
	         "icmp eq: a tree of LUTs, 1 + 0.015 w", "%.4f", sched_delay(&f, NULL, &f.insts[eq]));
	int fs = kb_op(&f, 0, K_FSHL, 32, kb_arg(0), kb_arg(1), kb_c(5, 32));
	KT_CHECK(near(sched_delay(&f, NULL, &f.insts[fs]), 0.3), "fshl by a constant: one LUT level", "%.4f",
	         sched_delay(&f, NULL, &f.insts[fs]));
	/* a 64-bit product of a sign-extended int and a zero-extended byte: a 32 x 9 multiplier */
	int sx = kb_op(&f, 0, K_SEXT, 64, kb_arg(0), KB_NONE, KB_NONE);
	int zx = kb_op(&f, 0, K_ZEXT, 64, kb_c(0, 8), KB_NONE, KB_NONE);
	f.insts[zx].a[0] = (kval){KV_ARG, 2, 0, 8};
	int mx = kb_op(&f, 0, K_MUL, 64, kb_v(&f, zx), kb_v(&f, sx), KB_NONE);
	vbits vb[64];
	vbits_analyse(&f, vb);
	KT_CHECK(near(sched_delay(&f, vb, &f.insts[mx]), 1.5 + 0.098 * (32 + 9) + 4 * 0.3) &&
	             near(sched_delay(&f, NULL, &f.insts[mx]), 1.5 + 0.098 * (64 + 64) + 4 * 0.3),
	         "a multiplier's delay from its operands' known widths (32 x 9), not its product's", "%.4f",
	         sched_delay(&f, vb, &f.insts[mx]));
	KT_CHECK(near(sched_mul_delay(25, 18, 0), 3.74) && near(sched_mul_delay(16, 16, 0), 3.74) &&
	             near(sched_mul_delay(26, 18, 0), 1.5 + 0.098 * 44),
	         "a product within a DSP48E1's 25 x 18 bits takes one slice's delay; one bit more, a grid's",
	         "%.4f %.4f", sched_mul_delay(25, 18, 0), sched_mul_delay(26, 18, 0));
	/* when a load's data is there (calibrate-delays): a 4 KiB local is block RAM, 64 words LUT RAM */
	{
		kfunc g;
		straight(&g, 2);
		int dev = kb_mem(&g, MEM_DEVMEM), big = kb_mem(&g, MEM_LOCAL), small = kb_mem(&g, MEM_LOCAL);
		g.mems[small].size = 256;
		int lb = kb_load(&g, 0, big, kb_arg(0)), ls = kb_load(&g, 0, small, kb_arg(0));
		int ld = kb_load(&g, 0, dev, kb_arg(0)), lh = kb_load(&g, 0, small, kb_arg(0));
		g.insts[lh].bytes = 2;
		KT_CHECK(near(sched_load_ready(&g, &g.insts[lb]), 2.15) &&
		             near(sched_load_ready(&g, &g.insts[ls]), 0.72) &&
		             near(sched_load_ready(&g, &g.insts[ld]), 0.5) &&
		             near(sched_load_ready(&g, &g.insts[lh]), 0.72 + 1.55),
		         "a load's data: block RAM 2.15 ns, LUT RAM 0.72, a module port 0.5, a 16-bit load's "
		         "lanes 1.55 more",
		         "%.2f %.2f %.2f %.2f", sched_load_ready(&g, &g.insts[lb]),
		         sched_load_ready(&g, &g.insts[ls]), sched_load_ready(&g, &g.insts[ld]),
		         sched_load_ready(&g, &g.insts[lh]));
		kfunc_free(&g);
	}
	KT_CHECK(
	    near(sched_port_mux_delay(1), 0.5) && near(sched_port_mux_delay(8), 0.5 + 0.52 * 2) &&
	        near(sched_port_mux_delay(9), 0.5 + 0.52 * 2) &&
	        near(sched_port_mux_delay(10), 0.5 + 0.52 * 3) &&
	        near(sched_step_budget(15.0), (15.0 - sched_step_overhead()) * (1.0 - SCHED_CHAIN_MARGIN)),
	    "an on-chip port's multiplexer grows with its accesses; a step chains the clock less its "
	    "overhead and "
	    "margin",
	    "%.2f %.2f", sched_port_mux_delay(8), sched_step_budget(15.0));
	{
		/* a fabric's table is chosen by name; another fabric's delays, overhead and queue differ */
		kfunc g = {0};
		kinst add = {.op = K_ADD, .width = 32, .nargs = 2};
		add.a[0] = (kval){KV_ARG, 0, 0, 32};
		add.a[1] = (kval){KV_ARG, 1, 0, 32};
		double x_add = sched_delay(&g, NULL, &add), x_budget = sched_step_budget(41.67);
		int x_queue = sched_pipe_queue_cycles();
		KT_CHECK(
		    sched_select_fabric("ice40") == 0 && !strcmp(sched_fabric_name(), "ice40") &&
		        sched_delay(&g, NULL, &add) > 4 * x_add && sched_step_budget(41.67) < x_budget &&
		        sched_pipe_queue_cycles() == 1 && x_queue == 0,
		    "the iCE40's table: a 32-bit add over four times the 7-series', a smaller step, loads "
		    "through the queue's registers",
		    "add %.2f (xc7 %.2f), budget %.2f (xc7 %.2f), queue %d (xc7 %d)",
		    sched_delay(&g, NULL, &add), x_add, sched_step_budget(41.67), x_budget,
		    sched_pipe_queue_cycles(), x_queue);
		KT_CHECK(sched_select_fabric("ecp5") == 0 &&
		             sched_mul_delay(18, 18, 0) < sched_mul_delay(32, 32, 0),
		         "the ECP5's table: an 18 x 18 product is one MULT18X18D, 32 x 32 a slower grid",
		         "%.2f %.2f", sched_mul_delay(18, 18, 0), sched_mul_delay(32, 32, 0));
		KT_CHECK(sched_select_fabric("virtex2") == -1 && !strcmp(sched_fabric_name(), "ecp5") &&
		             sched_fabric_at(0) && !strcmp(sched_fabric_at(0), "xc7") && !sched_fabric_at(99),
		         "a fabric without a table is refused and changes nothing", "%s",
		         sched_fabric_name());
		KT_CHECK(sched_select_fabric("xc7") == 0 && near(sched_delay(&g, NULL, &add), x_add),
		         "back on 7-series, its delays again", "%.2f", sched_delay(&g, NULL, &add));
	}
	KT_CHECK(sched_is_div(K_SREM) && !sched_is_div(K_MUL), "the divider's operations come from the table",
	         "srem %d, mul %d", sched_is_div(K_SREM), sched_is_div(K_MUL));
	KT_EQ_STR(kop_name(K_BITREV), "bitreverse", "kop_name from the table");
	KT_EQ_STR(kop_rtl_form(K_ASHR), "$signed(%0) >>> %1", "ashr's RTL template");
	KT_CHECK(kop_rtl_form(K_ICMP) == NULL && kop_rtl_form(K_LOAD) == NULL,
	         "no template where the emitter needs its own code", "icmp %p",
	         (const void *)kop_rtl_form(K_ICMP));
	KT_CHECK(kop_unit(K_MEMCPY) == KU_COPY && kop_is_term(K_SWITCH) && kop_is_access(K_STORE) &&
	             !kop_is_access(K_MEMSET),
	         "units from the table", "memcpy unit %d", kop_unit(K_MEMCPY));
	kfunc_free(&f);
}

/* A chain of N 32-bit adds (2.46 ns each) at CLOCK: the steps and end times of each. */
static void chain(int n, double clock, int *step, double *t_end, kfunc *f)
{
	straight(f, 2);
	kval v = kb_arg(0);
	int id[16];
	for (int i = 0; i < n; i++) {
		id[i] = kb_op(f, 0, K_ADD, 32, v, kb_arg(1), KB_NONE);
		v = kb_v(f, id[i]);
	}
	kb_ret(f, 0);
	sched_run(f, clock, 1);
	for (int i = 0; i < n; i++) {
		step[i] = f->insts[id[i]].step;
		t_end[i] = f->insts[id[i]].t_end;
	}
}

int main(void)
{
	kfunc f;
	int step[16];
	double te[16];
	char err[512];

	delays();

	/* a 10 ns step chains 8.16 ns: the clock less a register's own path (SCHED_STEP_OVERHEAD_NS), less
	 * the margin (SCHED_CHAIN_MARGIN) */
	chain(3, 10.0, step, te, &f);
	KT_CHECK(step[0] == 0 && step[2] == 0 && near(te[2], 7.38) && f.nsteps == 1,
	         "three adds chain in one 10 ns step", "steps %d..%d, last ends at %.2f, %d steps", step[0],
	         step[2], te[2], f.nsteps);
	verified(&f, "three chained adds verify");
	f.insts[f.blocks[0].insts[1]].t_end = 1.0; /* ends before it starts */
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "ends at 1.00 ns"),
	         "a wrong end time is caught", "\"%s\"", err);
	kfunc_free(&f);

	chain(4, 10.0, step, te, &f);
	KT_CHECK(step[2] == 0 && step[3] == 1 && near(te[3], 2.46) && f.nsteps == 2,
	         "the fourth add does not fit (9.84 ns of an 8.16 ns budget): it starts step 1",
	         "step %d, ends at %.2f, %d steps", step[3], te[3], f.nsteps);
	verified(&f, "a split chain verifies");
	f.insts[f.blocks[0].insts[3]].step = 0; /* chained past the step's budget, within the period */
	f.insts[f.blocks[0].insts[3]].t_end = 9.84;
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 &&
	             strstr(err, "exceed the 8.16 ns a step of the 10.00 ns clock may chain"),
	         "chaining past the step's budget is caught", "\"%s\"", err);
	kfunc_free(&f);

	/* At 2 ns not even one add fits: each takes a step of its own. */
	chain(3, 2.0, step, te, &f);
	KT_CHECK(step[0] == 0 && step[1] == 1 && step[2] == 2 && near(te[2], 2.46),
	         "adds longer than the period: one step each", "steps %d %d %d", step[0], step[1], step[2]);
	verified(&f, "one add per step verifies");
	kfunc_free(&f);

	/* A 64 x 64-bit multiply (15.24 ns with its steering) at 5 ns: alone in step 0 although longer than
	 * the period; the add using it goes to step 1. */
	straight(&f, 2);
	int mul = kb_op(&f, 0, K_MUL, 64, (kval){KV_ARG, 0, 0, 64}, (kval){KV_ARG, 1, 0, 64}, KB_NONE);
	int add = kb_op(&f, 0, K_ADD, 64, kb_v(&f, mul), kb_arg(1), KB_NONE);
	kb_ret(&f, 0);
	sched_run(&f, 5.0, 1);
	kbind bd;
	int bound = bind_kernel(&f, &bd) == 0;
	KT_CHECK(f.insts[mul].step == 0 && near(f.insts[mul].t_end, 15.244) && f.insts[add].step == 1 &&
	             bound && bd.registered[mul] && !bd.registered[add],
	         "a long multiply: its own step, its user in the next, so binding gives it a register",
	         "mul step %d ends %.2f, add step %d", f.insts[mul].step, f.insts[mul].t_end,
	         f.insts[add].step);
	if (bound)
		bind_free(&bd);
	verified(&f, "a long multiply verifies");
	kfunc_free(&f);

	/* Device memory: the request goes out in step 0, its data arrives 4 steps later, awaited in a step of
	 * its own; a store of the data goes out in that step. */
	straight(&f, 2);
	kb_pointer(&f, 0, 1);
	int m = kb_mem(&f, MEM_DEVMEM);
	int ld = kb_load(&f, 0, m, kb_arg(0));
	int inc = kb_op(&f, 0, K_ADD, 32, kb_v(&f, ld), kb_c(1, 32), KB_NONE);
	int st = kb_store(&f, 0, m, kb_arg(0), kb_v(&f, inc));
	kb_ret(&f, 0);
	sched_run(&f, 10.0, 1);
	const kinst *L = &f.insts[ld], *S = &f.insts[st];
	KT_CHECK(L->issue == 0 && L->step == 4 && f.steps[0].kind == STEP_MEM_ISSUE && f.steps[0].inst == ld,
	         "device-memory load: request in step 0, data in step 4", "issue %d, step %d, step 0 kind %d",
	         L->issue, L->step, f.steps[0].kind);
	KT_CHECK(f.steps[4].kind == STEP_MEM_ISSUE && f.steps[4].inst == st && f.steps[4].wait == ld &&
	             S->issue == 4 && f.nsteps == 5,
	         "the store goes out in the step that awaits the load's data",
	         "step 4 kind %d inst %d wait %d", f.steps[4].kind, f.steps[4].inst, f.steps[4].wait);
	verified(&f, "device-memory access steps verify");
	f.steps[4].wait = -1; /* the data no longer awaited */
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "response"),
	         "a load whose response step is missing is caught", "\"%s\"", err);
	kfunc_free(&f);

	/* An on-chip array answers in the next step, with no step of its own. */
	straight(&f, 1);
	m = kb_mem(&f, MEM_LOCAL);
	ld = kb_load(&f, 0, m, kb_arg(0));
	st = kb_store(&f, 0, m, kb_c(0, 32), kb_v(&f, ld));
	kb_ret(&f, 0);
	sched_run(&f, 10.0, 1);
	KT_CHECK(f.insts[ld].issue == 0 && f.insts[ld].step == 1 && f.insts[st].issue == 1 &&
	             f.steps[0].kind == STEP_COMB && f.nsteps == 2,
	         "on-chip load: data the next step, no port steps", "issue %d, step %d, store %d, %d steps",
	         f.insts[ld].issue, f.insts[ld].step, f.insts[st].issue, f.nsteps);
	verified(&f, "on-chip access steps verify");
	kfunc_free(&f);

	/* An on-chip array has two ports, the second read-only: two loads share a step, a third takes the
	 * next; a store goes after the accesses it may meet (the loads of words it cannot tell apart from its
	 * own) and beside a load of another word; a load of its word goes after it. */
	straight(&f, 2);
	m = kb_mem(&f, MEM_LOCAL);
	int l0 = kb_load(&f, 0, m, kb_arg(0)), l1 = kb_load(&f, 0, m, kb_arg(1));
	int l2 = kb_load(&f, 0, m, kb_c(8, 32));
	st = kb_store(&f, 0, m, kb_c(0, 32), kb_arg(1));
	int l3 = kb_load(&f, 0, m, kb_c(4, 32)), l4 = kb_load(&f, 0, m, kb_c(0, 32));
	kb_ret(&f, 0);
	sched_run(&f, 10.0, 1);
	KT_CHECK(f.insts[l0].issue == 0 && f.insts[l1].issue == 0 && f.insts[l2].issue == 1 &&
	             f.insts[st].issue == 1 && f.insts[l3].issue == 2 && f.insts[l4].issue == 2,
	         "on-chip ports: two loads a step, or a store beside a load of another word",
	         "issues %d %d %d, store %d, loads %d %d", f.insts[l0].issue, f.insts[l1].issue,
	         f.insts[l2].issue, f.insts[st].issue, f.insts[l3].issue, f.insts[l4].issue);
	verified(&f, "two loads in a step, a store beside a load, verify");
	f.insts[l2].issue = 0;                 /* a third load in step 0 */
	f.mems[m].name = strdup("bu\x1b[2Jf"); /* a name from the IR, shown as a message shows names */
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "(it serves 2 at once)") &&
	             !strchr(err, 0x1b) && strstr(err, "memory 'bu"),
	         "three loads of an on-chip array in one step are caught, its name shown safely", "\"%s\"",
	         err);
	f.insts[l2].issue = 1;
	f.insts[st].issue = f.insts[st].step = 0; /* the store before a load of a word it may write */
	f.insts[l1].issue = 1;
	f.insts[l1].step = 2;
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "not after the load"),
	         "a store before a load it may meet is caught", "\"%s\"", err);
	f.insts[st].issue = f.insts[st].step = 1;
	f.insts[l1].issue = 0;
	f.insts[l1].step = 1;
	f.insts[l2].issue = 2; /* room in step 1, and the load of the stored word beside the store */
	f.insts[l2].step = 3;
	f.insts[l4].issue = 1;
	f.insts[l4].step = 2;
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "not after the store"),
	         "a load beside the store of its word is caught", "\"%s\"", err);
	f.insts[l2].issue = 1;
	f.insts[l2].step = 2;
	f.insts[l4].issue = 2;
	f.insts[l4].step = 3;
	verified(&f, "restored");
	{ /* a copy loop and the accesses of its memory around it keep program order */
		kfunc g;
		straight(&g, 1);
		int gm = kb_mem(&g, MEM_LOCAL);
		int before = kb_load(&g, 0, gm, kb_c(4, 32));
		int fill = kb_op(&g, 0, K_MEMSET, 0, kb_c(0, 32), kb_c(0, 8), kb_c(16, 32));
		g.insts[fill].mem = gm;
		int after = kb_load(&g, 0, gm, kb_c(8, 32));
		kb_ret(&g, 0);
		sched_run(&g, 10.0, 1);
		int cs = g.insts[fill].step;
		KT_CHECK(g.insts[before].step < cs && g.insts[after].issue > cs,
		         "a memset runs after the load of its memory before it and before the one after it",
		         "load data %d, memset %d, load issue %d", g.insts[before].step, cs,
		         g.insts[after].issue);
		verified(&g, "loads around a memset verify");
		g.insts[after].issue = cs - 1; /* the load after it requested before its step */
		g.insts[after].step = cs;
		KT_CHECK(sched_verify(&g, err, sizeof err) != 0 && strstr(err, "not after the memset"),
		         "a load placed before the memset it follows is caught", "\"%s\"", err);
		kfunc_free(&g);
	}
	f.steps[1].kind = STEP_DIV_WAIT; /* step 1, which reads the array, now may last several cycles */
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "may last several cycles"),
	         "a stalling step reading an array the step before read is caught", "\"%s\"", err);
	kfunc_free(&f);

	/* Two 32-bit divisions at 15 ns: a divider stage takes 2.79 ns, so 4 quotient bits per cycle in the
	 * step's 12.66 ns, 8 cycles: issue in step 0, result in step 9; the second division waits for the
	 * divider. (At 10 ns four stages would not fit the 8.16 ns a step chains: 2 bits a cycle.) */
	straight(&f, 2);
	int d1 = kb_op(&f, 0, K_UDIV, 32, kb_arg(0), kb_arg(1), KB_NONE);
	int d2 = kb_op(&f, 0, K_UDIV, 32, kb_arg(1), kb_arg(0), KB_NONE);
	kb_ret(&f, 0);
	sched_run(&f, 15.0, 1);
	KT_CHECK(sched_div_bits_per_cycle(15.0, 32) == 4 && sched_div_bits_per_cycle(10.0, 32) == 2 &&
	             f.steps[0].kind == STEP_DIV_ISSUE && f.insts[d1].step == 9 &&
	             f.steps[9].kind == STEP_DIV_WAIT && f.steps[10].kind == STEP_DIV_ISSUE &&
	             f.insts[d2].step == 19,
	         "divisions: 8 cycles each, one after the other", "first result step %d, second %d",
	         f.insts[d1].step, f.insts[d2].step);
	verified(&f, "divider runs verify");
	f.steps[10].kind = STEP_COMB; /* the second division started in the first's run */
	f.steps[5].kind = STEP_DIV_ISSUE;
	f.steps[5].inst = d2;
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "the 32-bit divider: udiv (line ") &&
	             strstr(err, ") in step 5 while udiv") && strstr(err, "(it serves 1 at once)"),
	         "overlapping divider runs are caught", "\"%s\"", err);
	kfunc_free(&f);
	return KT_DONE();
}
