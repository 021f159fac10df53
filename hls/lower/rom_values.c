// SPDX-License-Identifier: Apache-2.0
#include "rom_values.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir_cfg.h"
#include "../ir/ir_util.h"

/* How deep a condition's expression is followed back to the load. */
#define EVAL_DEPTH 24

static int leaf_is(LLVMTypeRef ty, LLVMTypeRef t)
{
	while (LLVMGetTypeKind(ty) == LLVMArrayTypeKind)
		ty = LLVMGetElementType(ty);
	return ty == t;
}

/* The constant table a load of type T at P reads an entry of: P a global constant array of T (nested arrays
 * too), reached through getelementptrs that step over arrays of T only and address-space casts. */
static LLVMValueRef table_of(LLVMValueRef p, LLVMTypeRef t)
{
	while (!LLVMIsAGlobalVariable(p)) {
		LLVMOpcode op;
		if (LLVMIsAInstruction(p))
			op = LLVMGetInstructionOpcode(p);
		else if (LLVMIsAConstantExpr(p))
			op = LLVMGetConstOpcode(p);
		else
			return NULL;
		if (op == LLVMGetElementPtr) {
			if (!leaf_is(LLVMGetGEPSourceElementType(p), t))
				return NULL;
		} else if (op != LLVMAddrSpaceCast) {
			return NULL;
		}
		p = LLVMGetOperand(p, 0);
	}
	LLVMLinkage k = LLVMGetLinkage(p);
	if (!LLVMIsGlobalConstant(p) || LLVMIsDeclaration(p) || LLVMIsExternallyInitialized(p) ||
	    !LLVMGetInitializer(p) || ir_is_device_global(p) ||
	    (k != LLVMExternalLinkage && k != LLVMInternalLinkage && k != LLVMPrivateLinkage) ||
	    !leaf_is(LLVMGlobalGetValueType(p), t))
		return NULL;
	return p;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* The distinct values of table G's entries of type T (sorted), their count in *N; NULL when the table is
 * too large or cannot be laid out. */
static uint64_t *table_values(LLVMValueRef g, LLVMTypeRef t, unsigned *n)
{
	LLVMTargetDataRef td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(g)); /* owned by the module */
	unsigned long long size = LLVMABISizeOfType(td, LLVMGlobalGetValueType(g));
	unsigned es = LLVMGetIntTypeWidth(t) / 8;
	if (!size || size / es > ROM_VALUES_MAX_ENTRIES || LLVMABISizeOfType(td, t) != es)
		return NULL;
	uint8_t *bytes = malloc(size);
	uint64_t *v = malloc(size / es * sizeof *v);
	unsigned k = 0;
	if (bytes && v && ir_const_bytes(td, LLVMGetInitializer(g), bytes, size) == 0) {
		for (unsigned long long i = 0; i < size / es; i++) {
			uint64_t x = 0;
			for (unsigned b = es; b-- > 0;)
				x = x << 8 | bytes[i * es + b];
			v[k++] = x;
		}
		qsort(v, k, sizeof *v, cmp_u64);
		unsigned d = 0;
		for (unsigned i = 0; i < k; i++)
			if (!d || v[d - 1] != v[i])
				v[d++] = v[i];
		k = d;
	}
	free(bytes);
	if (!k || k > ROM_VALUES_MAX_DISTINCT) {
		free(v);
		return NULL;
	}
	*n = k;
	return v;
}

static uint64_t mask(unsigned w)
{
	return w >= 64 ? ~0ull : (1ull << w) - 1;
}

static int64_t sext(uint64_t x, unsigned w)
{
	return w >= 64 ? (int64_t)x
	               : (int64_t)((x ^ (1ull << (w - 1))) & mask(w)) - (int64_t)(1ull << (w - 1));
}

static unsigned int_width(LLVMValueRef v)
{
	LLVMTypeRef t = LLVMTypeOf(v);
	if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) > 64)
		return 0;
	return LLVMGetIntTypeWidth(t);
}

/* V's value (zero-extended) when load L gives X, in *OUT: 1 when V is L, a constant, or an integer
 * operation of such; 0 otherwise, or when V is poison there (a shift by its width or more). *SAW is set when
 * L is among the leaves. */
