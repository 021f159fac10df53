// SPDX-License-Identifier: Apache-2.0
/* Hardware has no call stack: everything is inlined into its kernel, and a function that calls itself
 * (directly, or through others: one strongly connected set of the call graph) cannot be. What tail-call
 * elimination leaves of such a set becomes one function F that runs as a state machine around one dispatch
 * block:
 *
 *   - F's entry sets the stack pointer to 0 and the next state to the member it was called as;
 *   - the dispatch block enters a member's body (a call) or returns (a member's `ret`);
 *   - a call among the members stores the callee's arguments, pushes the call's return id, increments the
 *     stack pointer (stopping the kernel, like a failed assert, when the stack is full) and dispatches;
 *   - a return stores its value; at depth 0 F returns it, else the stack pointer is decremented and the
 *     popped return id picks the block after the call, which reads the value.
 *
 * A frame is what must survive a call: every value live across one (found by liveness over the new
 * control flow, which is exact for that question: a path that reaches a use from a call's continuation
 * without its definition either is one in the original function or passes another continuation) and
 * every local variable. Each gets an array of DEPTH elements in on-chip memory, indexed by the stack
 * pointer: stored after the definition, loaded at each use. Everything else stays a register. Everything
 * re-enters through the dispatch block, so the loop is a natural one and the scheduler sees ordinary
 * control flow. Each member becomes a wrapper that calls F, and inlining takes it from there. */
#include "recursion.h"

#include "../../host/common/contract.h"
#include "../ir/ir_cfg.h"
#include "../ir/ir_util.h"
#include "../ir/vmap.h"
#include "../support/diag.h"
#include "debug_channel.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The named metadata that lists each lowered recursion (its name, its depth) for the image. */
#define RECURSION_MD "kiln.recursion"

typedef struct member {
	LLVMValueRef fn;         /* the original, a wrapper of F at the end */
	LLVMBasicBlockRef entry; /* its body's first block, now in F */
	unsigned nparams, first; /* its parameters are F's FIRST .. FIRST+NPARAMS-1 */
	LLVMValueRef *argslot;   /* where a call leaves each argument */
	LLVMValueRef retslot;    /* where a return leaves its value; NULL: void */
	int field;               /* its field of F's result, -1 when F's result is its own or none */
} member;

typedef struct site {
	LLVMValueRef call;
	int callee;
	LLVMBasicBlockRef cont; /* the rest of the call's block: where its return resumes */
} site;

typedef struct rec {
	LLVMModuleRef m;
	LLVMContextRef cx;
	LLVMBuilderRef b;
	LLVMTypeRef i32;
	LLVMValueRef F;
	LLVMBasicBlockRef e0, head, rall;
	member *mem;
	int n;
	site *sites;
	int nsites;
	unsigned depth;
	LLVMValueRef sp, next, rids; /* stack pointer, next state, return ids */
} rec;

int recursion_parse_depth(const char *s, size_t n, unsigned *out)
{
	unsigned long long v = 0;
	size_t i = 0;
	for (; i < n && s[i] >= '0' && s[i] <= '9' && v <= RECURSION_MAX_DEPTH; i++)
		v = v * 10 + (unsigned)(s[i] - '0');
	if (!i)
		return -1;
	i += i < n && (s[i] == 'u' || s[i] == 'U');
	if (i != n || v < 1 || v > RECURSION_MAX_DEPTH)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* ---- The call graph's strongly connected sets (Tarjan) ---- */

typedef struct graph {
	vmap index;
	LLVMValueRef *fns;
	int n, counter, top, nscc;
	int *idx, *low, *on, *stack, *scc;
} graph;

static void strong(graph *g, int v)
{
	g->idx[v] = g->low[v] = ++g->counter;
	g->stack[g->top++] = v;
	g->on[v] = 1;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(g->fns[v]); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			LLVMValueRef callee = LLVMIsACallInst(in) ? ir_direct_callee(in) : NULL;
			int w;
			if (!callee || !vmap_get(&g->index, callee, &w))
				continue;
			if (!g->idx[w]) {
				strong(g, w);
				g->low[v] = g->low[w] < g->low[v] ? g->low[w] : g->low[v];
			} else if (g->on[w] && g->idx[w] < g->low[v]) {
				g->low[v] = g->idx[w];
			}
		}
	if (g->low[v] != g->idx[v])
		return;
	int w;
	do {
		w = g->stack[--g->top];
		g->on[w] = 0;
		g->scc[w] = g->nscc;
	} while (w != v);
	g->nscc++;
}

static void graph_free(graph *g)
{
	vmap_free(&g->index);
	free(g->fns);
	free(g->idx);
	free(g->low);
	free(g->on);
	free(g->stack);
	free(g->scc);
}

