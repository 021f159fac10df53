// SPDX-License-Identifier: Apache-2.0
/* memdep_loop on hand-built loops (no Verilator, no LLVM): affine addresses give exact distances, accesses
 * through different pointers meet only when neither is restrict, and an address the analysis cannot follow
 * is a dependence at distance 1 both ways. */
#include "hls/schedule/memdep.h"
#include "test/harness.h"
#include "test/sched/kir_builder.h"

/* A loop over i that loads a[i + LOAD_OFF] and stores to a[i + STORE_OFF] (words), both on device memory;
 * with TWO_POINTERS the store goes through b, restrict when NOALIAS. */
static void loop(kfunc *f, int load_off, int store_off, int two_pointers, int noalias, int *ld, int *st)
{
	int i;
	int m = kb_devmem_loop(f, 1, noalias, &i); /* a, b, n */
	int li = kb_op(f, 1, K_ADD, 32, kb_v(f, i), kb_c((uint32_t)load_off, 32), KB_NONE);
	int si = kb_op(f, 1, K_ADD, 32, kb_v(f, i), kb_c((uint32_t)store_off, 32), KB_NONE);
	*ld = kb_load(f, 1, m, kb_v(f, kb_index(f, 1, kb_arg(0), kb_v(f, li))));
	*st = kb_store(f, 1, m, kb_v(f, kb_index(f, 1, kb_arg(two_pointers ? 1 : 0), kb_v(f, si))),
	               kb_v(f, *ld));
	kb_loop_close(f, i, 2);
}

static int find(const memdep *d, int n, int later, int earlier)
{
	for (int i = 0; i < n; i++)
		if (d[i].later == later && d[i].earlier == earlier)
			return i;
	return -1;
}

int main(void)
{
	kfunc f;
	memdep *d = NULL;
	int ld, st, n, x;

	/* a[i + 1] = a[i]: the load of iteration j + 1 reads what the store of j wrote; a store never meets
	 * a load of an earlier iteration. */
	loop(&f, 0, 1, 0, 0, &ld, &st);
	n = memdep_loop(&f, 1, &d);
	x = find(d, n, ld, st);
	KT_CHECK(n == 1 && x == 0 && d[0].dist == 1 && d[0].exact,
	         "a[i+1] = a[i]: load after store, distance 1",
	         "%d dependence(s), load-after-store at %d, distance %d, exact %d", n, x,
	         x >= 0 ? d[x].dist : -1, x >= 0 ? d[x].exact : -1);
	free(d);
	kfunc_free(&f);

	/* a[i + 3] = a[i]: distance 3. */
	loop(&f, 0, 3, 0, 0, &ld, &st);
	n = memdep_loop(&f, 1, &d);
	x = find(d, n, ld, st);
	KT_CHECK(n == 1 && x >= 0 && d[x].dist == 3 && d[x].exact, "a[i+3] = a[i]: distance 3", "%d, dist %d",
	         n, x >= 0 ? d[x].dist : -1);
	free(d);
	kfunc_free(&f);

	/* a[i] = a[i + 2]: the store of iteration j + 2 overwrites what the load of j read: store after
	 * load at distance 2, and no load waits for a store. */
	loop(&f, 2, 0, 0, 0, &ld, &st);
	n = memdep_loop(&f, 1, &d);
	x = find(d, n, st, ld);
	KT_CHECK(n == 1 && x >= 0 && d[x].dist == 2 && d[x].exact,
	         "a[i] = a[i+2]: store after load, distance 2", "%d, dist %d", n, x >= 0 ? d[x].dist : -1);
	free(d);
	kfunc_free(&f);

	/* a[i] = a[i]: the same word every iteration only within one; across iterations never. */
	loop(&f, 0, 0, 0, 0, &ld, &st);
	n = memdep_loop(&f, 1, &d);
	KT_CHECK(n == 0, "a[i] = a[i]: no cross-iteration dependence", "%d", n);
	free(d);
	kfunc_free(&f);

	/* b[i] = a[i] through two plain pointers: they may alias, distance 1 both ways, not exact. */
	loop(&f, 0, 0, 1, 0, &ld, &st);
	n = memdep_loop(&f, 1, &d);
	int x1 = find(d, n, ld, st), x2 = find(d, n, st, ld);
	KT_CHECK(n == 2 && x1 >= 0 && x2 >= 0 && d[x1].dist == 1 && d[x2].dist == 1 && !d[x1].exact &&
	             !d[x2].exact,
	         "two plain pointers: distance 1 both ways", "%d dependence(s)", n);
	free(d);
	kfunc_free(&f);

	/* The same with restrict pointers: never a conflict. */
	loop(&f, 0, 0, 1, 1, &ld, &st);
	n = memdep_loop(&f, 1, &d);
	KT_CHECK(n == 0, "restrict pointers never conflict", "%d dependence(s)", n);
	free(d);
	kfunc_free(&f);

	/* a[a[i]] = i: the store's address is loaded in the loop, which the analysis does not follow. */
	{
		int i;
		int m = kb_devmem_loop(&f, 0, 1, &i);
		ld = kb_load(&f, 1, m, kb_v(&f, kb_index(&f, 1, kb_arg(0), kb_v(&f, i))));
		st = kb_store(&f, 1, m, kb_v(&f, kb_index(&f, 1, kb_arg(0), kb_v(&f, ld))), kb_v(&f, i));
		kb_loop_close(&f, i, 2);
		n = memdep_loop(&f, 1, &d);
		x1 = find(d, n, ld, st);
		x2 = find(d, n, st, ld);
		KT_CHECK(n == 2 && x1 >= 0 && x2 >= 0 && d[x1].dist == 1 && d[x2].dist == 1 && !d[x1].exact,
		         "an unknown address: distance 1 both ways", "%d dependence(s)", n);
		free(d);
		kfunc_free(&f);
	}
	return KT_DONE();
}