static int eval(LLVMValueRef v, LLVMValueRef l, uint64_t x, int depth, uint64_t *out, int *saw)
{
	unsigned w = int_width(v);
	if (!w)
		return 0;
	if (v == l) {
		*saw = 1;
		*out = x;
		return 1;
	}
	if (LLVMIsAConstantInt(v)) {
		*out = LLVMConstIntGetZExtValue(v) & mask(w);
		return 1;
	}
	if (!LLVMIsAInstruction(v) || depth <= 0)
		return 0;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	uint64_t a = 0, b = 0;
	unsigned wa = int_width(LLVMGetOperand(v, 0));
	if (op == LLVMSelect) {
		if (!eval(LLVMGetOperand(v, 0), l, x, depth - 1, &a, saw))
			return 0;
		return eval(LLVMGetOperand(v, a ? 1 : 2), l, x, depth - 1, out, saw);
	}
	switch (op) {
	case LLVMTrunc:
	case LLVMZExt:
	case LLVMSExt:
	case LLVMFreeze:
		if (!eval(LLVMGetOperand(v, 0), l, x, depth - 1, &a, saw))
			return 0;
		*out = (op == LLVMSExt ? (uint64_t)sext(a, wa) : a) & mask(w);
		return 1;
	case LLVMAdd:
	case LLVMSub:
	case LLVMMul:
	case LLVMAnd:
	case LLVMOr:
	case LLVMXor:
	case LLVMShl:
	case LLVMLShr:
	case LLVMAShr:
	case LLVMICmp:
		break;
	default:
		return 0;
	}
	if (!eval(LLVMGetOperand(v, 0), l, x, depth - 1, &a, saw) ||
	    !eval(LLVMGetOperand(v, 1), l, x, depth - 1, &b, saw))
		return 0;
	uint64_t r;
	switch (op) {
	case LLVMAdd:
		r = a + b;
		break;
	case LLVMSub:
		r = a - b;
		break;
	case LLVMMul:
		r = a * b;
		break;
	case LLVMAnd:
		r = a & b;
		break;
	case LLVMOr:
		r = a | b;
		break;
	case LLVMXor:
		r = a ^ b;
		break;
	case LLVMShl:
	case LLVMLShr:
	case LLVMAShr:
		if (b >= w)
			return 0;
		r = op == LLVMShl ? a << b : op == LLVMLShr ? a >> b : (uint64_t)(sext(a, w) >> b);
		break;
	default: { /* LLVMICmp */
		int64_t sa = sext(a, wa), sb = sext(b, wa);
		switch (LLVMGetICmpPredicate(v)) {
		case LLVMIntEQ:
			r = a == b;
			break;
		case LLVMIntNE:
			r = a != b;
			break;
		case LLVMIntUGT:
			r = a > b;
			break;
		case LLVMIntUGE:
			r = a >= b;
			break;
		case LLVMIntULT:
			r = a < b;
			break;
		case LLVMIntULE:
			r = a <= b;
			break;
		case LLVMIntSGT:
			r = sa > sb;
			break;
		case LLVMIntSGE:
			r = sa >= sb;
			break;
		case LLVMIntSLT:
			r = sa < sb;
			break;
		default:
			r = sa <= sb;
			break;
		}
	}
	}
	*out = r & mask(w);
	return 1;
}

/* The value a branch or switch decides on, or NULL for another terminator. */
static LLVMValueRef decided_on(LLVMValueRef term)
{
	if (LLVMIsASwitchInst(term))
		return LLVMGetOperand(term, 0); /* LLVMGetCondition is a branch's */
	if (LLVMIsABranchInst(term) && LLVMIsConditional(term))
		return LLVMGetCondition(term);
	return NULL;
}

/* The blocks of a function in its order (the entry first), and found by address. */
typedef struct block_at {
	LLVMBasicBlockRef b;
	unsigned index;
} block_at;
typedef struct blocks {
	LLVMBasicBlockRef *b;
	block_at *by_address;
	unsigned n;
} blocks;

static int cmp_block_at(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const block_at *)a)->b, y = (uintptr_t)((const block_at *)b)->b;
	return x < y ? -1 : x > y;
}

/* B's index, or N for a block made after the list was (an unreachable block of an earlier removal). */
static unsigned block_index(const blocks *bs, LLVMBasicBlockRef b)
{
	block_at key = {b, 0}, *hit = bsearch(&key, bs->by_address, bs->n, sizeof key, cmp_block_at);
	return hit ? hit->index : bs->n;
}