/* Fills G; 0, or -1 when out of memory. */
static int graph_build(graph *g, LLVMModuleRef mod)
{
	memset(g, 0, sizeof *g);
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		g->n += LLVMCountBasicBlocks(fn) != 0;
	size_t n = (size_t)g->n + 1;
	g->fns = calloc(n, sizeof *g->fns);
	g->idx = calloc(n, sizeof *g->idx);
	g->low = calloc(n, sizeof *g->low);
	g->on = calloc(n, sizeof *g->on);
	g->stack = calloc(n, sizeof *g->stack);
	g->scc = calloc(n, sizeof *g->scc);
	if (!g->fns || !g->idx || !g->low || !g->on || !g->stack || !g->scc)
		return -1;
	int i = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		if (LLVMCountBasicBlocks(fn)) {
			vmap_put(&g->index, fn, i);
			g->fns[i++] = fn;
		}
	for (i = 0; i < g->n; i++)
		if (!g->idx[i])
			strong(g, i);
	return 0;
}

/* The first call in FN to a function of set S (a call to itself when FN's set is FN alone), or NULL. */
static LLVMValueRef call_into(graph *g, LLVMValueRef fn, int s)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			LLVMValueRef callee = LLVMIsACallInst(in) ? ir_direct_callee(in) : NULL;
			int w;
			if (callee && vmap_get(&g->index, callee, &w) && g->scc[w] == s)
				return in;
		}
	return NULL;
}

/* ---- Building blocks ---- */

static char *name_of(LLVMValueRef fn)
{
	size_t n = 0;
	const char *s = LLVMGetValueName2(fn, &n);
	char *out = malloc(1024);
	if (out)
		diag_shown(s, n, out, 1024);
	return out;
}

/* An alloca of T in F's entry block. */
static LLVMValueRef entry_alloca(rec *r, LLVMTypeRef t, const char *name)
{
	LLVMValueRef first = LLVMGetFirstInstruction(r->e0);
	if (first)
		LLVMPositionBuilderBefore(r->b, first);
	else
		LLVMPositionBuilderAtEnd(r->b, r->e0);
	return LLVMBuildAlloca(r->b, t, name);
}

/* Where a use of a value by USER's operand K is made: before USER, or for a phi at the end of the block
 * the value comes from. */
static void position_for_use(rec *r, LLVMValueRef user, unsigned k)
{
	if (LLVMIsAPHINode(user))
		LLVMPositionBuilderBefore(r->b, LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(user, k)));
	else
		LLVMPositionBuilderBefore(r->b, user);
}

/* The element of frame array A (of DEPTH elements) that belongs to the running call, at the builder. */
static LLVMValueRef frame_slot(rec *r, LLVMValueRef a)
{
	LLVMValueRef idx[2] = {LLVMConstInt(r->i32, 0, 0), LLVMBuildLoad2(r->b, r->i32, r->sp, "sp")};
	return LLVMBuildInBoundsGEP2(r->b, LLVMGetAllocatedType(a), a, idx, 2, "");
}

/* The users of V, each once. */
static LLVMValueRef *users_of(LLVMValueRef v, int *n)
{
	int cap = 0;
	*n = 0;
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
		cap++;
	LLVMValueRef *out = calloc((size_t)cap + 1, sizeof *out);
	for (LLVMUseRef u = LLVMGetFirstUse(v); u && out; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		int seen = 0;
		for (int i = 0; i < *n; i++)
			seen |= out[i] == user;
		if (!seen)
			out[(*n)++] = user;
	}
	return out;
}

static int is_call_to(LLVMValueRef in, const char *prefix)
{
	LLVMValueRef f = LLVMIsACallInst(in) ? ir_direct_callee(in) : NULL;
	size_t n = 0;
	const char *s = f ? LLVMGetValueName2(f, &n) : "";
	return f && !strncmp(s, prefix, strlen(prefix));
}

/* ---- The lowering of one set ---- */

/* Local variable A (of a fixed size) becomes an array of one per frame; each use reads its element. */
static void frame_local(rec *r, LLVMValueRef a)
{
	LLVMTypeRef t = LLVMGetAllocatedType(a);
	unsigned long long count = LLVMConstIntGetZExtValue(LLVMGetOperand(a, 0));
	LLVMTypeRef el = count == 1 ? t : LLVMArrayType(t, (unsigned)count);
	size_t n = 0;
	const char *name = LLVMGetValueName2(a, &n);
	char fname[300];
	snprintf(fname, sizeof fname, "%.*s.frames", (int)(n < 200 ? n : 200), name);
	LLVMValueRef fa = entry_alloca(r, LLVMArrayType(el, r->depth), fname);
	LLVMSetAlignment(fa, LLVMGetAlignment(a));
	int nu = 0;
	LLVMValueRef *users = users_of(a, &nu);
	for (int i = 0; i < nu && users; i++) {
		if (is_call_to(users[i], "llvm.lifetime.")) {
			LLVMInstructionEraseFromParent(users[i]);
			continue;
		}
		for (unsigned k = 0; k < (unsigned)LLVMGetNumOperands(users[i]); k++) {
			if (LLVMGetOperand(users[i], k) != a)
				continue;
			position_for_use(r, users[i], k);
			LLVMValueRef p = frame_slot(r, fa);
			if (count != 1) {
				LLVMValueRef zero[2] = {LLVMConstInt(r->i32, 0, 0),
				                        LLVMConstInt(r->i32, 0, 0)};
				p = LLVMBuildInBoundsGEP2(r->b, el, p, zero, 2, "");
			}
			LLVMSetOperand(users[i], k, LLVMBuildPointerCast(r->b, p, LLVMTypeOf(a), ""));
		}
	}
	free(users);
	LLVMInstructionEraseFromParent(a);
}

