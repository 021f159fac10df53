// SPDX-License-Identifier: Apache-2.0
#include "points_to.h"

#include <stdlib.h>
#include <string.h>

#include "../../host/common/contract.h"
#include "../ir/ir_util.h"
#include "../support/xalloc.h"

static int add_obj(points_to *p, LLVMValueRef o)
{
	int i;
	if (vmap_get(&p->obj, o, &i))
		return i;
	if (p->nobj == p->cobj) {
		p->cobj = p->cobj ? 2 * p->cobj : 32;
		p->objs = xrealloc(p->objs, (size_t)p->cobj, sizeof *p->objs);
	}
	p->objs[p->nobj] = o;
	vmap_put(&p->obj, o, p->nobj);
	return p->nobj++;
}
/* The objects constant C names, through constant expressions and the initialisers of globals. */
static void collect_const(points_to *p, LLVMValueRef c, int depth)
{
	int i;
	if (!c || depth > 64)
		return;
	if (LLVMIsAGlobalVariable(c)) {
		if (vmap_get(&p->obj, c, &i))
			return;
		add_obj(p, c);
		collect_const(p, LLVMGetInitializer(c), depth + 1);
		return;
	}
	if (!LLVMIsAConstantExpr(c) && !LLVMIsAConstantStruct(c) && !LLVMIsAConstantArray(c) &&
	    !LLVMIsAConstantVector(c))
		return;
	int n = LLVMGetNumOperands(c);
	for (int k = 0; k < n; k++)
		collect_const(p, LLVMGetOperand(c, (unsigned)k), depth + 1);
}
static int row_of(points_to *p, LLVMValueRef v)
{
	int r;
	if (vmap_get(&p->row, v, &r))
		return r;
	if (p->nrow == p->crow) {
		int old = p->crow;
		p->crow = p->crow ? 2 * p->crow : 256;
		p->sets = xrealloc(p->sets, (size_t)p->crow * (size_t)p->words, sizeof *p->sets);
		memset(p->sets + (size_t)old * (size_t)p->words, 0,
		       (size_t)(p->crow - old) * (size_t)p->words * sizeof *p->sets);
	}
	vmap_put(&p->row, v, p->nrow);
	return p->nrow++;
}
static uint64_t *set_row(points_to *p, int r)
{
	return p->sets + (size_t)r * (size_t)p->words;
}
static void set_bit(uint64_t *s, int bit)
{
	s[bit / 64] |= 1ull << (bit % 64);
}
static int has_bit(const uint64_t *s, int bit)
{
	return (int)((s[bit / 64] >> (bit % 64)) & 1);
}
/* Ors FROM into TO; whether TO changed. */
static int set_or(points_to *p, uint64_t *to, const uint64_t *from)
{
	int changed = 0;
	for (int w = 0; w < p->words; w++) {
		changed |= (to[w] | from[w]) != to[w];
		to[w] |= from[w];
	}
	return changed;
}
/* The points-to set of V as known so far (constants and arguments are fixed; instructions are rows the
 * fixpoint fills). */