static unsigned succ_index(const blocks *bs, LLVMValueRef term, unsigned k)
{
	return block_index(bs, LLVMGetSuccessor(term, k));
}

/* Which of TERM's successor slots (0 the default of a switch, the true edge of a branch) each value of the
 * set IN takes: OUT holds one set of WORDS words a slot. A value the decision cannot be computed for
 * takes them all. */
static void route(LLVMValueRef term, LLVMValueRef l, const uint64_t *vals, const uint64_t *in, unsigned words,
                  uint64_t *out)
{
	unsigned ns = LLVMGetNumSuccessors(term);
	LLVMValueRef c = decided_on(term);
	int is_switch = LLVMIsASwitchInst(term) != NULL;
	memset(out, 0, (size_t)ns * words * sizeof *out);
	for (unsigned i = 0; i < words * 64; i++) {
		if (!(in[i / 64] >> (i % 64) & 1))
			continue;
		uint64_t r, bit = 1ull << (i % 64);
		int saw = 0;
		if (!c || !eval(c, l, vals[i], EVAL_DEPTH, &r, &saw)) {
			for (unsigned s = 0; s < ns; s++)
				out[(size_t)s * words + i / 64] |= bit;
			continue;
		}
		unsigned slot = r ? 0 : 1;
		if (is_switch) /* operands: the value, the default, then each case's value and destination */
			for (slot = ns; --slot > 0;)
				if ((LLVMConstIntGetZExtValue(LLVMGetOperand(term, 2 * slot)) &
				     mask(int_width(c))) == r)
					break;
		out[(size_t)slot * words + i / 64] |= bit;
	}
}

static int set_empty(const uint64_t *s, unsigned words)
{
	for (unsigned i = 0; i < words; i++)
		if (s[i])
			return 0;
	return 1;
}

/* Marks in SEEN every block reachable from FROM (itself included) without entering STOP (n: none). */
static void reach(const blocks *bs, unsigned from, unsigned stop, char *seen, unsigned *stack)
{
	unsigned sp = 0;
	seen[from] = 1;
	stack[sp++] = from;
	while (sp) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(bs->b[stack[--sp]]);
		for (unsigned k = 0; t && k < LLVMGetNumSuccessors(t); k++) {
			unsigned s = succ_index(bs, t, k);
			if (s < bs->n && s != stop && !seen[s]) {
				seen[s] = 1;
				stack[sp++] = s;
			}
		}
	}
}

/* Removes the edges no value of L (one of VALS) can take, following the paths from L's block; returns how
 * many. */
static int prune_load(const blocks *bs, LLVMValueRef l, const uint64_t *vals, unsigned nv)
{
	unsigned n = bs->n, lb = block_index(bs, LLVMGetInstructionParent(l)), words = (nv + 63) / 64;
	unsigned maxs = 1;
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(bs->b[i]);
		if (t && LLVMGetNumSuccessors(t) > maxs)
			maxs = LLVMGetNumSuccessors(t);
	}
	char *entry = calloc(n, 1), *in_r = calloc(n, 1), *listed = calloc(n, 1);
	unsigned *stack = malloc(n * sizeof *stack);
	uint64_t *in = calloc((size_t)n * words, sizeof *in),
	         *out = malloc((size_t)maxs * words * sizeof *out);
	int removed = 0;
	if (!entry || !in_r || !listed || !stack || !in || !out || lb >= n)
		goto done;
	/* The blocks L's block dominates: reached from it, and from nowhere else the function reaches. In
	 * them L's value is the one its last run loaded; the paths back into L's block load again. */
	reach(bs, 0, n, entry, stack);
	reach(bs, lb, lb, in_r, stack);
	in_r[lb] = 0;
	for (int changed = 1; changed;) {
		changed = 0;
		for (unsigned p = 0; p < n; p++) {
			LLVMValueRef t = LLVMGetBasicBlockTerminator(bs->b[p]);
			if (p == lb || in_r[p] || !entry[p] || !t)
				continue;
			for (unsigned k = 0; k < LLVMGetNumSuccessors(t); k++) {
				unsigned s = succ_index(bs, t, k);
				if (s < n && in_r[s]) {
					in_r[s] = 0;
					changed = 1;
				}
			}
		}
	}
	for (unsigned i = 0; i < nv; i++)
		in[(size_t)lb * words + i / 64] |= 1ull << (i % 64);
	unsigned sp = 0;
	stack[sp++] = lb;
	listed[lb] = 1;
	while (sp) {
		unsigned p = stack[--sp];
		listed[p] = 0;
		LLVMValueRef t = LLVMGetBasicBlockTerminator(bs->b[p]);
		if (!t)
			continue;
		route(t, l, vals, in + (size_t)p * words, words, out);
		for (unsigned k = 0; k < LLVMGetNumSuccessors(t); k++) {
			unsigned s = succ_index(bs, t, k);
			if (s >= n || !in_r[s])
				continue;
			int grew = 0;
			for (unsigned w = 0; w < words; w++) {
				uint64_t now = in[(size_t)s * words + w] | out[(size_t)k * words + w];
				grew |= now != in[(size_t)s * words + w];
				in[(size_t)s * words + w] = now;
			}
			if (grew && !listed[s]) {
				listed[s] = 1;
				stack[sp++] = s;
			}
		}
	}
	/* Every block the values reach: its edges no value takes go. */
	for (unsigned p = 0; p < n; p++) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(bs->b[p]);
		if ((p != lb && !in_r[p]) || !t || !decided_on(t) || set_empty(in + (size_t)p * words, words))
			continue;
		route(t, l, vals, in + (size_t)p * words, words, out);
		if (LLVMIsABranchInst(t)) {
			for (unsigned s = 0; s < 2; s++)
				if (set_empty(out + (size_t)s * words, words)) {
					ir_branch_fold(t, !s);
					removed++;
					break;
				}
			continue;
		}
		for (unsigned s = LLVMGetNumSuccessors(t); s-- > 1;)
			if (set_empty(out + (size_t)s * words, words)) {
				ir_switch_drop_case(t, s - 1);
				removed++;
			}
		if (set_empty(out, words)) {
			ir_switch_default_unreachable(t);
			removed++;
		}
	}