/* Value V, live across a call, is kept in the running frame's element of an array: stored where it is
 * defined, loaded where it is used. */
static void frame_value(rec *r, LLVMValueRef v)
{
	LLVMTypeRef t = LLVMTypeOf(v);
	int nu = 0;
	LLVMValueRef *users = users_of(v, &nu);
	LLVMValueRef fa = entry_alloca(r, LLVMArrayType(t, r->depth), "live.frames");
	LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
	LLVMValueRef after = LLVMGetNextInstruction(v);
	while (after && LLVMIsAPHINode(after))
		after = LLVMGetNextInstruction(after);
	LLVMPositionBuilderBefore(r->b, after ? after : LLVMGetBasicBlockTerminator(bb));
	LLVMBuildStore(r->b, v, frame_slot(r, fa));
	for (int i = 0; i < nu && users; i++)
		for (unsigned k = 0; k < (unsigned)LLVMGetNumOperands(users[i]); k++) {
			/* A use after the definition in its block sees no call in between. */
			if (LLVMGetOperand(users[i], k) != v ||
			    (!LLVMIsAPHINode(users[i]) && LLVMGetInstructionParent(users[i]) == bb))
				continue;
			position_for_use(r, users[i], k);
			LLVMSetOperand(users[i], k, LLVMBuildLoad2(r->b, t, frame_slot(r, fa), ""));
		}
	free(users);
}

/* Every value of F's members that is live where a call resumes goes to the frame (see the top). */
static int frame_live_values(rec *r)
{
	int nb = (int)LLVMCountBasicBlocks(r->F);
	LLVMBasicBlockRef *bbs = calloc((size_t)nb, sizeof *bbs);
	int *npred = calloc((size_t)nb, sizeof *npred), **pred = calloc((size_t)nb, sizeof *pred);
	int *mark = calloc((size_t)nb, sizeof *mark), *work = calloc((size_t)nb, sizeof *work);
	char *cont = calloc((size_t)nb, 1);
	vmap bix = {0};
	int ok = bbs && npred && pred && mark && work && cont, nlive = 0, cap = 0;
	LLVMValueRef *live = NULL;
	if (ok) {
		LLVMGetBasicBlocks(r->F, bbs);
		for (int i = 0; i < nb; i++)
			vmap_put(&bix, LLVMBasicBlockAsValue(bbs[i]), i);
		for (int s = 0; s < r->nsites; s++) {
			int c;
			if (vmap_get(&bix, LLVMBasicBlockAsValue(r->sites[s].cont), &c))
				cont[c] = 1;
		}
		for (int pass = 0; pass < 2 && ok; pass++)
			for (int i = 0; i < nb; i++) {
				LLVMValueRef t = LLVMGetBasicBlockTerminator(bbs[i]);
				for (unsigned k = 0; t && k < LLVMGetNumSuccessors(t); k++) {
					int j;
					if (!vmap_get(&bix, LLVMBasicBlockAsValue(LLVMGetSuccessor(t, k)),
					              &j))
						continue;
					if (pass)
						pred[j][npred[j]++] = i;
					else
						npred[j]++;
				}
				if (pass == 0 && i == nb - 1)
					for (int j = 0; j < nb && ok; j++) {
						pred[j] = calloc((size_t)npred[j] + 1, sizeof **pred);
						ok = pred[j] != NULL;
						npred[j] = 0;
					}
			}
	}
	int stamp = 0;
	for (int bi = 1; ok && bi < nb; bi++) /* not F's entry: its allocas are the frames themselves */
		for (LLVMValueRef v = LLVMGetFirstInstruction(bbs[bi]); v; v = LLVMGetNextInstruction(v)) {
			if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVoidTypeKind || !LLVMGetFirstUse(v))
				continue;
			stamp++;
			int top = 0, hit = 0;
			for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
				LLVMValueRef user = LLVMGetUser(u);
				int ub;
				for (unsigned k = 0; k < LLVMCountIncoming(user) && LLVMIsAPHINode(user); k++)
					if (LLVMGetIncomingValue(user, k) == v &&
					    vmap_get(&bix,
					             LLVMBasicBlockAsValue(LLVMGetIncomingBlock(user, k)),
					             &ub) &&
					    ub != bi && mark[ub] != stamp) {
						mark[ub] = stamp;
						work[top++] = ub;
					}
				if (!LLVMIsAPHINode(user) && LLVMIsAInstruction(user) &&
				    vmap_get(&bix, LLVMBasicBlockAsValue(LLVMGetInstructionParent(user)),
				             &ub) &&
				    ub != bi && mark[ub] != stamp) {
					mark[ub] = stamp;
					work[top++] = ub;
				}
			}
			while (top && !hit) {
				int b = work[--top];
				hit = cont[b];
				for (int k = 0; k < npred[b]; k++) {
					int p = pred[b][k];
					if (p != bi && mark[p] != stamp) {
						mark[p] = stamp;
						work[top++] = p;
					}
				}
			}
			if (!hit)
				continue;
			if (ir_push(&live, &nlive, &cap, v) != 0) {
				ok = 0;
				break;
			}
		}
	for (int i = 0; ok && i < nlive; i++)
		frame_value(r, live[i]);
	for (int i = 0; pred && i < nb; i++)
		free(pred[i]);
	free(pred);
	free(npred);
	free(bbs);
	free(mark);
	free(work);
	free(cont);
	free(live);
	vmap_free(&bix);
	return ok ? 0 : -1;
}