static void base_set(points_to *p, LLVMValueRef v, uint64_t *s, int depth)
{
	int i;
	if (LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v)) {
		/* any value at all, so the one the other sources agree on: a phi of an object's address and
		 * undef (a value demoted across a shared call, on the path of another caller) stays an offset
		 * into that object */
	} else if (LLVMIsAConstantPointerNull(v)) {
		set_bit(s, PT_NULL);
	} else if (LLVMIsAGlobalVariable(v) && vmap_get(&p->obj, v, &i)) {
		set_bit(s, PT_OBJ + i);
	} else if (LLVMIsAArgument(v)) {
		set_bit(s, PT_DEV);
	} else if (LLVMIsAFunction(v)) {
		set_bit(s, PT_FUNC);
	} else if (LLVMIsAConstantExpr(v) && depth < 64) {
		LLVMOpcode op = LLVMGetConstOpcode(v);
		LLVMValueRef x = LLVMGetOperand(v, 0);
		if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast)
			base_set(p, x, s, depth + 1);
		else if (op == LLVMIntToPtr && LLVMIsAConstantInt(x) &&
		         LLVMConstIntGetZExtValue(x) < KILN_ONCHIP_ADDR_BASE)
			set_bit(s, PT_DEV); /* a fixed device address (the debug channel's) */
		else {
			set_bit(s, PT_ANY);
			set_bit(s, PT_DEV);
		}
	} else if (LLVMIsAInstruction(v) && vmap_get(&p->row, v, &i)) {
		set_or(p, s, set_row(p, i));
	} else if (!LLVMIsAInstruction(v)) {
		set_bit(s, PT_ANY);
		set_bit(s, PT_DEV);
	}
}
/* One step of the fixpoint for pointer instruction IN; whether its set grew. */
static int step(points_to *p, LLVMValueRef in, uint64_t *tmp)
{
	memset(tmp, 0, (size_t)p->words * sizeof *tmp);
	int i;
	switch (LLVMGetInstructionOpcode(in)) {
	case LLVMAlloca:
		if (vmap_get(&p->obj, in, &i))
			set_bit(tmp, PT_OBJ + i);
		break;
	case LLVMGetElementPtr:
	case LLVMBitCast:
	case LLVMAddrSpaceCast:
	case LLVMFreeze:
		base_set(p, LLVMGetOperand(in, 0), tmp, 0);
		break;
	case LLVMPHI:
		for (unsigned k = 0; k < LLVMCountIncoming(in); k++)
			base_set(p, LLVMGetIncomingValue(in, k), tmp, 0);
		break;
	case LLVMSelect:
		base_set(p, LLVMGetOperand(in, 1), tmp, 0);
		base_set(p, LLVMGetOperand(in, 2), tmp, 0);
		break;
	case LLVMLoad:
		set_bit(tmp, PT_ANY);
		break;
	default: /* inttoptr, calls: any address at all */
		set_bit(tmp, PT_ANY);
		set_bit(tmp, PT_DEV);
		break;
	}
	return set_or(p, set_row(p, row_of(p, in)), tmp);
}
/* Where pointer V is kept as a plain number: its objects' addresses escape. */
static void escape(points_to *p, LLVMValueRef v)
{
	uint64_t tmp[p->words];
	memset(tmp, 0, sizeof tmp);
	base_set(p, v, tmp, 0);
	set_or(p, p->esc, tmp);
}
/* Pointer constants inside the initialiser C of a global the kernel reaches escape. */
static void escape_init(points_to *p, LLVMValueRef c, int depth)
{
	if (!c || depth > 64)
		return;
	if (ir_is_pointer(c)) {
		escape(p, c);
		return;
	}
	if (!LLVMIsAConstantStruct(c) && !LLVMIsAConstantArray(c) && !LLVMIsAConstantVector(c))
		return;
	int n = LLVMGetNumOperands(c);
	for (int k = 0; k < n; k++)
		escape_init(p, LLVMGetOperand(c, (unsigned)k), depth + 1);
}
/* The final set of V: "anything escaped" spelled out as the escaped objects and null. */
static void final_set(points_to *p, LLVMValueRef v, uint64_t *s)
{
	memset(s, 0, (size_t)p->words * sizeof *s);
	base_set(p, v, s, 0);
	if (has_bit(s, PT_ANY)) {
		set_or(p, s, p->esc);
		set_bit(s, PT_NULL);
	}
	s[0] &= ~(1ull << PT_ANY);
}
/* How V is represented: a device address (or null), an offset into one object (*OBJ), or a unified
 * address. */
enum pt_kind pt_kind(points_to *p, LLVMValueRef v, int *obj)
{
	uint64_t s[p->words];
	final_set(p, v, s);
	int nobj = 0, last = -1;
	for (int i = 0; i < p->nobj; i++)
		if (has_bit(s, PT_OBJ + i)) {
			nobj++;
			last = i;
		}
	if (nobj == 0 && !has_bit(s, PT_FUNC))
		return PT_KIND_DEV;
	if (nobj == 1 && !has_bit(s, PT_DEV) && !has_bit(s, PT_NULL)) {
		if (obj)
			*obj = last;
		return PT_KIND_OBJ;
	}
	return PT_KIND_UNIFIED;
}
static int is_intrinsic_call(LLVMValueRef call)
{
	LLVMValueRef f = LLVMGetCalledValue(call);
	return f && LLVMIsAFunction(f) && LLVMGetIntrinsicID(f) != 0;
}
/* Whether constant C names a function of a virtual-function set in the list SETS (SL bytes). */
static int names_set_fn(LLVMValueRef c, const char *sets, unsigned sl, int depth)
{
	if (!c || depth > 64)
		return 0;
	if (LLVMIsAFunction(c)) {
		unsigned fl = 0;
		const char *fs = ir_fn_attr(c, VF_ATTR_SET, &fl);
		return fs && ir_list_has(sets, sl, fs, fl);
	}
	if (!LLVMIsAConstantExpr(c) && !LLVMIsAConstantStruct(c) && !LLVMIsAConstantArray(c) &&
	    !LLVMIsAConstantVector(c))
		return 0;
	int n = LLVMGetNumOperands(c);
	for (int k = 0; k < n; k++)
		if (names_set_fn(LLVMGetOperand(c, (unsigned)k), sets, sl, depth + 1))
			return 1;
	return 0;
}
/* Whether G is a table of kernel P->fn's virtual-function sets: a constant global naming a function of a
 * set the kernel calls through (its calls-indirectly list). Another kernel may have stored the table's
 * address in an object, so the kernel reaches the table through any pointer it loads. */
static int is_set_table(points_to *p, LLVMValueRef g)
{
	unsigned sl = 0;
	const char *sets = ir_fn_attr(p->fn, VF_ATTR_CALLS, &sl);
	return sets && LLVMIsAGlobalVariable(g) && LLVMIsGlobalConstant(g) && LLVMGetInitializer(g) &&
	       names_set_fn(LLVMGetInitializer(g), sets, sl, 0);
}
/* The kernel's objects: its allocas, the globals its code names (and theirs, through initialisers), and
 * the tables of the virtual-function sets it calls through. */
