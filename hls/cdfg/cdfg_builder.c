// SPDX-License-Identifier: Apache-2.0
#include "cdfg_builder.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

#include "../frontend/kernel_libc.h"
#include "../support/diag.h"
#include "../support/xalloc.h"

const char *cb_vname(LLVMValueRef v, size_t *n)
{
	return LLVMGetValueName2(v, n);
}

char *cb_dupn(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

char *cb_ident(const char *s, size_t n, int underscores, size_t max)
{
	char buf[64];
	size_t k = 0;
	if (max > sizeof buf - 1)
		max = sizeof buf - 1;
	for (size_t i = 0; i < n && (underscores || s[i] != '.') && k < max; i++)
		if ((s[i] >= 'a' && s[i] <= 'z') || (k && s[i] >= '0' && s[i] <= '9'))
			buf[k++] = s[i];
		else if (s[i] >= 'A' && s[i] <= 'Z')
			buf[k++] = (char)(s[i] - 'A' + 'a');
		else if (underscores && k && (s[i] == '_' || s[i] == '.') && buf[k - 1] != '_')
			buf[k++] = '_';
	while (k && buf[k - 1] == '_')
		k--;
	return k ? cb_dupn(buf, k) : NULL;
}

/* The value whose source location best explains V: V itself when it has a debug location, else a user that
 * has one (allocas and constants have none), else the kernel function. */
static LLVMValueRef located(builder *b, LLVMValueRef v, int depth)
{
	if (v && LLVMIsAInstruction(v) && LLVMGetDebugLocLine(v))
		return v;
	if (v && depth < 3)
		for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
			LLVMValueRef r = located(b, LLVMGetUser(u), depth + 1);
			if (r && LLVMIsAInstruction(r) && LLVMGetDebugLocLine(r))
				return r;
		}
	return depth ? NULL : b->fn;
}

void cb_fail(builder *b, const char *fmt, const char *what)
{
	LLVMValueRef at = located(b, b->cur_inst, 0);
	diag_error_at(at ? at : b->fn, fmt, what);
	b->errors++;
}

/* Whether debug scope S lies in a file of the kernel C library (KERNEL_LIBC_DEBUG_DIR). */
static int in_library(LLVMMetadataRef s)
{
	LLVMMetadataRef f = s ? LLVMDIScopeGetFile(s) : NULL;
	unsigned n = 0, dn = 0;
	const char *name = f ? LLVMDIFileGetFilename(f, &n) : NULL,
	           *dir = f ? LLVMDIFileGetDirectory(f, &dn) : NULL;
	size_t pn = sizeof KERNEL_LIBC_DEBUG_DIR - 1;
	return name && n > pn && !memcmp(name, KERNEL_LIBC_DEBUG_DIR, pn) && dn == 1 && dir[0] == '.';
}

/* The line and column of instruction IN as the user's source shows it: code inlined from the kernel C
 * library (printf's formatter, strlen) is placed at its call in the user's code, the innermost such call
 * along IN's inlining chain; kir.txt and the reports named lines of the library's files as if they were
 * the kernel's. Left as it is when IN is the user's own. */
static void user_site(LLVMValueRef in, unsigned *line, unsigned *col)
{
	LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(in), l = loc;
	while (l && in_library(LLVMDILocationGetScope(l)))
		l = LLVMDILocationGetInlinedAt(l);
	if (l && l != loc) {
		*line = LLVMDILocationGetLine(l);
		*col = LLVMDILocationGetColumn(l);
	}
}

void cb_place(builder *b, int id)
{
	kblock *bl = &b->f->blocks[b->cur_block];
	bl->insts = xrealloc(bl->insts, (size_t)(bl->ninsts + 1), sizeof *bl->insts);
	bl->insts[bl->ninsts++] = id;
	kinst *k = &b->f->insts[id];
	k->block = b->cur_block;
	if (b->cur_inst && LLVMIsAInstruction(b->cur_inst)) {
		k->line = LLVMGetDebugLocLine(b->cur_inst);
		k->col = LLVMGetDebugLocColumn(b->cur_inst);
		user_site(b->cur_inst, &k->line, &k->col);
	}
}

