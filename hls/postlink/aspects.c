// SPDX-License-Identifier: Apache-2.0
#include "aspects.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/aspect_names.h"
#include "../ir/ir_util.h"
#include "host/common/sort.h"

#define USED_ASPECTS "sycl_used_aspects"

/* A small sorted set of aspect numbers. */
typedef struct aset {
	int32_t *v;
	size_t n, cap;
} aset;

/* Adds X to S; 1 when it was new, 0 when present, -1 when out of memory. */
static int aset_add(aset *s, int32_t x)
{
	size_t i = 0;
	while (i < s->n && s->v[i] < x)
		i++;
	if (i < s->n && s->v[i] == x)
		return 0;
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 4;
		int32_t *nv = realloc(s->v, cap * sizeof *nv);
		if (!nv)
			return -1;
		s->v = nv;
		s->cap = cap;
	}
	memmove(s->v + i + 1, s->v + i, (s->n - i) * sizeof *s->v);
	s->v[i] = x;
	s->n++;
	return 1;
}

/* Adds every member of FROM to TO: 1 when TO grew, 0 when not, -1 when out of memory. */
static int aset_merge(aset *to, const aset *from)
{
	int grew = 0;
	for (size_t i = 0; i < from->n; i++) {
		int r = aset_add(to, from->v[i]);
		if (r < 0)
			return -1;
		grew |= r;
	}
	return grew;
}

/* The integer an aspect operand carries: the constant itself, or the second field of a {name, N} pair. */
static int operand_aspect(LLVMValueRef op, int32_t *out)
{
	if (op && LLVMIsAMDNode(op) && LLVMGetMDNodeNumOperands(op) == 2)
		op = ir_md_operand(op, 1);
	if (!op || !LLVMIsAConstantInt(op))
		return -1;
	*out = (int32_t)LLVMConstIntGetSExtValue(op);
	return 0;
}

static int read_aspects(LLVMValueRef fn, aset *s)
{
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
	unsigned kind = LLVMGetMDKindIDInContext(ctx, USED_ASPECTS, (unsigned)strlen(USED_ASPECTS));
	size_t n = 0;
	LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(fn, &n);
	int rc = 0;
	for (size_t e = 0; e < n && rc == 0; e++) {
		if (LLVMValueMetadataEntriesGetKind(md, (unsigned)e) != kind)
			continue;
		LLVMValueRef node =
		    LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)e));
		unsigned k = 0;
		LLVMValueRef *ops = ir_md_operands(node, &k);
		for (unsigned i = 0; i < k && rc == 0; i++) {
			int32_t a;
			if (operand_aspect(ops[i], &a) == 0 && aset_add(s, a) < 0)
				rc = -1;
		}
		free(ops);
	}
	if (md)
		LLVMDisposeValueMetadataEntries(md);
	return rc;
}

int postlink_fn_aspects(LLVMValueRef fn, int32_t **out)
{
	aset s = {0};
	if (read_aspects(fn, &s) != 0) {
		free(s.v);
		return -1;
	}
	*out = s.v;
	return (int)s.n;
}

static void write_aspects(LLVMValueRef fn, const aset *s)
{
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
	LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
	LLVMMetadataRef *ops = calloc(s->n ? s->n : 1, sizeof *ops);
	if (!ops)
		return;
	for (size_t i = 0; i < s->n; i++)
		ops[i] = LLVMValueAsMetadata(LLVMConstInt(i32, (unsigned long long)(int64_t)s->v[i], 1));
	LLVMGlobalSetMetadata(fn, LLVMGetMDKindIDInContext(ctx, USED_ASPECTS, (unsigned)strlen(USED_ASPECTS)),
	                      LLVMMDNodeInContext2(ctx, ops, s->n));
	free(ops);
}

int postlink_add_fn_aspects(LLVMValueRef fn, const int32_t *nums, size_t n)
{
	aset s = {0};
	int rc = read_aspects(fn, &s);
	size_t had = s.n;
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = aset_add(&s, nums[i]) < 0 ? -1 : 0;
	if (rc == 0 && s.n != had)
		write_aspects(fn, &s);
	free(s.v);
	return rc;
}

typedef struct node {
	LLVMValueRef fn;
	aset own, all;
	size_t *callees, ncallees;
} node;

static int by_fn(const void *a, const void *b)
{
	LLVMValueRef x = ((const node *)a)->fn, y = ((const node *)b)->fn;
	return x < y ? -1 : x > y;
}