/* Member M's parameters become loads of its argument slots at the top of its body; a parameter passed by
 * value (byval) is copied into a local variable there, which gives each frame its own copy. */
static void take_params(rec *r, member *m)
{
	LLVMValueRef first = LLVMGetFirstInstruction(m->entry);
	LLVMTargetDataRef td = LLVMGetModuleDataLayout(r->m);
	unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
	for (unsigned j = 0; j < m->nparams; j++) {
		LLVMValueRef p = LLVMGetParam(m->fn, j);
		LLVMTypeRef t = LLVMTypeOf(p);
		m->argslot[j] = entry_alloca(r, t, "arg");
		LLVMPositionBuilderBefore(r->b, first);
		LLVMValueRef v = LLVMBuildLoad2(r->b, t, m->argslot[j], "");
		LLVMAttributeRef bv = LLVMGetEnumAttributeAtIndex(m->fn, j + 1, byval);
		if (bv) {
			LLVMTypeRef bt = LLVMGetTypeAttributeValue(bv);
			LLVMValueRef copy = LLVMBuildAlloca(r->b, bt, "byval.copy");
			unsigned align = LLVMABIAlignmentOfType(td, bt);
			LLVMSetAlignment(copy, align);
			LLVMBuildMemCpy(
			    r->b, copy, align, v, align,
			    LLVMConstInt(LLVMInt64TypeInContext(r->cx), LLVMABISizeOfType(td, bt), 0));
			v = LLVMBuildPointerCast(r->b, copy, t, "");
		}
		LLVMReplaceAllUsesWith(p, v);
	}
}

/* F's type: an i32 naming the member called (when there are several), then every member's parameters;
 * the one member's result, or a struct of each member's that has one. */
static LLVMTypeRef combined_type(rec *r)
{
	unsigned np = r->n > 1, nf = 0;
	for (int i = 0; i < r->n; i++)
		np += LLVMCountParams(r->mem[i].fn);
	LLVMTypeRef *params = calloc((size_t)np + 1, sizeof *params);
	LLVMTypeRef *fields = calloc((size_t)r->n + 1, sizeof *fields);
	if (!params || !fields) {
		free(params);
		free(fields);
		return NULL;
	}
	unsigned k = 0;
	if (r->n > 1)
		params[k++] = r->i32;
	for (int i = 0; i < r->n; i++) {
		member *m = &r->mem[i];
		LLVMTypeRef ft = LLVMGlobalGetValueType(m->fn), rt = LLVMGetReturnType(ft);
		m->nparams = LLVMCountParams(m->fn);
		m->first = k;
		LLVMGetParamTypes(ft, params + k);
		k += m->nparams;
		m->field = -1;
		if (LLVMGetTypeKind(rt) != LLVMVoidTypeKind && r->n > 1) {
			m->field = (int)nf;
			fields[nf++] = rt;
		}
	}
	LLVMTypeRef ret = r->n == 1 ? LLVMGetReturnType(LLVMGlobalGetValueType(r->mem[0].fn))
	                  : nf      ? LLVMStructTypeInContext(r->cx, fields, nf, 0)
	                            : LLVMVoidTypeInContext(r->cx);
	LLVMTypeRef fty = LLVMFunctionType(ret, params, np, 0);
	free(params);
	free(fields);
	return fty;
}

/* Each `ret` of member I leaves its value in the member's slot and dispatches to the return. */
static void rewrite_returns(rec *r, int i, LLVMBasicBlockRef *blocks, unsigned nb)
{
	member *m = &r->mem[i];
	for (unsigned k = 0; k < nb; k++) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(blocks[k]);
		if (!t || LLVMGetInstructionOpcode(t) != LLVMRet)
			continue;
		LLVMPositionBuilderBefore(r->b, t);
		LLVMSetCurrentDebugLocation2(r->b, LLVMInstructionGetDebugLoc(t));
		if (m->retslot && LLVMGetNumOperands(t))
			LLVMBuildStore(r->b, LLVMGetOperand(t, 0), m->retslot);
		LLVMBuildStore(r->b, LLVMConstInt(r->i32, (unsigned)r->n, 0), r->next);
		LLVMBuildBr(r->b, r->head);
		LLVMInstructionEraseFromParent(t);
	}
	LLVMSetCurrentDebugLocation2(r->b, NULL);
}

/* Call S among the members: check the stack has room, store the arguments, push the return id, enter the
 * callee; its result is read where the call's block resumes. */
