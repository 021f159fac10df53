// SPDX-License-Identifier: Apache-2.0
/* The pipeliner on hand-built loops (no Verilator, no LLVM): II = max(ResMII, RecMII) for simple loops, a
 * recurrence through a multiply sets the II, a float accumulation's II is the adder's latency, and a store
 * that a later iteration's load reads keeps the loop from overlapping. Every schedule also passes
 * sched_verify. */
#include "hls/schedule/fp_units.h"
#include "hls/schedule/schedule.h"
#include "hls/schedule/verify.h"
#include "test/harness.h"
#include "test/sched/kir_builder.h"

static void verified(const kfunc *f, const char *name)
{
	char err[512] = "";
	KT_CHECK(sched_verify(f, err, sizeof err) == 0, name, "%s", err);
}

/* out[i] = in[i] + 1 (NLOADS loads of in[i] summed), device memory; restrict when NOALIAS. */
static void vinc(kfunc *f, int nloads, int noalias)
{
	int i;
	int m = kb_devmem_loop(f, 1, noalias, &i); /* out, in, n */
	kval sum = kb_c(1, 32);
	for (int l = 0; l < nloads; l++) {
		int x = kb_load(f, 1, m, kb_v(f, kb_index(f, 1, kb_arg(1), kb_v(f, i))));
		sum = kb_v(f, kb_op(f, 1, K_ADD, 32, sum, kb_v(f, x), KB_NONE));
	}
	kb_store(f, 1, m, kb_v(f, kb_index(f, 1, kb_arg(0), kb_v(f, i))), sum);
	kb_loop_close(f, i, 2);
}