done:
	free(entry);
	free(in_r);
	free(listed);
	free(stack);
	free(in);
	free(out);
	return removed;
}

/* Whether some branch or switch of FN decides on a function of L alone (V one of its values). */
static int decides_on(LLVMValueRef fn, LLVMValueRef l, uint64_t v)
{
	for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(b), c = t ? decided_on(t) : NULL;
		uint64_t r;
		int saw = 0;
		if (c && eval(c, l, v, EVAL_DEPTH, &r, &saw) && saw)
			return 1;
	}
	return 0;
}

static int load_of_table(LLVMValueRef in)
{
	if (!LLVMIsALoadInst(in) || LLVMGetVolatile(in))
		return 0;
	unsigned w = int_width(in);
	return (w == 8 || w == 16 || w == 32 || w == 64) && table_of(LLVMGetOperand(in, 0), LLVMTypeOf(in));
}

int rom_values_prune(LLVMValueRef fn)
{
	LLVMValueRef *loads = NULL;
	int nl = 0, cap = 0, removed = 0;
	for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
		for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in))
			if (load_of_table(in) && ir_push(&loads, &nl, &cap, in) != 0)
				goto done;
	for (int i = 0; i < nl; i++) {
		unsigned nv = 0;
		LLVMTypeRef t = LLVMTypeOf(loads[i]);
		uint64_t *vals = table_values(table_of(LLVMGetOperand(loads[i], 0), t), t, &nv);
		if (!vals)
			continue;
		blocks bs = {0};
		bs.n = LLVMCountBasicBlocks(fn);
		bs.b = malloc(bs.n * sizeof *bs.b);
		bs.by_address = malloc(bs.n * sizeof *bs.by_address);
		if (bs.b && bs.by_address && decides_on(fn, loads[i], vals[0])) {
			LLVMGetBasicBlocks(fn, bs.b);
			for (unsigned k = 0; k < bs.n; k++)
				bs.by_address[k] = (block_at){bs.b[k], k};
			qsort(bs.by_address, bs.n, sizeof *bs.by_address, cmp_block_at);
			removed += prune_load(&bs, loads[i], vals, nv);
		}
		free(bs.b);
		free(bs.by_address);
		free(vals);
	}
done:
	free(loads);
	return removed;
}

int rom_values(LLVMModuleRef mod)
{
	int removed = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		if (LLVMCountBasicBlocks(fn))
			removed += rom_values_prune(fn);
	if (!removed)
		return 0;
	return ir_run_passes(mod, "function(simplifycfg,adce)", "removing the cases no table entry takes");
}