static void rewrite_call(rec *r, int s, LLVMValueRef stop_at_full, const char *text)
{
	site *st = &r->sites[s];
	member *m = &r->mem[st->callee];
	LLVMValueRef call = st->call;
	LLVMBasicBlockRef bb = LLVMGetInstructionParent(call);
	st->cont = ir_split_block_before(LLVMGetNextInstruction(call));
	LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(bb));
	LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(call);
	if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind) {
		LLVMPositionBuilderBefore(r->b, LLVMGetFirstInstruction(st->cont));
		LLVMReplaceAllUsesWith(call, LLVMBuildLoad2(r->b, LLVMTypeOf(call), m->retslot, ""));
	}
	LLVMBasicBlockRef push = LLVMInsertBasicBlockInContext(r->cx, st->cont, "recursion.call");
	LLVMBasicBlockRef full = LLVMInsertBasicBlockInContext(r->cx, st->cont, "recursion.full");
	LLVMPositionBuilderAtEnd(r->b, bb);
	LLVMSetCurrentDebugLocation2(r->b, loc);
	LLVMValueRef sp = LLVMBuildLoad2(r->b, r->i32, r->sp, "sp");
	LLVMValueRef up = LLVMBuildAdd(r->b, sp, LLVMConstInt(r->i32, 1, 0), "");
	LLVMBuildCondBr(r->b, LLVMBuildICmp(r->b, LLVMIntUGE, up, LLVMConstInt(r->i32, r->depth, 0), ""),
	                full, push);
	LLVMPositionBuilderAtEnd(r->b, full);
	debug_build_stop(r->b, KILN_STOP_STACK, stop_at_full, text);
	LLVMBuildUnreachable(r->b);
	/* The arguments first: a value kept in the frame is read at the caller's stack pointer. */
	LLVMPositionBuilderAtEnd(r->b, push);
	for (unsigned j = 0; j < m->nparams; j++)
		LLVMBuildStore(r->b, LLVMGetOperand(call, j), m->argslot[j]);
	LLVMValueRef idx[2] = {LLVMConstInt(r->i32, 0, 0), sp};
	LLVMBuildStore(r->b, LLVMConstInt(r->i32, (unsigned)s, 0),
	               LLVMBuildInBoundsGEP2(r->b, LLVMGetAllocatedType(r->rids), r->rids, idx, 2, ""));
	LLVMBuildStore(r->b, up, r->sp);
	LLVMBuildStore(r->b, LLVMConstInt(r->i32, (unsigned)st->callee, 0), r->next);
	LLVMBuildBr(r->b, r->head);
	LLVMSetCurrentDebugLocation2(r->b, NULL);
	LLVMInstructionEraseFromParent(call);
}

/* The dispatch block, the return (pop, or leave F at depth 0) and F's exit. */
static void build_dispatch(rec *r)
{
	LLVMPositionBuilderAtEnd(r->b, r->head);
	LLVMValueRef next = LLVMBuildLoad2(r->b, r->i32, r->next, "next");
	LLVMValueRef sw = LLVMBuildSwitch(r->b, next, r->mem[0].entry, (unsigned)r->n);
	for (int i = 1; i < r->n; i++)
		LLVMAddCase(sw, LLVMConstInt(r->i32, (unsigned)i, 0), r->mem[i].entry);
	LLVMAddCase(sw, LLVMConstInt(r->i32, (unsigned)r->n, 0), r->rall);

	LLVMBasicBlockRef pop = LLVMAppendBasicBlockInContext(r->cx, r->F, "recursion.pop");
	LLVMBasicBlockRef out = LLVMAppendBasicBlockInContext(r->cx, r->F, "recursion.exit");
	LLVMPositionBuilderAtEnd(r->b, r->rall);
	LLVMValueRef sp = LLVMBuildLoad2(r->b, r->i32, r->sp, "sp");
	LLVMBuildCondBr(r->b, LLVMBuildICmp(r->b, LLVMIntEQ, sp, LLVMConstInt(r->i32, 0, 0), ""), out, pop);
	LLVMPositionBuilderAtEnd(r->b, pop);
	LLVMValueRef down = LLVMBuildSub(r->b, sp, LLVMConstInt(r->i32, 1, 0), "");
	LLVMBuildStore(r->b, down, r->sp);
	LLVMValueRef idx[2] = {LLVMConstInt(r->i32, 0, 0), down};
	LLVMValueRef rid = LLVMBuildLoad2(
	    r->b, r->i32, LLVMBuildInBoundsGEP2(r->b, LLVMGetAllocatedType(r->rids), r->rids, idx, 2, ""),
	    "rid");
	sw = LLVMBuildSwitch(r->b, rid, r->sites[0].cont, (unsigned)r->nsites);
	for (int s = 1; s < r->nsites; s++)
		LLVMAddCase(sw, LLVMConstInt(r->i32, (unsigned)s, 0), r->sites[s].cont);

	LLVMPositionBuilderAtEnd(r->b, out);
	LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(r->F));
	if (LLVMGetTypeKind(rt) == LLVMVoidTypeKind) {
		LLVMBuildRetVoid(r->b);
	} else if (r->n == 1) {
		LLVMBuildRet(r->b, LLVMBuildLoad2(r->b, rt, r->mem[0].retslot, ""));
	} else {
		LLVMValueRef agg = LLVMGetUndef(rt);
		for (int i = 0; i < r->n; i++)
			if (r->mem[i].field >= 0)
				agg = LLVMBuildInsertValue(
				    r->b, agg,
				    LLVMBuildLoad2(r->b,
				                   LLVMStructGetTypeAtIndex(rt, (unsigned)r->mem[i].field),
				                   r->mem[i].retslot, ""),
				    (unsigned)r->mem[i].field, "");
		LLVMBuildRet(r->b, agg);
	}
}

