// SPDX-License-Identifier: Apache-2.0
/* If-conversion on hand-built loops (no Verilator, no LLVM): a diamond in a loop body becomes one block whose
 * stores carry the branch condition as a predicate and whose join phi is a select, which the pipeliner then
 * overlaps; a side that loads from a module port or divides is left alone. */
#include "hls/cdfg/ifconv.h"
#include "hls/schedule/schedule.h"
#include "hls/schedule/verify.h"
#include "test/harness.h"
#include "test/sched/kir_builder.h"

enum { SIDE_PLAIN, SIDE_PORT_LOAD, SIDE_DIV };

/* for (i...) { if (i < 5) { x = i + 10; buf[i] = x; } else { x = i - 1 (SIDE: or a device-memory load, or
 * i / arg) } out[i] = x + in[i]; }: blocks 0 entry, 1 header, 2 then, 3 else, 4 latch, 5 exit; the then
 * store, the latch phi and the header's condition. */
static void diamond(kfunc *f, int side, int *then_store, int *join, int *cond)
{
	kb_init(f, 3);
	kb_pointer(f, 0, 1);
	kb_pointer(f, 1, 1);
	int dev = kb_mem(f, MEM_DEVMEM), buf = kb_mem(f, MEM_LOCAL);
	for (int b = 0; b < 6; b++)
		kb_block(f);
	kb_br(f, 0, 1);
	int i = kb_phi(f, 1, 32);
	kb_incoming(f, i, kb_c(0, 32), 0);
	*cond = kb_op(f, 1, K_ICMP, 1, kb_v(f, i), kb_c(5, 32), KB_NONE);
	f->insts[*cond].pred = KP_ULT;
	kb_condbr(f, 1, kb_v(f, *cond), 2, 3);
	int x = kb_op(f, 2, K_ADD, 32, kb_v(f, i), kb_c(10, 32), KB_NONE);
	*then_store = kb_store(f, 2, buf, kb_v(f, kb_index(f, 2, kb_c(0, 32), kb_v(f, i))), kb_v(f, x));
	kb_br(f, 2, 4);
	int y = side == SIDE_PORT_LOAD ? kb_load(f, 3, dev, kb_arg(0))
	        : side == SIDE_DIV     ? kb_op(f, 3, K_UDIV, 32, kb_v(f, i), kb_arg(1), KB_NONE)
	                               : kb_op(f, 3, K_SUB, 32, kb_v(f, i), kb_c(1, 32), KB_NONE);
	kb_br(f, 3, 4);
	*join = kb_phi(f, 4, 32);
	kb_incoming(f, *join, kb_v(f, x), 2);
	kb_incoming(f, *join, kb_v(f, y), 3);
	int in = kb_load(f, 4, dev, kb_v(f, kb_index(f, 4, kb_arg(1), kb_v(f, i))));
	int sum = kb_op(f, 4, K_ADD, 32, kb_v(f, *join), kb_v(f, in), KB_NONE);
	kb_store(f, 4, dev, kb_v(f, kb_index(f, 4, kb_arg(0), kb_v(f, i))), kb_v(f, sum));
	int next = kb_op(f, 4, K_ADD, 32, kb_v(f, i), kb_c(1, 32), KB_NONE);
	kb_incoming(f, i, kb_v(f, next), 4);
	int c = kb_op(f, 4, K_ICMP, 1, kb_v(f, next), kb_arg(2), KB_NONE);
	f->insts[c].pred = KP_NE;
	kb_condbr(f, 4, kb_v(f, c), 1, 5);
	kb_ret(f, 5);
}

int main(void)
{
	kfunc f;
	int st, join, cond;

	diamond(&f, SIDE_PLAIN, &st, &join, &cond);
	int n = ifconv_loops(&f);
	const kinst *j = &f.insts[join], *s = &f.insts[st];
	KT_CHECK(n == 1 && f.blocks[2].ninsts == 0 && f.blocks[3].ninsts == 0 && f.blocks[4].ninsts == 0,
	         "a diamond in a loop becomes one block", "%d merged; then %d, else %d, latch %d ops", n,
	         f.blocks[2].ninsts, f.blocks[3].ninsts, f.blocks[4].ninsts);
	KT_CHECK(j->op == K_SELECT && j->nargs == 3 && j->a[0].kind == KV_OP && j->a[0].id == cond &&
	             j->a[1].kind == KV_OP && f.insts[j->a[1].id].op == K_ADD &&
	             f.insts[j->a[2].id].op == K_SUB && j->block == 1,
	         "the join phi becomes a select on the condition", "op %s, %d args", kop_name(j->op),
	         j->nargs);
	KT_CHECK(s->nargs == 3 && s->a[2].kind == KV_OP && s->a[2].id == cond && s->block == 1,
	         "the then side's store is predicated on the condition", "%d args", s->nargs);
	const kinst *t = &f.insts[f.blocks[1].insts[f.blocks[1].ninsts - 1]];
	KT_CHECK(t->op == K_CONDBR && t->succ[0] == 1 && t->succ[1] == 5, "the merged block loops on itself",
	         "%s -> %d, %d", kop_name(t->op), t->succ[0], t->succ[1]);
	sched_run(&f, 10.0, 1);
	char err[512] = "";
	KT_CHECK(f.blocks[1].pipelined && f.blocks[1].ii == 2,
	         "the if-converted loop is pipelined at II 2 (device memory read and write)",
	         "pipelined %d, II %d (%s)", f.blocks[1].pipelined, f.blocks[1].ii, f.blocks[1].nopipe);
	KT_CHECK(sched_verify(&f, err, sizeof err) == 0, "the if-converted loop's schedule verifies", "%s",
	         err);
	kfunc_free(&f);

	diamond(&f, SIDE_PORT_LOAD, &st, &join, &cond);
	n = ifconv_loops(&f);
	KT_CHECK(n == 0 && f.blocks[3].ninsts == 2 && f.insts[join].op == K_PHI,
	         "a side loading from a module port is not speculated", "%d merged", n);
	kfunc_free(&f);

	diamond(&f, SIDE_DIV, &st, &join, &cond);
	n = ifconv_loops(&f);
	KT_CHECK(n == 0 && f.insts[join].op == K_PHI, "a side with a division is not speculated", "%d merged",
	         n);
	kfunc_free(&f);
	return KT_DONE();
}