kval cb_const(uint64_t c, int width)
{
	kval v = {KV_CONST, 0, width >= 64 ? c : c & ((1ULL << width) - 1), width};
	return v;
}

kval cb_op_val(builder *b, int id)
{
	kval v = {KV_OP, id, 0, b->f->insts[id].width};
	return v;
}

/* Appends a new operation to the current block and returns its value. */
kval cb_emit(builder *b, kop op, int width, kval x, kval y)
{
	/* Constant address arithmetic folds: a constant expression may stand where no operation can go
	 * (a phi's incoming value from another block). */
	if (op == K_ADD && x.kind == KV_CONST && y.kind == KV_CONST)
		return cb_const((x.c + y.c) & (width >= 64 ? ~0ull : (1ull << width) - 1), width);
	/* an address at offset 0 of its memory is its index: no adder, which the scheduler would charge a
	 * carry chain */
	if (op == K_ADD && x.kind == KV_CONST && x.c == 0 && y.width == width)
		return y;
	if (op == K_ADD && y.kind == KV_CONST && y.c == 0 && x.width == width)
		return x;
	int id = kir_new_inst(b->f, op, width, -1);
	kinst *k = &b->f->insts[id];
	k->a[0] = x;
	k->a[1] = y;
	k->nargs = y.kind == KV_NONE ? 1 : 2;
	cb_place(b, id);
	return cb_op_val(b, id);
}

/* Operation OP of L and R: into slot ID when this is the LAST of a sequence and ID >= 0, else appended. */
static kval emit_or_fill(builder *b, int id, int last, kop op, int width, kval l, kval r)
{
	if (!last || id < 0)
		return cb_emit(b, op, width, l, r);
	cb_fill(b, id, op, l, r, CB_NONE);
	return cb_op_val(b, id);
}

kval cb_mul_digits(builder *b, int id, int width, kval x, const mul_digit *d, int n)
{
	/* the added terms first, so that only a constant of subtracted digits alone starts from 0 - t */
	int order[MUL_CONST_MAX_DIGITS], k = 0;
	for (int neg = 0; neg < 2; neg++)
		for (int i = 0; i < n; i++)
			if (d[i].neg == neg)
				order[k++] = i;
	const mul_digit *g = &d[order[0]];
	kval sh = cb_const((uint64_t)g->shift, width);
	kval acc;
	if (!g->neg)
		acc = g->shift ? emit_or_fill(b, id, n == 1, K_SHL, width, x, sh) : x;
	else
		acc = emit_or_fill(b, id, n == 1, K_SUB, width, cb_const(0, width),
		                   g->shift ? cb_emit(b, K_SHL, width, x, sh) : x);
	for (int j = 1; j < n; j++) {
		g = &d[order[j]];
		kval t = g->shift ? cb_emit(b, K_SHL, width, x, cb_const((uint64_t)g->shift, width)) : x;
		acc = emit_or_fill(b, id, j == n - 1, g->neg ? K_SUB : K_ADD, width, acc, t);
	}
	return acc;
}

int cb_type_bits(LLVMTypeRef t)
{
	switch (LLVMGetTypeKind(t)) {
	case LLVMIntegerTypeKind:
		return (int)LLVMGetIntTypeWidth(t);
	case LLVMPointerTypeKind:
		return PTR_BITS;
	case LLVMFloatTypeKind: /* floating-point values are their IEEE-754 bits */
		return 32;
	case LLVMDoubleTypeKind:
		return 64;
	default:
		return 0;
	}
}

int cb_block_of(builder *b, LLVMBasicBlockRef bb)
{
	int id = -1;
	vmap_get(&b->block, LLVMBasicBlockAsValue(bb), &id);
	return id;
}

/* Fills the reserved slot ID with an operation. */
void cb_fill(builder *b, int id, kop op, kval x, kval y, kval z)
{
	if (id < 0)
		return; /* the instruction was already diagnosed */
	kinst *k = &b->f->insts[id];
	k->op = op;
	k->a[0] = x;
	k->a[1] = y;
	k->a[2] = z;
	k->nargs = z.kind ? 3 : y.kind ? 2 : x.kind ? 1 : 0;
	cb_place(b, id);
}