/* G is sorted by function (by_fn), so that each call finds its callee in log time. */
static int find(const node *g, size_t n, LLVMValueRef fn)
{
	node key = {.fn = fn};
	const node *hit = fn ? bsearch(&key, g, n, sizeof *g, by_fn) : NULL;
	return hit ? (int)(hit - g) : -1;
}

/* One round of propagation: 1 when some function gained an aspect, 0 at the fixed point, -1 on no memory. */
static int propagate_round(node *g, size_t n)
{
	int grew = 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t c = 0; c < g[i].ncallees; c++) {
			int r = aset_merge(&g[i].all, &g[g[i].callees[c]].all);
			if (r < 0)
				return -1;
			grew |= r;
		}
		unsigned cl = 0;
		const char *calls = ir_fn_attr(g[i].fn, VF_ATTR_CALLS, &cl);
		if (!calls)
			continue;
		/* The set's aspects are those of its definitions; a declaration is another image's. */
		for (size_t j = 0; j < n; j++) {
			unsigned sl = 0;
			const char *set = ir_fn_attr(g[j].fn, VF_ATTR_SET, &sl);
			if (!set || !LLVMCountBasicBlocks(g[j].fn) || !ir_list_has(calls, cl, set, sl))
				continue;
			int r = aset_merge(&g[i].all, &g[j].all);
			if (r < 0)
				return -1;
			grew |= r;
		}
	}
	return grew;
}

int postlink_propagate_aspects(LLVMModuleRef mod)
{
	size_t n = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		n++;
	node *g = calloc(n ? n : 1, sizeof *g);
	int rc = g ? 0 : -1;
	size_t i = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); g && fn; fn = LLVMGetNextFunction(fn))
		g[i++].fn = fn;
	kiln_sort(g, n, sizeof *g, by_fn);
	for (i = 0; rc == 0 && i < n; i++) {
		rc = read_aspects(g[i].fn, &g[i].own) || aset_merge(&g[i].all, &g[i].own) < 0 ? -1 : 0;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(g[i].fn); rc == 0 && bb;
		     bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); rc == 0 && in;
			     in = LLVMGetNextInstruction(in)) {
				int c = find(g, n, ir_direct_callee(in));
				if (c < 0)
					continue;
				size_t *nc = realloc(g[i].callees, (g[i].ncallees + 1) * sizeof *nc);
				if (!nc) {
					rc = -1;
					break;
				}
				g[i].callees = nc;
				nc[g[i].ncallees++] = (size_t)c;
			}
	}
	int r = 1;
	while (rc == 0 && r > 0)
		if ((r = propagate_round(g, n)) < 0)
			rc = -1;
	for (i = 0; g && i < n; i++) {
		/* Declarations keep theirs: a body elsewhere answers for them. */
		if (rc == 0 && g[i].all.n != g[i].own.n && LLVMCountBasicBlocks(g[i].fn))
			write_aspects(g[i].fn, &g[i].all);
		free(g[i].own.v);
		free(g[i].all.v);
		free(g[i].callees);
	}
	free(g);
	return rc;
}

int postlink_image_aspects(LLVMModuleRef m, uint32_t **out)
{
	aset all = {0}, fa = {0};
	int rc = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn && rc == 0; fn = LLVMGetNextFunction(fn)) {
		fa.n = 0;
		if (read_aspects(fn, &fa) != 0)
			rc = -1;
		/* Negative aspects are DPC++'s internal ones: they only ever steer the split. */
		for (size_t i = 0; rc == 0 && i < fa.n; i++)
			if (fa.v[i] >= 0 && aset_add(&all, fa.v[i]) < 0)
				rc = -1;
	}
	free(fa.v);
	if (rc) {
		free(all.v);
		return -1;
	}
	*out = (uint32_t *)all.v;
	return (int)all.n;
}

const char *postlink_missing_aspect(LLVMValueRef fn, const char *const *supported, size_t n, char *buf,
                                    size_t blen)
{
	aset s = {0};
	const char *missing = NULL;
	read_aspects(fn, &s);
	for (size_t i = 0; i < s.n && !missing; i++) {
		if (s.v[i] < 0)
			continue;
		const char *name = kiln_aspect_name(s.v[i]);
		int have = 0;
		for (size_t j = 0; name && j < n && !have; j++) {
			int32_t num;
			/* A board may spell an aspect by an older name of the same number. */
			have = !strcmp(supported[j], name) ||
			       (kiln_aspect_number(supported[j], &num) == 0 && num == s.v[i]);
		}
		if (!have) {
			if (name)
				missing = name;
			else {
				snprintf(buf, blen, "aspect %d", (int)s.v[i]);
				missing = buf;
			}
		}
	}
	free(s.v);
	return missing;
}