/* Member I keeps its name and type and calls F; a debug location on the call if the member has a
 * subprogram (the verifier wants one on an inlinable call there). */
static void build_wrapper(rec *r, int i)
{
	member *m = &r->mem[i];
	LLVMTypeRef fty = LLVMGlobalGetValueType(r->F);
	unsigned np = LLVMCountParams(r->F);
	LLVMValueRef *args = calloc((size_t)np + 1, sizeof *args);
	if (!args)
		return;
	LLVMTypeRef *pt = calloc((size_t)np + 1, sizeof *pt);
	if (!pt) {
		free(args);
		return;
	}
	LLVMGetParamTypes(fty, pt);
	for (unsigned k = 0; k < np; k++)
		args[k] = LLVMGetUndef(pt[k]);
	if (r->n > 1)
		args[0] = LLVMConstInt(r->i32, (unsigned)i, 0);
	for (unsigned j = 0; j < m->nparams; j++)
		args[m->first + j] = LLVMGetParam(m->fn, j);
	LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(r->cx, m->fn, "entry");
	LLVMPositionBuilderAtEnd(r->b, bb);
	LLVMMetadataRef sub = LLVMGetSubprogram(m->fn);
	if (sub)
		LLVMSetCurrentDebugLocation2(r->b, LLVMDIBuilderCreateDebugLocation(
		                                       r->cx, LLVMDISubprogramGetLine(sub), 0, sub, NULL));
	LLVMValueRef c = LLVMBuildCall2(r->b, fty, r->F, args, np, "");
	LLVMSetInstructionCallConv(c, LLVMGetFunctionCallConv(r->F));
	LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(m->fn));
	if (LLVMGetTypeKind(rt) == LLVMVoidTypeKind)
		LLVMBuildRetVoid(r->b);
	else
		LLVMBuildRet(r->b,
		             m->field >= 0 ? LLVMBuildExtractValue(r->b, c, (unsigned)m->field, "") : c);
	LLVMSetCurrentDebugLocation2(r->b, NULL);
	free(args);
	free(pt);
}

/* The depth for set MEMBERS: the largest KILN_RECURSION_DEPTH among them, else OPTION, else the default. */
static unsigned depth_for(member *mem, int n, unsigned option)
{
	unsigned d = 0;
	for (int i = 0; i < n; i++) {
		unsigned len = 0, v = 0;
		const char *a = ir_fn_attr(mem[i].fn, RECURSION_DEPTH_ATTR, &len);
		if (a && recursion_parse_depth(a, len, &v) == 0 && v > d)
			d = v;
	}
	return d ? d : option ? option : RECURSION_DEFAULT_DEPTH;
}

/* Whether set R can be lowered; a diagnostic for each reason it cannot. */
static int check_set(rec *r, LLVMValueRef first_call)
{
	int bad = 0;
	for (int i = 0; i < r->n; i++) {
		LLVMValueRef fn = r->mem[i].fn;
		char *name = name_of(fn);
		if (ir_is_kernel(fn)) {
			size_t klen = 0;
			const char *k = ir_kernel_name(fn, &klen);
			char shown[1024];
			diag_shown(k ? k : "?", k ? klen : 1, shown, sizeof shown);
			diag_error_at(
			    first_call,
			    "kernel '%s' is called from the code it runs: a kernel is where hardware "
			    "starts, not a function, and cannot be recursive",
			    shown);
			bad++;
		}
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in))
				if (LLVMIsAAllocaInst(in) && !LLVMIsAConstantInt(LLVMGetOperand(in, 0))) {
					diag_error_at(
					    in,
					    "recursive function '%s' has a local array whose size is "
					    "known only at run time: its frame needs a fixed size",
					    name ? name : "?");
					bad++;
				}
		if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn))) {
			diag_error_at(first_call, "recursive function '%s' is variadic", name ? name : "?");
			bad++;
		}
		free(name);
	}
	return bad;
}