int main(void)
{
	kfunc f;
	const kblock *l;

	/* One load and one store on the one device-memory port: ResMII 2, RecMII 1 (i + 1), II 2. */
	vinc(&f, 1, 1);
	sched_run(&f, 10.0, 1);
	l = &f.blocks[1];
	KT_CHECK(l->res_mii == 2 && l->rec_mii == 1, "load + store: ResMII 2, RecMII 1", "%d, %d", l->res_mii,
	         l->rec_mii);
	KT_CHECK(l->pipelined && l->ii == 2, "load + store: pipelined at II 2", "pipelined %d, II %d (%s)",
	         l->pipelined, l->ii, l->nopipe);
	verified(&f, "load + store: the pipelined schedule verifies");
	kfunc_free(&f);

	/* Two loads and a store: ResMII 3, II 3. */
	vinc(&f, 2, 1);
	sched_run(&f, 10.0, 1);
	l = &f.blocks[1];
	KT_CHECK(l->res_mii == 3 && l->pipelined && l->ii == 3, "two loads + store: II = ResMII = 3",
	         "ResMII %d, pipelined %d, II %d", l->res_mii, l->pipelined, l->ii);
	verified(&f, "two loads + store: verifies");
	kfunc_free(&f);

	/* acc = acc * 3 + a[i] at 5 ns: the 32 x 3-bit multiply (4.30 ns) and the add (2.1 ns) do not fit one
	 * cycle, so the recurrence needs 2 cycles and the II is 2 although one load needs only 1. */
	{
		int i;
		int m = kb_devmem_loop(&f, 0, 1, &i);
		int acc = kb_phi(&f, 1, 32);
		kb_incoming(&f, acc, kb_c(0, 32), 0);
		int x = kb_load(&f, 1, m, kb_v(&f, kb_index(&f, 1, kb_arg(0), kb_v(&f, i))));
		int mul = kb_op(&f, 1, K_MUL, 32, kb_v(&f, acc), kb_c(3, 32), KB_NONE);
		int add = kb_op(&f, 1, K_ADD, 32, kb_v(&f, mul), kb_v(&f, x), KB_NONE);
		kb_incoming(&f, acc, kb_v(&f, add), 1);
		kb_loop_close(&f, i, 2);
		sched_run(&f, 5.0, 1);
		l = &f.blocks[1];
		KT_CHECK(l->rec_mii == 2 && l->res_mii == 1,
		         "multiply recurrence at 5 ns: RecMII 2, ResMII 1", "RecMII %d, ResMII %d",
		         l->rec_mii, l->res_mii);
		KT_CHECK(l->pipelined && l->ii == 2, "multiply recurrence: pipelined at II 2",
		         "pipelined %d, II %d (%s)", l->pipelined, l->ii, l->nopipe);
		verified(&f, "multiply recurrence: verifies");
		kfunc_free(&f);
	}

	/* acc = acc + a[i] in float: the phi takes the adder's registered output in the slot it appears
	 * (kir_back_gap 0), so the recurrence costs the adder's levels and no more. */
	{
		int i;
		int m = kb_devmem_loop(&f, 0, 1, &i);
		int acc = kb_phi(&f, 1, 32);
		kb_incoming(&f, acc, kb_c(0, 32), 0);
		int x = kb_load(&f, 1, m, kb_v(&f, kb_index(&f, 1, kb_arg(0), kb_v(&f, i))));
		int add = kb_op(&f, 1, K_FADD, 32, kb_v(&f, acc), kb_v(&f, x), KB_NONE);
		kb_incoming(&f, acc, kb_v(&f, add), 1);
		kb_loop_close(&f, i, 2);
		sched_run(&f, 10.0, 1);
		l = &f.blocks[1];
		int lat = fp_unit_latency(&f.insts[add], 10.0);
		KT_CHECK(l->rec_mii == lat && l->pipelined && l->ii == lat,
		         "float accumulation: RecMII and II are the adder's latency",
		         "latency %d, RecMII %d, pipelined %d, II %d (%s)", lat, l->rec_mii, l->pipelined,
		         l->ii, l->nopipe);
		verified(&f, "float accumulation: verifies");
		char err[512] = "";
		f.insts[acc].pslot = f.insts[add].pslot - l->ii - 1; /* a cycle before the adder has it */
		KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "there only in slot"),
		         "float accumulation: a phi read before the adder's output is caught", "\"%s\"", err);
		kfunc_free(&f);
	}

	/* a[i + 1] = a[i] + 1: the load of iteration j + 1 must wait for the store of j, 4 cycles of memory
	 * latency later, which is as long as the loop takes unpipelined: it stays sequential. */
	{
		int i;
		int m = kb_devmem_loop(&f, 0, 1, &i);
		int x = kb_load(&f, 1, m, kb_v(&f, kb_index(&f, 1, kb_arg(0), kb_v(&f, i))));
		int inc = kb_op(&f, 1, K_ADD, 32, kb_v(&f, x), kb_c(1, 32), KB_NONE);
		int i1 = kb_op(&f, 1, K_ADD, 32, kb_v(&f, i), kb_c(1, 32), KB_NONE);
		kb_store(&f, 1, m, kb_v(&f, kb_index(&f, 1, kb_arg(0), kb_v(&f, i1))), kb_v(&f, inc));
		kb_loop_close(&f, i, 2);
		sched_run(&f, 10.0, 1);
		l = &f.blocks[1];
		KT_CHECK(!l->pipelined && strstr(l->nopipe, "must wait for the store") &&
		             strstr(l->nopipe, "they meet"),
		         "store -> load at distance 1: not overlapped", "pipelined %d, II %d, \"%s\"",
		         l->pipelined, l->ii, l->nopipe);
		KT_CHECK(l->last_step - l->first_step + 1 == 5,
		         "store -> load at distance 1: 5 sequential states", "%d",
		         l->last_step - l->first_step + 1);
		verified(&f, "store -> load at distance 1: the sequential schedule verifies");
		kfunc_free(&f);
	}

	/* out[i] = in[i] + 1 through plain pointers: they may alias, so the same. */
	vinc(&f, 1, 0);
	sched_run(&f, 10.0, 1);
	l = &f.blocks[1];
	KT_CHECK(!l->pipelined && strstr(l->nopipe, "may alias"), "plain pointers: not overlapped",
	         "pipelined %d, \"%s\"", l->pipelined, l->nopipe);
	kfunc_free(&f);

	/* out[i] = loc[i] + loc[i + 1] + loc[i + 2] from a local array: its two ports take two loads per
	 * cycle, so the three loads need II 2 (ResMII 2, not 3); the verifier counts each II column against
	 * the ports. */
	{
		int i;
		kb_init(&f, 3);
		kb_pointer(&f, 0, 1);
		int dm = kb_mem(&f, MEM_DEVMEM), loc = kb_mem(&f, MEM_LOCAL), x[3];
		kb_loop_open(&f, &i);
		kval sum = kb_c(0, 32);
		for (int q = 0; q < 3; q++) {
			int iq = kb_op(&f, 1, K_ADD, 32, kb_v(&f, i), kb_c((uint64_t)q, 32), KB_NONE);
			x[q] = kb_load(&f, 1, loc, kb_v(&f, kb_index(&f, 1, kb_c(0, 32), kb_v(&f, iq))));
			sum = kb_v(&f, kb_op(&f, 1, K_ADD, 32, sum, kb_v(&f, x[q]), KB_NONE));
		}
		kb_store(&f, 1, dm, kb_v(&f, kb_index(&f, 1, kb_arg(0), kb_v(&f, i))), sum);
		kb_loop_close(&f, i, 2);
		sched_run(&f, 10.0, 1);
		l = &f.blocks[1];
		KT_CHECK(l->res_mii == 2 && l->pipelined && l->ii == 2,
		         "three loads of a local array: two ports, II 2",
		         "ResMII %d, pipelined %d, II %d (%s)", l->res_mii, l->pipelined, l->ii, l->nopipe);
		verified(&f, "three loads of a local array: verifies");
		int c0 = f.insts[x[0]].pissue % 2, c2 = f.insts[x[2]].pissue % 2;
		int other = c0 == c2 ? x[1] : x[2]; /* a load whose column is not x[0]'s */
		int old = f.insts[other].pissue;
		f.insts[other].pissue = f.insts[x[0]].pissue + 2; /* x[0]'s column, an iteration on */
		f.insts[other].pslot = f.insts[other].pissue + 1;
		char err[512] = "";
		KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "ports of one memory"),
		         "three loads in one II column of a two-port memory are caught", "\"%s\"", err);
		f.insts[other].pissue = old;
		kfunc_free(&f);
	}

	/* loc[1] = (char)(loc[0] + i), a byte store and a word load of one local array at addresses that
	 * never meet as bytes but share a RAM word: memdep compares them by word, so the store of one
	 * iteration and the load of the next never share a cycle (at II 1 they would, every cycle). */
	{
		int i;
		kb_init(&f, 3);
		int loc = kb_mem(&f, MEM_LOCAL);
		kb_loop_open(&f, &i);
		int x = kb_load(&f, 1, loc, kb_c(0, 32));
		int sum = kb_op(&f, 1, K_ADD, 32, kb_v(&f, x), kb_v(&f, i), KB_NONE);
		int st = kb_store(&f, 1, loc, kb_c(1, 32), kb_v(&f, sum));
		f.insts[st].bytes = 1;
		kb_loop_close(&f, i, 2);
		sched_run(&f, 10.0, 1);
		l = &f.blocks[1];
		int apart = l->pipelined ? f.insts[st].pissue % l->ii != f.insts[x].pissue % l->ii
		                         : f.insts[st].issue != f.insts[x].issue;
		KT_CHECK(apart, "a byte store and a word load of one RAM word: never in one cycle",
		         "ResMII %d, pipelined %d, II %d, store %d/%d, load %d/%d", l->res_mii, l->pipelined,
		         l->ii, f.insts[st].issue, f.insts[st].pissue, f.insts[x].issue, f.insts[x].pissue);
		verified(&f, "a byte store beside a word load: verifies");
		kfunc_free(&f);
	}

	/* --no-pipeline: the loop stays sequential, its bounds still reported. */
	vinc(&f, 1, 1);
	sched_run(&f, 10.0, 0);
	l = &f.blocks[1];
	KT_CHECK(!l->pipelined && l->res_mii == 2 && l->rec_mii == 1,
	         "without pipelining: sequential, bounds kept", "pipelined %d, ResMII %d, RecMII %d",
	         l->pipelined, l->res_mii, l->rec_mii);
	verified(&f, "without pipelining: verifies");

	/* A broken solution of the same problem is caught: II below the bounds, a recurrence missed. */
	kfunc_free(&f);
	vinc(&f, 1, 1);
	sched_run(&f, 10.0, 1);
	char err[512] = "";
	f.blocks[1].ii = 1;
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "below its bounds"),
	         "an II below ResMII is caught", "\"%s\"", err);
	f.blocks[1].ii = 2;
	for (int j = 0; j < f.blocks[1].ninsts; j++) {
		kinst *k = &f.insts[f.blocks[1].insts[j]];
		if (k->op == K_PHI && k->width == 32)
			k->pslot = -2; /* read two cycles before it is there */
	}
	KT_CHECK(sched_verify(&f, err, sizeof err) != 0 && strstr(err, "there only in slot"),
	         "a recurrence not kept is caught", "\"%s\"", err);
	kfunc_free(&f);
	return KT_DONE();
}