static void collect_objects(points_to *p)
{
	for (LLVMValueRef g = LLVMGetFirstGlobal(p->mod); g; g = LLVMGetNextGlobal(g))
		if (is_set_table(p, g))
			collect_const(p, g, 0);
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			if (LLVMIsAAllocaInst(in))
				add_obj(p, in);
			int n = LLVMGetNumOperands(in);
			for (int k = 0; k < n; k++) {
				LLVMValueRef op = LLVMGetOperand(in, (unsigned)k);
				if (LLVMIsAConstant(op) && !LLVMIsAFunction(op))
					collect_const(p, op, 0);
			}
		}
}
void pt_solve(points_to *p)
{
	LLVMValueRef fn = p->fn;
	p->words = (PT_OBJ + p->nobj + 63) / 64;
	uint64_t tmp[p->words];
	int changed = 1;
	while (changed) {
		changed = 0;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in))
				if (ir_is_pointer(in))
					changed |= step(p, in, tmp);
	}
	free(p->esc); /* solving again starts from nothing escaped */
	p->esc = xcalloc((size_t)p->words, sizeof *p->esc);
	for (int i = 0; i < p->nobj; i++) {
		if (LLVMIsAGlobalVariable(p->objs[i]))
			escape_init(p, LLVMGetInitializer(p->objs[i]), 0);
		if (is_set_table(p, p->objs[i]))
			set_bit(p->esc, PT_OBJ + i);
	}
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			if (LLVMIsAStoreInst(in) && ir_is_pointer(LLVMGetOperand(in, 0)))
				escape(p, LLVMGetOperand(in, 0));
			else if (LLVMIsAPtrToIntInst(in))
				escape(p, LLVMGetOperand(in, 0));
			else if (LLVMIsACallInst(in) && !is_intrinsic_call(in))
				for (unsigned k = 0; k < (unsigned)LLVMGetNumArgOperands(in); k++)
					if (ir_is_pointer(LLVMGetOperand(in, k)))
						escape(p, LLVMGetOperand(in, k));
		}
	p->esc[0] &= ~(1ull << PT_ANY);
}

void pt_collect(points_to *pt, LLVMModuleRef mod, LLVMValueRef fn)
{
	memset(pt, 0, sizeof *pt);
	pt->mod = mod;
	pt->fn = fn;
	collect_objects(pt);
}

int pt_targets(points_to *p, LLVMValueRef v, int *cand, int *dev)
{
	uint64_t s[p->words];
	final_set(p, v, s);
	int n = 0;
	for (int i = 0; i < p->nobj; i++)
		if (has_bit(s, PT_OBJ + i))
			cand[n++] = i;
	*dev = has_bit(s, PT_DEV);
	return n;
}

void pt_same_as(points_to *p, LLVMValueRef v, LLVMValueRef from)
{
	base_set(p, from, set_row(p, row_of(p, v)), 0);
}

void pt_only(points_to *p, LLVMValueRef v, int obj)
{
	uint64_t *s = set_row(p, row_of(p, v));
	memset(s, 0, (size_t)p->words * sizeof *s);
	set_bit(s, obj < 0 ? PT_DEV : PT_OBJ + obj);
}

/* V as pt_print shows it: @global or %name, or #N for the kernel's Nth instruction when it has no name. */
static void label(points_to *p, LLVMValueRef v, FILE *out)
{
	size_t l = 0;
	const char *name = LLVMGetValueName2(v, &l);
	if (l || !LLVMIsAInstruction(v)) {
		fprintf(out, "%s%.*s", LLVMIsAGlobalValue(v) ? "@" : "%", (int)l, name);
		return;
	}
	int n = 0, found = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fn); bb && !found;
	     bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && !(found = in == v);
		     in = LLVMGetNextInstruction(in))
			n++;
	fprintf(out, "#%d", n);
}

void pt_print(points_to *p, FILE *out)
{
	static const char *const kind[] = {"device", "object", "unified"};
	static const char *const bits[] = {[PT_DEV] = " device", [PT_NULL] = " null", [PT_FUNC] = " code"};
	size_t l = 0;
	const char *fname = LLVMGetValueName2(p->fn, &l);
	fprintf(out, "points-to of %.*s\n", (int)l, fname);
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			if (!ir_is_pointer(in))
				continue;
			uint64_t s[p->words];
			final_set(p, in, s);
			fputs("  ", out);
			label(p, in, out);
			fprintf(out, ": %s", kind[pt_kind(p, in, NULL)]);
			for (int b = PT_DEV; b < PT_OBJ; b++)
				if (bits[b] && has_bit(s, b))
					fputs(bits[b], out);
			for (int i = 0; i < p->nobj; i++) {
				if (!has_bit(s, PT_OBJ + i))
					continue;
				fputc(' ', out);
				label(p, p->objs[i], out);
			}
			fputc('\n', out);
		}
}

void pt_free(points_to *p)
{
	vmap_free(&p->obj);
	vmap_free(&p->row);
	free(p->objs);
	free(p->sets);
	free(p->esc);
	memset(p, 0, sizeof *p);
}