/* Lowers the set of G's functions in set S. Returns the number of diagnostics. */
static int lower_set(graph *g, int s, LLVMModuleRef mod, LLVMBuilderRef b, unsigned option)
{
	rec r;
	memset(&r, 0, sizeof r);
	r.m = mod;
	r.cx = LLVMGetModuleContext(mod);
	r.b = b;
	r.i32 = LLVMInt32TypeInContext(r.cx);
	r.mem = calloc((size_t)g->n + 1, sizeof *r.mem);
	if (!r.mem)
		return 1;
	LLVMValueRef first_call = NULL;
	for (int i = 0; i < g->n; i++)
		if (g->scc[i] == s) {
			r.mem[r.n++].fn = g->fns[i];
			if (!first_call)
				first_call = call_into(g, g->fns[i], s);
		}
	int bad = check_set(&r, first_call);
	if (bad) {
		free(r.mem);
		return bad;
	}
	r.depth = depth_for(r.mem, r.n, option);
	char *name = name_of(r.mem[0].fn), fname[1200], text[1600];
	snprintf(fname, sizeof fname, "%s.recursion", name ? name : "f");
	LLVMTypeRef fty = combined_type(&r);
	if (!fty) {
		free(name);
		free(r.mem);
		return 1;
	}
	r.F = LLVMAddFunction(mod, fname, fty);
	LLVMSetLinkage(r.F, LLVMInternalLinkage);
	/* Not recursive any more: inlined into its callers like any function (also when the indirect-calls
	 * pass, after inline_all has marked the rest, finds the recursion). */
	unsigned ai = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
	LLVMAddAttributeAtIndex(r.F, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(r.cx, ai, 0));
	LLVMSetFunctionCallConv(r.F, LLVMGetFunctionCallConv(r.mem[0].fn));
	r.e0 = LLVMAppendBasicBlockInContext(r.cx, r.F, "entry");
	r.head = LLVMAppendBasicBlockInContext(r.cx, r.F, "recursion.dispatch");
	r.rall = LLVMAppendBasicBlockInContext(r.cx, r.F, "recursion.return");
	LLVMPositionBuilderAtEnd(b, r.e0);
	r.sp = LLVMBuildAlloca(b, r.i32, "sp");
	r.next = LLVMBuildAlloca(b, r.i32, "state");
	r.rids = LLVMBuildAlloca(b, LLVMArrayType(r.i32, r.depth), "return.ids");
	LLVMValueRef *calls = NULL;
	int ncalls = 0, cap = 0;
	for (int i = 0; i < r.n; i++) {
		member *m = &r.mem[i];
		m->entry = LLVMGetEntryBasicBlock(m->fn);
		m->argslot = calloc((size_t)LLVMCountParams(m->fn) + 1, sizeof *m->argslot);
		LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(m->fn));
		if (LLVMGetTypeKind(rt) != LLVMVoidTypeKind)
			m->retslot = entry_alloca(&r, rt, "ret");
		if (m->argslot)
			take_params(&r, m);
		unsigned nb = LLVMCountBasicBlocks(m->fn);
		LLVMBasicBlockRef *blocks = calloc(nb, sizeof *blocks);
		if (!blocks || !m->argslot) {
			free(blocks);
			bad++;
			break;
		}
		LLVMGetBasicBlocks(m->fn, blocks);
		rewrite_returns(&r, i, blocks, nb);
		for (unsigned k = 0; k < nb; k++) {
			LLVMMoveBasicBlockAfter(blocks[k], LLVMGetLastBasicBlock(r.F));
			for (LLVMValueRef in = LLVMGetFirstInstruction(blocks[k]); in;
			     in = LLVMGetNextInstruction(in)) {
				LLVMValueRef callee = LLVMIsACallInst(in) ? ir_direct_callee(in) : NULL;
				int w;
				if (callee && vmap_get(&g->index, callee, &w) && g->scc[w] == s &&
				    ir_push(&calls, &ncalls, &cap, in) != 0)
					break;
			}
		}
		free(blocks);
	}
	/* F's entry: the arguments to the member called, depth 0, dispatch. */
	LLVMPositionBuilderAtEnd(b, r.e0);
	int which = r.n > 1;
	for (int i = 0; i < r.n && !bad; i++)
		for (unsigned j = 0; j < r.mem[i].nparams; j++)
			LLVMBuildStore(b, LLVMGetParam(r.F, r.mem[i].first + j), r.mem[i].argslot[j]);
	LLVMBuildStore(b, LLVMConstInt(r.i32, 0, 0), r.sp);
	LLVMBuildStore(b, which ? LLVMGetParam(r.F, 0) : LLVMConstInt(r.i32, 0, 0), r.next);
	LLVMBuildBr(b, r.head);
	/* Allocas were in the members' entry blocks; they are per frame now. */
	for (LLVMBasicBlockRef bb = LLVMGetNextBasicBlock(r.e0); bb && !bad; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;) {
			LLVMValueRef next = LLVMGetNextInstruction(in);
			if (LLVMIsAAllocaInst(in))
				frame_local(&r, in);
			in = next;
		}
	r.sites = calloc((size_t)ncalls + 1, sizeof *r.sites);
	if (!r.sites || !ncalls)
		bad++;
	for (int c = 0; c < ncalls && !bad; c++) {
		int w;
		vmap_get(&g->index, ir_direct_callee(calls[c]), &w);
		for (int i = 0; i < r.n; i++)
			if (r.mem[i].fn == g->fns[w])
				r.sites[c].callee = i;
		r.sites[c].call = calls[c];
	}
	r.nsites = bad ? 0 : ncalls;
	for (int c = 0; c < r.nsites; c++) {
		char *callee = name_of(r.mem[r.sites[c].callee].fn);
		snprintf(text, sizeof text,
		         "a call to '%s' nested deeper than its stack of %u frames (KILN_RECURSION_DEPTH or "
		         "kiln-cc --recursion-depth sets it)",
		         callee ? callee : "?", r.depth);
		free(callee);
		rewrite_call(&r, c, r.sites[c].call, text);
	}
	if (!bad) {
		build_dispatch(&r);
		if (frame_live_values(&r) != 0)
			bad++;
	}
	for (int i = 0; i < r.n && !bad; i++)
		build_wrapper(&r, i);
	if (!bad) {
		LLVMValueRef md[2] = {
		    LLVMMDStringInContext(r.cx, name ? name : "?", (unsigned)strlen(name ? name : "?")),
		    LLVMConstInt(r.i32, r.depth, 0)};
		LLVMAddNamedMetadataOperand(mod, RECURSION_MD, LLVMMDNodeInContext(r.cx, md, 2));
		char names[2048] = "";
		for (int i = 0; i < r.n && i < 4; i++) {
			char *ni = name_of(r.mem[i].fn);
			size_t at = strlen(names);
			snprintf(names + at, sizeof names - at, "%s'%s'",
			         i == 0         ? ""
			         : i == r.n - 1 ? " and "
			                        : ", ",
			         ni ? ni : "?");
			free(ni);
		}
		diag_progress("recursion: %s%s %s a stack of %u frames in on-chip memory%s", names,
		              r.n > 4 ? " and others" : "", r.n > 1 ? "share" : "has", r.depth,
		              r.depth == RECURSION_DEFAULT_DEPTH && !option
		                  ? " (the default; KILN_RECURSION_DEPTH or --recursion-depth sets it)"
		                  : "");
	}
	for (int i = 0; i < r.n; i++)
		free(r.mem[i].argslot);
	free(r.mem);
	free(r.sites);
	free(calls);
	free(name);
	return bad;
}

/* Whether G has a cycle; set S's first call into itself to *AT. */
static int cyclic(graph *g, int s, LLVMValueRef *at)
{
	int size = 0, first = -1;
	for (int i = 0; i < g->n; i++)
		if (g->scc[i] == s && size++ == 0)
			first = i;
	*at = first >= 0 ? call_into(g, g->fns[first], s) : NULL;
	return size > 1 || *at;
}

int lower_recursion(LLVMModuleRef mod, unsigned option)
{
	graph g;
	int bad = 0, any = 0;
	LLVMValueRef at;
	if (graph_build(&g, mod) != 0) {
		graph_free(&g);
		return 1;
	}
	for (int s = 0; s < g.nscc && !any; s++)
		any = cyclic(&g, s, &at);
	if (!any) {
		graph_free(&g);
		return 0;
	}
	/* Tail calls become loops first (a C program's gcd; IR that was not optimised). */
	unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
	unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
	for (int i = 0; i < g.n; i++)
		if (!ir_is_kernel(g.fns[i]) &&
		    LLVMGetEnumAttributeAtIndex(g.fns[i], LLVMAttributeFunctionIndex, optnone)) {
			LLVMRemoveEnumAttributeAtIndex(g.fns[i], LLVMAttributeFunctionIndex, optnone);
			LLVMRemoveEnumAttributeAtIndex(g.fns[i], LLVMAttributeFunctionIndex, noinline);
		}
	graph_free(&g);
	if (ir_run_passes(mod, "function(sroa,tailcallelim)", "tail-call elimination") != 0 ||
	    graph_build(&g, mod) != 0) {
		graph_free(&g);
		return 1;
	}
	LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
	for (int s = 0; s < g.nscc; s++)
		if (cyclic(&g, s, &at))
			bad += lower_set(&g, s, mod, b, option);
	LLVMDisposeBuilder(b);
	graph_free(&g);
	return bad;
}

int recursion_propset(LLVMModuleRef mod, kiln_propsets *ps)
{
	unsigned n = LLVMGetNamedMetadataNumOperands(mod, RECURSION_MD);
	if (!n)
		return 0;
	LLVMValueRef *md = calloc(n, sizeof *md);
	kiln_propset *s = md ? kiln_propsets_add_set(ps, "Kiln/recursion") : NULL;
	int st = s ? 0 : -1;
	if (md)
		LLVMGetNamedMetadataOperands(mod, RECURSION_MD, md);
	for (unsigned i = 0; i < n && s && st == 0; i++) {
		LLVMValueRef name = ir_md_operand(md[i], 0), depth = ir_md_operand(md[i], 1);
		unsigned len = 0;
		const char *str = name ? LLVMGetMDString(name, &len) : NULL;
		char key[256];
		if (!str || !depth || !LLVMIsAConstantInt(depth))
			continue;
		snprintf(key, sizeof key, "%.*s", (int)(len < 200 ? len : 200), str);
		st = kiln_propset_add_u32(s, key, (uint32_t)LLVMConstIntGetZExtValue(depth));
	}
	free(md);
	return st;
}
