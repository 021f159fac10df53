// SPDX-License-Identifier: Apache-2.0
#include "cdfg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "../../host/common/contract.h"
#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../ir/vmap.h"
#include "../support/diag.h"
#include "../support/xalloc.h"

typedef struct builder {
	LLVMModuleRef mod;
	LLVMTargetDataRef td;
	kfunc *f;
	LLVMValueRef fn;
	vmap slot;  /* instruction -> kinst index */
	vmap block; /* basic block (as value) -> block index */
	vmap mem;   /* pointer value -> memory object, -1 unknown */
	int cur_block;
	LLVMValueRef cur_inst;
	int errors;
	const char *narrow; /* per memory (in allocation order): 64-bit accesses split into two, or NULL */
} builder;

#define PTR_BITS 32 /* device addresses and object offsets are 32-bit in hardware */

static const char *vname(LLVMValueRef v, size_t *n)
{
	return LLVMGetValueName2(v, n);
}

static char *dupn(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
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

static void fail(builder *b, const char *fmt, const char *what)
{
	LLVMValueRef at = located(b, b->cur_inst, 0);
	diag_error_at(at ? at : b->fn, fmt, what);
	b->errors++;
}

static void place(builder *b, int id)
{
	kblock *bl = &b->f->blocks[b->cur_block];
	bl->insts = xrealloc(bl->insts, (size_t)(bl->ninsts + 1), sizeof *bl->insts);
	bl->insts[bl->ninsts++] = id;
	kinst *k = &b->f->insts[id];
	k->block = b->cur_block;
	if (b->cur_inst && LLVMIsAInstruction(b->cur_inst)) {
		k->line = LLVMGetDebugLocLine(b->cur_inst);
		k->col = LLVMGetDebugLocColumn(b->cur_inst);
	}
}

static kval kconst(uint64_t c, int width)
{
	kval v = {KV_CONST, 0, width >= 64 ? c : c & ((1ULL << width) - 1), width};
	return v;
}

static kval kop_val(builder *b, int id)
{
	kval v = {KV_OP, id, 0, b->f->insts[id].width};
	return v;
}

/* Appends a new operation to the current block and returns its value. */
static kval emit(builder *b, kop op, int width, kval x, kval y)
{
	/* Constant address arithmetic folds: a constant expression may stand where no operation can go
	 * (a phi's incoming value from another block). */
	if (op == K_ADD && x.kind == KV_CONST && y.kind == KV_CONST)
		return kconst((x.c + y.c) & (width >= 64 ? ~0ull : (1ull << width) - 1), width);
	int id = kir_new_inst(b->f, op, width, -1);
	kinst *k = &b->f->insts[id];
	k->a[0] = x;
	k->a[1] = y;
	k->nargs = y.kind == KV_NONE ? 1 : 2;
	place(b, id);
	return kop_val(b, id);
}

static int type_bits(LLVMTypeRef t)
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

/* Whether value V (a global or a constant expression over it) is used by a kernel other than FN. */
static int used_by_other_kernel(LLVMValueRef v, LLVMValueRef fn, int depth)
{
	if (depth > 16)
		return 0;
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsAInstruction(user)) {
			LLVMValueRef pf = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
			if (pf != fn && ir_is_kernel(pf))
				return 1;
		} else if (LLVMIsAConstantExpr(user) && used_by_other_kernel(user, fn, depth + 1)) {
			return 1;
		}
	}
	return 0;
}

static int add_mem(builder *b, kmem_kind kind, const char *name, size_t n)
{
	kfunc *f = b->f;
	f->mems = xrealloc(f->mems, (size_t)(f->nmems + 1), sizeof *f->mems);
	kmem *m = &f->mems[f->nmems];
	memset(m, 0, sizeof *m);
	m->kind = kind;
	m->name = dupn(name, n);
	return f->nmems++;
}

static int mem_for_global(builder *b, LLVMValueRef g)
{
	kfunc *f = b->f;
	size_t n = 0;
	const char *gn = vname(g, &n);
	for (int i = 0; i < f->nmems; i++)
		if (f->mems[i].kind != MEM_DEVMEM && f->mems[i].kind != MEM_LOCAL && f->mems[i].name &&
		    strlen(f->mems[i].name) == n && memcmp(f->mems[i].name, gn, n) == 0)
			return i;
	char what[300];
	snprintf(what, sizeof what, "%.*s", (int)n, gn);
	if (!kiln_global_has_attr(g, "sycl-device-global-size")) {
		/* A plain global: a table (constant) or a variable, held inside the kernel module. */
		LLVMValueRef init = LLVMGetInitializer(g);
		uint64_t size = LLVMABISizeOfType(b->td, LLVMGlobalGetValueType(g));
		if (!init || LLVMIsExternallyInitialized(g)) {
			fail(b, "global variable '%s' has no definition in the kernel sources", what);
			return -1;
		}
		if (size == 0 || size > KILN_ONCHIP_MEM_MAX_BYTES) {
			fail(b, "global variable '%s' is too large for on-chip memory (at most 1 MiB)", what);
			return -1;
		}
		int constant = LLVMIsGlobalConstant(g);
		if (!constant && !ir_is_library_state(g) && used_by_other_kernel(g, b->fn, 0)) {
			fail(b,
			     "global variable '%s' is written and shared by several kernels; make it a "
			     "device global "
			     "(KILN_DEVICE_GLOBAL) so that all kernels see one copy",
			     what);
			return -1;
		}
		int id = add_mem(b, constant ? MEM_ROM : MEM_RAM, gn, n);
		kmem *m = &f->mems[id];
		m->size = (uint32_t)size;
		m->init = calloc(size + 4, 1);
		if (ir_const_bytes(b->td, init, m->init, size) != 0) {
			fail(b,
			     "global variable '%s' has an initializer that hardware cannot hold (floating "
			     "point or "
			     "pointers)",
			     what);
			return -1;
		}
		return id;
	}
	int id = add_mem(b, MEM_DG, gn, n);
	kmem *m = &f->mems[id];
	unsigned ulen = 0;
	const char *uid = kiln_global_get_attr(g, "sycl-unique-id", &ulen);
	m->dg_uid = uid ? dupn(uid, ulen) : dupn(gn, n);
	m->size = (uint32_t)LLVMABISizeOfType(b->td, LLVMGlobalGetValueType(g));
	return id;
}

/* A local array or addressable local: a RAM of its own inside the kernel module. */
static int mem_for_alloca(builder *b, LLVMValueRef a)
{
	LLVMValueRef cnt = LLVMGetOperand(a, 0);
	LLVMValueRef save = b->cur_inst;
	b->cur_inst = a;
	if (!LLVMIsAConstantInt(cnt)) {
		fail(b, "%s: a local array of variable size (unbounded alloca) is not supported in hardware",
		     "alloca");
		b->cur_inst = save;
		return -1;
	}
	uint64_t size = LLVMABISizeOfType(b->td, LLVMGetAllocatedType(a)) * LLVMConstIntGetZExtValue(cnt);
	if (size == 0 || size > KILN_ONCHIP_MEM_MAX_BYTES) {
		fail(b, "%s: local array too large for on-chip memory (at most 1 MiB)", "alloca");
		b->cur_inst = save;
		return -1;
	}
	b->cur_inst = save;
	size_t n = 0;
	const char *an = vname(a, &n);
	char nm[64];
	if (!n) {
		snprintf(nm, sizeof nm, "local%d", b->f->nmems);
		an = nm;
		n = strlen(nm);
	}
	int id = add_mem(b, MEM_LOCAL, an, n);
	b->f->mems[id].size = (uint32_t)size;
	return id;
}

static int mem_devmem(builder *b)
{
	kfunc *f = b->f;
	for (int i = 0; i < f->nmems; i++)
		if (f->mems[i].kind == MEM_DEVMEM)
			return i;
	return add_mem(b, MEM_DEVMEM, "devmem", 6);
}

/* The memory object a pointer value refers to: -1 for null/undef (no object), -2 on error. */
/* mem_of's markers: a value being resolved (a pointer cycle through a phi), and a value whose answer depended
 * on one and must be computed again once the cycle is resolved. */
#define MEM_VISITING (-3)
#define MEM_RETRY (-4)

/* Whether V's memory is not known for good yet (V is on, or depends on, a cycle still being resolved). */
static int unresolved(builder *b, LLVMValueRef v)
{
	int st;
	return vmap_get(&b->mem, v, &st) && (st == MEM_VISITING || st == MEM_RETRY);
}

static int mem_of(builder *b, LLVMValueRef v)
{
	int m, partial = 0;
	if (vmap_get(&b->mem, v, &m) && m != MEM_RETRY)
		return m;
	vmap_put(&b->mem, v, MEM_VISITING);
	if (LLVMIsAGlobalVariable(v)) {
		m = mem_for_global(b, v);
		if (m < 0)
			m = -2;
	} else if (LLVMIsAArgument(v) || LLVMIsAIntToPtrInst(v) ||
	           (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMIntToPtr)) {
		/* a number made a pointer is a device address: unify_pointers leaves no other kind */
		m = mem_devmem(b);
	} else if (LLVMIsAAllocaInst(v)) {
		m = mem_for_alloca(b, v);
		if (m < 0)
			m = -2;
	} else if (LLVMIsAConstantPointerNull(v) || LLVMIsAUndefValue(v)) {
		m = -1;
	} else if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v) ||
	           LLVMIsAConstantExpr(v)) {
		m = mem_of(b, LLVMGetOperand(v, 0));
		partial = unresolved(b, LLVMGetOperand(v, 0));
	} else if (LLVMIsAPHINode(v) || LLVMIsASelectInst(v)) {
		unsigned n = LLVMIsAPHINode(v) ? LLVMCountIncoming(v) : 2;
		m = -1;
		for (unsigned i = 0; i < n; i++) {
			LLVMValueRef in =
			    LLVMIsAPHINode(v) ? LLVMGetIncomingValue(v, i) : LLVMGetOperand(v, i + 1);
			int mi = mem_of(b, in);
			partial |= unresolved(b, in);
			if (mi == MEM_VISITING)
				continue; /* the loop-carried value points where the other incomings do */
			if (mi == -2 || (mi >= 0 && m >= 0 && mi != m)) {
				LLVMValueRef save = b->cur_inst;
				b->cur_inst = v;
				if (mi != -2)
					fail(b,
					     "%s: a pointer that may point into different memories is not "
					     "supported",
					     "pointer");
				b->cur_inst = save;
				m = -2;
				break;
			}
			if (mi >= 0)
				m = mi;
		}
	} else {
		LLVMValueRef save = b->cur_inst;
		b->cur_inst = LLVMIsAInstruction(v) ? v : save;
		fail(b, "%s: this kind of pointer is not supported in hardware", "pointer");
		b->cur_inst = save;
		m = -2;
	}
	/* Only null so far, but through a value still being resolved (a cycle of phis): ask again later. */
	vmap_put(&b->mem, v, m == MEM_VISITING || (m == -1 && partial) ? MEM_RETRY : m);
	return m;
}

static kval val_of(builder *b, LLVMValueRef v);

/* Byte offset of a GEP (instruction or constant expression) from its base pointer, as operations. */
static kval gep_offset(builder *b, LLVMValueRef g)
{
	kval off = val_of(b, LLVMGetOperand(g, 0));
	ir_gep_iter it = ir_gep_begin(g);
	LLVMValueRef idx;
	uint64_t scale;
	int r;
	while ((r = ir_gep_next(b->td, &it, &idx, &scale)) > 0) {
		if (!idx) { /* a struct field */
			if (scale)
				off = emit(b, K_ADD, PTR_BITS, off, kconst(scale, PTR_BITS));
			continue;
		}
		kval iv = val_of(b, idx);
		if (iv.kind == KV_CONST) {
			uint64_t c = iv.c;
			if (iv.width < 64 && (c >> (iv.width - 1)) & 1) /* indices are signed */
				c |= ~0ULL << iv.width;
			if (c * scale != 0)
				off = emit(b, K_ADD, PTR_BITS, off, kconst(c * scale, PTR_BITS));
			continue;
		}
		if (iv.width > PTR_BITS)
			iv = emit(b, K_TRUNC, PTR_BITS, iv, (kval){0});
		else if (iv.width < PTR_BITS)
			iv = emit(b, K_SEXT, PTR_BITS, iv, (kval){0});
		if (scale != 1) {
			if ((scale & (scale - 1)) == 0) {
				int sh = __builtin_ctzll(scale);
				iv = emit(b, K_SHL, PTR_BITS, iv, kconst((uint64_t)sh, PTR_BITS));
			} else {
				iv = emit(b, K_MUL, PTR_BITS, iv, kconst(scale, PTR_BITS));
			}
		}
		off = emit(b, K_ADD, PTR_BITS, off, iv);
	}
	if (r < 0)
		fail(b, "%s: unsupported address computation", "getelementptr");
	return off;
}

static kval val_of(builder *b, LLVMValueRef v)
{
	int id;
	if (LLVMIsAConstantInt(v)) {
		int w = type_bits(LLVMTypeOf(v));
		return kconst(LLVMConstIntGetZExtValue(v), w);
	}
	if (LLVMIsAConstantFP(v) && type_bits(LLVMTypeOf(v)))
		return kconst(ir_fp_const_bits(v), type_bits(LLVMTypeOf(v)));
	if (LLVMIsAUndefValue(v) || LLVMIsAConstantPointerNull(v) || LLVMIsAConstantAggregateZero(v))
		return kconst(0, type_bits(LLVMTypeOf(v)) ? type_bits(LLVMTypeOf(v)) : 1);
	if (LLVMIsAArgument(v)) {
		unsigned n = LLVMCountParams(LLVMGetParamParent(v));
		for (unsigned i = 0; i < n; i++)
			if (LLVMGetParam(LLVMGetParamParent(v), i) == v) {
				/* A pointer argument's low 32 bits are its device address. */
				kval a = {KV_ARG, (int)i, 0,
				          ir_is_pointer(v) ? PTR_BITS : b->f->args[i].width};
				return a;
			}
	}
	if (LLVMIsAGlobalVariable(v) || LLVMIsAAllocaInst(v))
		return kconst(0, PTR_BITS); /* every memory object starts at offset 0 of its own port */
	if (LLVMIsAConstantExpr(v)) {
		LLVMOpcode op = LLVMGetConstOpcode(v);
		if (op == LLVMGetElementPtr)
			return gep_offset(b, v);
		if (op == LLVMBitCast || op == LLVMAddrSpaceCast)
			return val_of(b, LLVMGetOperand(v, 0));
		if (op == LLVMIntToPtr &&
		    LLVMIsAConstantInt(LLVMGetOperand(v, 0))) /* a fixed device address */
			return kconst(LLVMConstIntGetZExtValue(LLVMGetOperand(v, 0)) & 0xffffffffu, PTR_BITS);
	}
	if (vmap_get(&b->slot, v, &id))
		return kop_val(b, id);
	fail(b, "%s: unsupported operand (vector or aggregate values are not supported)", "value");
	return kconst(0, 1);
}

static int block_of(builder *b, LLVMBasicBlockRef bb)
{
	int id = -1;
	vmap_get(&b->block, LLVMBasicBlockAsValue(bb), &id);
	return id;
}

/* Fills the reserved slot ID with an operation. */
static void fill(builder *b, int id, kop op, kval x, kval y, kval z)
{
	if (id < 0)
		return; /* the instruction was already diagnosed */
	kinst *k = &b->f->insts[id];
	k->op = op;
	k->a[0] = x;
	k->a[1] = y;
	k->a[2] = z;
	k->nargs = z.kind ? 3 : y.kind ? 2 : x.kind ? 1 : 0;
	place(b, id);
}

static const kval NONE = {KV_NONE, 0, 0, 0};

/* The source variable phi IN carries, from clang's name for it ("sum.012" -> "sum"): lower-case letters and
 * digits, starting with a letter, at most 16 characters; NULL when there is none (a name clang made up for an
 * operation, like "add.lcssa", still reads as what it is). */
static char *source_name(LLVMValueRef in)
{
	size_t n = 0;
	const char *s = vname(in, &n);
	char buf[17];
	size_t k = 0;
	for (size_t i = 0; i < n && s[i] != '.' && k < sizeof buf - 1; i++)
		if ((s[i] >= 'a' && s[i] <= 'z') || (k && s[i] >= '0' && s[i] <= '9'))
			buf[k++] = s[i];
		else if (s[i] >= 'A' && s[i] <= 'Z')
			buf[k++] = (char)(s[i] - 'A' + 'a');
	return k ? dupn(buf, k) : NULL;
}

static int access_bytes(builder *b, int bits)
{
	if (bits <= 8)
		return 1;
	if (bits <= 16)
		return 2;
	if (bits <= 32)
		return 4;
	if (bits == 64)
		return 8;
	fail(b, "%s: memory access of this width is not supported", "load/store");
	return 4;
}

/* A 64-bit access IN to memory M is one access of a 64-bit word: M is an on-chip memory (module ports are
 * 32 bits wide), the access is aligned, and no copy loop (32 bits wide) works on M. */
static int whole_word(builder *b, LLVMValueRef in, int m)
{
	return b->f->mems[m].kind >= MEM_LOCAL && LLVMGetAlignment(in) >= 8 && !(b->narrow && b->narrow[m]);
}

static void translate_load(builder *b, LLVMValueRef in, int id)
{
	LLVMValueRef ptr = LLVMGetOperand(in, 0);
	int m = mem_of(b, ptr);
	kval addr = val_of(b, ptr);
	int bits = type_bits(LLVMTypeOf(in));
	if (!bits) {
		fail(b,
		     "%s: loads of vector or aggregate values (or of this floating-point type) are not "
		     "supported",
		     "load");
		return;
	}
	if (m < 0) {
		if (m == -1)
			fail(b, "%s: load through a null pointer", "load");
		return;
	}
	b->f->mems[m].used_read = 1;
	int bytes = access_bytes(b, bits);
	if (bytes == 8 && whole_word(b, in, m)) {
		kinst *k = &b->f->insts[id];
		k->mem = m;
		k->bytes = 8;
		fill(b, id, K_LOAD, addr, NONE, NONE);
		return;
	}
	if (bytes == 8) {
		/* 64-bit accesses are two 32-bit port transactions, low word first (little-endian). */
		int lo = kir_new_inst(b->f, K_LOAD, 32, -1), hi;
		b->f->insts[lo].a[0] = addr;
		b->f->insts[lo].nargs = 1;
		b->f->insts[lo].mem = m;
		b->f->insts[lo].bytes = 4;
		place(b, lo);
		kval a4 = emit(b, K_ADD, PTR_BITS, addr, kconst(4, PTR_BITS));
		hi = kir_new_inst(b->f, K_LOAD, 32, -1);
		b->f->insts[hi].a[0] = a4;
		b->f->insts[hi].nargs = 1;
		b->f->insts[hi].mem = m;
		b->f->insts[hi].bytes = 4;
		place(b, hi);
		kval zl = emit(b, K_ZEXT, 64, kop_val(b, lo), NONE);
		kval zh = emit(b, K_ZEXT, 64, kop_val(b, hi), NONE);
		kval sh = emit(b, K_SHL, 64, zh, kconst(32, 64));
		fill(b, id, K_OR, zl, sh, NONE);
		return;
	}
	kinst *k = &b->f->insts[id];
	k->mem = m;
	k->bytes = bytes;
	fill(b, id, K_LOAD, addr, NONE, NONE);
}

static void translate_store(builder *b, LLVMValueRef in)
{
	LLVMValueRef val = LLVMGetOperand(in, 0), ptr = LLVMGetOperand(in, 1);
	int m = mem_of(b, ptr);
	kval addr = val_of(b, ptr);
	int bits = type_bits(LLVMTypeOf(val));
	if (!bits || ir_is_pointer(val)) {
		fail(b,
		     "%s: storing vector, aggregate or pointer values (or this floating-point type) is not "
		     "supported",
		     "store");
		return;
	}
	kval v = val_of(b, val);
	if (m < 0) {
		if (m == -1)
			fail(b, "%s: store through a null pointer", "store");
		return;
	}
	b->f->mems[m].used_write = 1;
	int bytes = access_bytes(b, bits);
	int parts = bytes == 8 && !whole_word(b, in, m) ? 2 : 1;
	for (int p = 0; p < parts; p++) {
		kval data = v, a = addr;
		if (parts == 2) {
			data = p ? emit(b, K_TRUNC, 32, emit(b, K_LSHR, 64, v, kconst(32, 64)), NONE)
			         : emit(b, K_TRUNC, 32, v, NONE);
			if (p)
				a = emit(b, K_ADD, PTR_BITS, addr, kconst(4, PTR_BITS));
		}
		int id = kir_new_inst(b->f, K_STORE, 0, -1);
		kinst *k = &b->f->insts[id];
		k->mem = m;
		k->bytes = parts == 2 ? 4 : bytes;
		fill(b, id, K_STORE, a, data, NONE);
	}
}

/* Maps an intrinsic name to an operation; 0 when not one of ours. */
static int intrinsic_op(const char *n, kop *op)
{
	static const struct {
		const char *prefix;
		kop op;
	} tab[] = {
	    {"llvm.umin.", K_UMIN},         {"llvm.umax.", K_UMAX},        {"llvm.smin.", K_SMIN},
	    {"llvm.smax.", K_SMAX},         {"llvm.abs.", K_ABS},          {"llvm.ctpop.", K_CTPOP},
	    {"llvm.ctlz.", K_CTLZ},         {"llvm.cttz.", K_CTTZ},        {"llvm.bswap.", K_BSWAP},
	    {"llvm.bitreverse.", K_BITREV}, {"llvm.fshl.", K_FSHL},        {"llvm.fshr.", K_FSHR},
	    {"llvm.uadd.sat.", K_UADDSAT},  {"llvm.sadd.sat.", K_SADDSAT}, {"llvm.usub.sat.", K_USUBSAT},
	    {"llvm.ssub.sat.", K_SSUBSAT},  {"llvm.fabs.", K_FABS},        {"llvm.copysign.", K_FCOPYSIGN},
	    {"llvm.sqrt.", K_FSQRT},        {"llvm.fma.", K_FMA},          {"llvm.floor.", K_FFLOOR},
	    {"llvm.ceil.", K_FCEIL},        {"llvm.trunc.", K_FTRUNC},     {"llvm.round.", K_FROUND},
	    {"llvm.rint.", K_FRINT},        {"llvm.nearbyint.", K_FRINT},  {"llvm.roundeven.", K_FRINT},
	    {"llvm.minnum.", K_FMIN},       {"llvm.maxnum.", K_FMAX},      {"llvm.canonicalize.", K_COPY}};
	for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strncmp(n, tab[i].prefix, strlen(tab[i].prefix)) == 0) {
			*op = tab[i].op;
			return 1;
		}
	return 0;
}

static int ignorable_call(const char *n)
{
	/* hints to the optimiser or to a cache hardware does not have */
	return strncmp(n, "llvm.dbg.", 9) == 0 || strncmp(n, "llvm.lifetime.", 14) == 0 ||
	       strncmp(n, "llvm.assume", 11) == 0 || strncmp(n, "llvm.experimental.noalias", 25) == 0 ||
	       strncmp(n, "llvm.prefetch", 13) == 0 || strncmp(n, "llvm.sideeffect", 15) == 0 ||
	       strncmp(n, "llvm.donothing", 14) == 0;
}

/* llvm.*.with.overflow.*: the operation giving the overflow bit. */
static int overflow_op(const char *n, kop *op)
{
	static const struct {
		const char *prefix;
		kop op;
	} tab[] = {{"llvm.uadd.", K_UADDO}, {"llvm.sadd.", K_SADDO}, {"llvm.usub.", K_USUBO},
	           {"llvm.ssub.", K_SSUBO}, {"llvm.umul.", K_UMULO}, {"llvm.smul.", K_SMULO}};
	for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strncmp(n, tab[i].prefix, strlen(tab[i].prefix)) == 0) {
			*op = tab[i].op;
			return 1;
		}
	return 0;
}

/* extractvalue of an overflow intrinsic's {result, overflow} pair. */
static void translate_extract(builder *b, LLVMValueRef in, int id)
{
	LLVMValueRef agg = LLVMGetOperand(in, 0);
	kop op;
	size_t n = 0;
	const char *name = "";
	if (LLVMIsACallInst(agg) && LLVMIsAFunction(LLVMGetCalledValue(agg)))
		name = vname(LLVMGetCalledValue(agg), &n);
	if (LLVMGetNumIndices(in) != 1 || !overflow_op(name, &op)) {
		fail(b, "%s: aggregate values are not supported in hardware", "extractvalue");
		return;
	}
	kval x = val_of(b, LLVMGetOperand(agg, 0)), y = val_of(b, LLVMGetOperand(agg, 1));
	unsigned idx = LLVMGetIndices(in)[0];
	if (idx == 0) {
		kop r = op == K_UADDO || op == K_SADDO   ? K_ADD
		        : op == K_USUBO || op == K_SSUBO ? K_SUB
		                                         : K_MUL;
		fill(b, id, r, x, y, NONE);
	} else {
		fill(b, id, op, x, y, NONE);
	}
}

/* memcpy/memmove/memset: one copy operation the hardware runs as a loop over the ports (rtl/kiln_copy.v),
 * its length known at compile time or not. */
static void translate_memop(builder *b, LLVMValueRef in, int is_set, int is_move)
{
	LLVMValueRef dst = LLVMGetOperand(in, 0), src = LLVMGetOperand(in, 1), len = LLVMGetOperand(in, 2);
	int fixed = LLVMIsAConstantInt(len) != NULL;
	uint64_t n = fixed ? LLVMConstIntGetZExtValue(len) : 1;
	if (n == 0)
		return;
	int md = mem_of(b, dst);
	int ms = is_set ? -1 : mem_of(b, src);
	if (md < 0 || (!is_set && ms < 0)) {
		if (md == -1 || (!is_set && ms == -1))
			fail(b, "%s through a null pointer", is_set ? "memset" : "memcpy");
		return;
	}
	if (n >= (1ULL << 31)) {
		fail(b, "%s: size too large", is_set ? "memset" : "memcpy");
		return;
	}
	kval d = val_of(b, dst);
	kval sv = val_of(b, src);
	if (is_set && sv.width != 8)
		sv = kconst(sv.c, 8);
	b->f->mems[md].used_write = 1;
	if (!is_set)
		b->f->mems[ms].used_read = 1;
	kval lv = kconst(n, PTR_BITS);
	if (!fixed) {
		lv = val_of(b, len);
		if (lv.width > PTR_BITS)
			lv = emit(b, K_TRUNC, PTR_BITS, lv, (kval){0});
		else if (lv.width < PTR_BITS)
			lv = emit(b, K_ZEXT, PTR_BITS, lv, (kval){0});
	}
	int id = kir_new_inst(b->f, is_set ? K_MEMSET : K_MEMCPY, 0, -1);
	b->f->insts[id].mem = md;
	b->f->insts[id].mem2 = ms;
	b->f->insts[id].move = is_move;
	fill(b, id, is_set ? K_MEMSET : K_MEMCPY, d, sv, lv);
}

static void translate_call(builder *b, LLVMValueRef in, int id)
{
	LLVMValueRef callee = LLVMGetCalledValue(in);
	if (!LLVMIsAFunction(callee)) {
		fail(b, "%s: indirect calls are not supported in hardware", "call");
		return;
	}
	size_t n = 0;
	const char *name = vname(callee, &n);
	kop op;
	static const char *const wi[] = {"kiln_global_id", "kiln_local_id", "kiln_group_id",
	                                 "kiln_global_range", "kiln_local_range"};
	if (ignorable_call(name))
		return;
	if (!strncmp(name, "llvm.memcpy.", 12) || !strncmp(name, "llvm.memmove.", 13) ||
	    !strncmp(name, "llvm.memset.", 12)) {
		translate_memop(b, in, !strncmp(name, "llvm.memset.", 12),
		                !strncmp(name, "llvm.memmove.", 13));
		return;
	}
	if (strstr(name, ".with.overflow.")) {
		if (!overflow_op(name, &op))
			fail(b, "intrinsic '%s' is not supported in hardware", "with.overflow");
		return; /* the results are taken apart by extractvalue */
	}
	for (int w = 0; w < 5; w++)
		if (strlen(wi[w]) == n && memcmp(name, wi[w], n) == 0) {
			LLVMValueRef d = LLVMGetOperand(in, 0);
			if (!LLVMIsAConstantInt(d) || LLVMConstIntGetZExtValue(d) > 2) {
				fail(b, "%s: the dimension must be a constant 0, 1 or 2", wi[w]);
				return;
			}
			if (b->f->dims == 0) {
				fail(b, "%s is only available in nd-range kernels", wi[w]);
				return;
			}
			if ((int)LLVMConstIntGetZExtValue(d) >= b->f->dims) {
				fail(b, "%s: dimension out of range for this kernel", wi[w]);
				return;
			}
			fill(b, id, K_WIID, kconst((uint64_t)w, 8), kconst(LLVMConstIntGetZExtValue(d), 8),
			     NONE);
			return;
		}
	if (intrinsic_op(name, &op)) {
		kval x = val_of(b, LLVMGetOperand(in, 0));
		kval y = NONE, z = NONE;
		unsigned nargs = (unsigned)LLVMGetNumArgOperands(in);
		/* abs/ctlz/cttz carry an "is poison" flag as a second operand that hardware ignores. */
		if (op != K_ABS && op != K_CTLZ && op != K_CTTZ && nargs > 1)
			y = val_of(b, LLVMGetOperand(in, 1));
		if ((op == K_FSHL || op == K_FSHR || op == K_FMA) && nargs > 2)
			z = val_of(b, LLVMGetOperand(in, 2));
		fill(b, id, op, x, y, z);
		return;
	}
	if (!strncmp(name, "llvm.fmuladd.", 13)) {
		/* "Fused or not": not, which is what the same C gives on x86-64 (SSE) and keeps results equal
		 * to the host's; fma() asks for fusion. */
		kval p = emit(b, K_FMUL, b->f->insts[id].width, val_of(b, LLVMGetOperand(in, 0)),
		              val_of(b, LLVMGetOperand(in, 1)));
		fill(b, id, K_FADD, p, val_of(b, LLVMGetOperand(in, 2)), NONE);
		return;
	}
	if (!strncmp(name, "llvm.lrint.", 11) || !strncmp(name, "llvm.llrint.", 12) ||
	    !strncmp(name, "llvm.lround.", 12) || !strncmp(name, "llvm.llround.", 13)) {
		/* the integral value in floating point, then converted (exact) */
		kval x = val_of(b, LLVMGetOperand(in, 0));
		kval r = emit(b, strstr(name, "round") ? K_FROUND : K_FRINT, x.width, x, NONE);
		fill(b, id, K_FPTOSI, r, NONE, NONE);
		return;
	}
	if (strncmp(name, "llvm.", 5) == 0) {
		char what[200];
		snprintf(what, sizeof what, "%.*s", (int)n, name);
		fail(b, "intrinsic '%s' is not supported in hardware", what);
		return;
	}
	char what[300];
	snprintf(what, sizeof what, "%.*s", (int)n, name);
	if (LLVMCountBasicBlocks(callee) == 0)
		fail(b, "call to '%s', which has no definition in the kernel sources", what);
	else
		fail(b, "call to '%s' could not be inlined (recursion is not supported in hardware)", what);
}

static void translate(builder *b, LLVMValueRef in)
{
	int id = -1;
	vmap_get(&b->slot, in, &id);
	b->cur_inst = in;
	LLVMOpcode op = LLVMGetInstructionOpcode(in);
	static const struct {
		LLVMOpcode llvm;
		kop k;
	} binops[] = {{LLVMAdd, K_ADD},   {LLVMSub, K_SUB},   {LLVMMul, K_MUL},   {LLVMUDiv, K_UDIV},
	              {LLVMSDiv, K_SDIV}, {LLVMURem, K_UREM}, {LLVMSRem, K_SREM}, {LLVMAnd, K_AND},
	              {LLVMOr, K_OR},     {LLVMXor, K_XOR},   {LLVMShl, K_SHL},   {LLVMLShr, K_LSHR},
	              {LLVMAShr, K_ASHR}};
	for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++)
		if (binops[i].llvm == op) {
			if (LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMIntegerTypeKind) {
				fail(b, "%s: vector arithmetic is not supported", "operation");
				return;
			}
			fill(b, id, binops[i].k, val_of(b, LLVMGetOperand(in, 0)),
			     val_of(b, LLVMGetOperand(in, 1)), NONE);
			return;
		}
	switch (op) {
	case LLVMICmp: {
		LLVMValueRef x = LLVMGetOperand(in, 0), y = LLVMGetOperand(in, 1);
		if (ir_is_pointer(x) && (mem_of(b, x) != mem_of(b, y)) && mem_of(b, x) >= 0 &&
		    mem_of(b, y) >= 0) {
			fail(b, "%s: comparing pointers into different memories is not supported", "icmp");
			return;
		}
		b->f->insts[id].pred = (int)LLVMGetICmpPredicate(in);
		fill(b, id, K_ICMP, val_of(b, x), val_of(b, y), NONE);
		return;
	}
	case LLVMSelect:
		if (ir_is_pointer(in))
			mem_of(b, in);
		fill(b, id, K_SELECT, val_of(b, LLVMGetOperand(in, 0)), val_of(b, LLVMGetOperand(in, 1)),
		     val_of(b, LLVMGetOperand(in, 2)));
		return;
	case LLVMZExt:
		fill(b, id, K_ZEXT, val_of(b, LLVMGetOperand(in, 0)), NONE, NONE);
		return;
	case LLVMSExt:
		fill(b, id, K_SEXT, val_of(b, LLVMGetOperand(in, 0)), NONE, NONE);
		return;
	case LLVMTrunc:
		fill(b, id, K_TRUNC, val_of(b, LLVMGetOperand(in, 0)), NONE, NONE);
		return;
	case LLVMFreeze:
	case LLVMBitCast:
	case LLVMAddrSpaceCast:
		if (ir_is_pointer(in))
			mem_of(b, in);
		fill(b, id, K_COPY, val_of(b, LLVMGetOperand(in, 0)), NONE, NONE);
		return;
	case LLVMGetElementPtr:
		if (mem_of(b, in) < -1)
			return;
		fill(b, id, K_COPY, gep_offset(b, in), NONE, NONE);
		return;
	case LLVMPHI: {
		if (ir_is_pointer(in))
			mem_of(b, in);
		kinst *k = &b->f->insts[id];
		unsigned n = LLVMCountIncoming(in);
		k->nphi = (int)n;
		k->phi_val = calloc(n, sizeof *k->phi_val);
		k->phi_block = calloc(n, sizeof *k->phi_block);
		for (unsigned i = 0; i < n; i++) {
			k = &b->f->insts[id];
			kval v = val_of(b, LLVMGetIncomingValue(in, i));
			k = &b->f->insts[id];
			k->phi_val[i] = v;
			k->phi_block[i] = block_of(b, LLVMGetIncomingBlock(in, i));
		}
		fill(b, id, K_PHI, NONE, NONE, NONE);
		b->f->insts[id].name = source_name(in);
		return;
	}
	case LLVMLoad:
		translate_load(b, in, id);
		return;
	case LLVMStore:
		translate_store(b, in);
		return;
	case LLVMCall:
		translate_call(b, in, id);
		return;
	case LLVMExtractValue:
		translate_extract(b, in, id);
		return;
	case LLVMBr: {
		int t = kir_new_inst(b->f, K_BR, 0, -1);
		if (LLVMIsConditional(in)) {
			kval c = val_of(b, LLVMGetCondition(in));
			kinst *k = &b->f->insts[t];
			k->op = K_CONDBR;
			k->succ[0] = block_of(b, LLVMGetSuccessor(in, 0));
			k->succ[1] = block_of(b, LLVMGetSuccessor(in, 1));
			fill(b, t, K_CONDBR, c, NONE, NONE);
		} else {
			b->f->insts[t].succ[0] = block_of(b, LLVMGetSuccessor(in, 0));
			fill(b, t, K_BR, NONE, NONE, NONE);
		}
		return;
	}
	case LLVMSwitch: {
		int t = kir_new_inst(b->f, K_SWITCH, 0, -1);
		kval c = val_of(b, LLVMGetOperand(in, 0)) /* LLVMGetCondition is for branches only */;
		unsigned ns = LLVMGetNumSuccessors(in);
		kinst *k = &b->f->insts[t];
		k->succ[0] = block_of(b, LLVMGetSwitchDefaultDest(in));
		k->ncases = (int)ns - 1;
		k->case_val = calloc(ns, sizeof *k->case_val);
		k->case_succ = calloc(ns, sizeof *k->case_succ);
		/* Operands are (cond, default, val1, dest1, ...): case values sit at even indices from 2. */
		for (unsigned i = 1; i < ns; i++) {
			k->case_val[i - 1] = LLVMConstIntGetZExtValue(LLVMGetOperand(in, 2 * i));
			k->case_succ[i - 1] = block_of(b, LLVMGetSuccessor(in, i));
		}
		fill(b, t, K_SWITCH, c, NONE, NONE);
		return;
	}
	case LLVMRet:
	case LLVMUnreachable: {
		int t = kir_new_inst(b->f, K_RET, 0, -1);
		fill(b, t, K_RET, NONE, NONE, NONE);
		if (t >= 0)
			b->f->insts[t].halt = op == LLVMUnreachable;
		return;
	}
	case LLVMAlloca:
		mem_of(b, in); /* the memory object; its value is offset 0 */
		return;
	case LLVMPtrToInt:
	case LLVMIntToPtr: {
		/* Pointers are 32-bit numbers in hardware (lower/unify_ptr.h). */
		kval x = val_of(b, LLVMGetOperand(in, 0));
		int w = ir_is_pointer(in) ? PTR_BITS : type_bits(LLVMTypeOf(in));
		if (x.width == w)
			fill(b, id, K_OR, x, kconst(0, w), NONE);
		else
			fill(b, id, x.width > w ? K_TRUNC : K_ZEXT, x, NONE, NONE);
		return;
	}
	case LLVMFAdd:
	case LLVMFSub:
	case LLVMFMul:
	case LLVMFDiv:
	case LLVMFPToSI:
	case LLVMFPToUI:
	case LLVMSIToFP:
	case LLVMUIToFP:
	case LLVMFPTrunc:
	case LLVMFPExt:
	case LLVMFNeg: {
		static const struct {
			LLVMOpcode llvm;
			kop k;
		} fops[] = {{LLVMFAdd, K_FADD},     {LLVMFSub, K_FSUB},     {LLVMFMul, K_FMUL},
		            {LLVMFDiv, K_FDIV},     {LLVMFPToSI, K_FPTOSI}, {LLVMFPToUI, K_FPTOUI},
		            {LLVMSIToFP, K_SITOFP}, {LLVMUIToFP, K_UITOFP}, {LLVMFPTrunc, K_FPTRUNC},
		            {LLVMFPExt, K_FPEXT},   {LLVMFNeg, K_FNEG}};
		if (!type_bits(LLVMTypeOf(in)) || !type_bits(LLVMTypeOf(LLVMGetOperand(in, 0)))) {
			fail(b, "%s: only float and double (and integers) are supported in hardware",
			     "floating point");
			return;
		}
		for (size_t i = 0; i < sizeof fops / sizeof fops[0]; i++)
			if (fops[i].llvm == op) {
				int two =
				    op == LLVMFAdd || op == LLVMFSub || op == LLVMFMul || op == LLVMFDiv;
				fill(b, id, fops[i].k, val_of(b, LLVMGetOperand(in, 0)),
				     two ? val_of(b, LLVMGetOperand(in, 1)) : NONE, NONE);
			}
		return;
	}
	case LLVMFCmp:
		b->f->insts[id].pred = (int)LLVMGetFCmpPredicate(in);
		fill(b, id, K_FCMP, val_of(b, LLVMGetOperand(in, 0)), val_of(b, LLVMGetOperand(in, 1)), NONE);
		return;
	case LLVMFRem:
		fail(b,
		     "%s: the remainder of floating-point values is not supported in hardware (fmod from "
		     "<math.h> is)",
		     "frem");
		return;
	default:
		fail(b, "%s: this instruction is not supported in hardware", "operation");
		return;
	}
}

/* One translation of FN into F, with 64-bit accesses to the memories in NARROW (flags in allocation order)
 * split (NULL: none). *PERM gets the map from allocation order to F's order of memories (malloc'd). */
static int build_once(LLVMModuleRef mod, LLVMValueRef fn, kfunc *f, const char *narrow, int **perm);

/* Memories of F that hold 64-bit words but are also worked on by a copy loop, whose engine moves 32-bit
 * words: malloc'd flags in allocation order (PERM maps it to F's), NULL when there is none. */
static char *copied_wide(const kfunc *f, const int *perm)
{
	int n = f->nmems + f->nimems;
	char *wide = calloc((size_t)n + 1, 1), *narrow = NULL;
	if (!wide)
		return NULL;
	for (int i = 0; i < f->ninsts; i++)
		if ((f->insts[i].op == K_LOAD || f->insts[i].op == K_STORE) && f->insts[i].bytes == 8)
			wide[f->insts[i].mem] = 1;
	for (int i = 0; i < f->ninsts; i++) {
		const kinst *k = &f->insts[i];
		int ms[2] = {k->mem, k->op == K_MEMCPY ? k->mem2 : -1};
		for (int j = 0; j < 2 && (k->op == K_MEMCPY || k->op == K_MEMSET); j++)
			if (ms[j] >= 0 && wide[ms[j]] == 1) {
				wide[ms[j]] = 2;
				if (!narrow)
					narrow = calloc((size_t)n + 1, 1);
			}
	}
	for (int a = 0; narrow && a < n; a++)
		narrow[a] = wide[perm[a]] == 2;
	free(wide);
	return narrow;
}

int cdfg_build(LLVMModuleRef mod, LLVMValueRef fn, kfunc *f)
{
	int *perm = NULL;
	int errors = build_once(mod, fn, f, NULL, &perm);
	char *narrow = errors || !perm ? NULL : copied_wide(f, perm);
	free(perm);
	if (narrow) { /* translate again, those memories with 32-bit words (allocation order is the same) */
		kfunc_free(f);
		errors = build_once(mod, fn, f, narrow, &perm);
		free(perm);
		free(narrow);
	}
	return errors;
}

static int build_once(LLVMModuleRef mod, LLVMValueRef fn, kfunc *f, const char *narrow, int **perm_out)
{
	builder b = {0};
	b.narrow = narrow;
	memset(f, 0, sizeof *f);
	b.fn = fn;
	b.mod = mod;
	b.f = f;
	b.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	size_t n = 0;
	const char *name = vname(fn, &n);
	f->native_name = dupn(name, n);
	size_t un = 0;
	const char *uname = ir_kernel_name(fn, &un);
	f->name = dupn(uname, un);
	unsigned al = 0;
	const char *av = ir_fn_attr(fn, "kiln-missing-sets", &al);
	f->missing_sets = av ? dupn(av, al) : NULL;
	av = ir_fn_attr(fn, "kiln-dispatch", &al);
	f->dispatch = av ? dupn(av, al) : NULL;
	unsigned vl = 0;
	const char *nd =
	    LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-nd-range-kernel", 20)
	        ? LLVMGetStringAttributeValue(LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
	                                                                    "sycl-nd-range-kernel", 20),
	                                      &vl)
	        : NULL;
	f->dims = nd ? atoi(nd) : 0;
	unsigned fl = 0;
	const char *file = LLVMGetDebugLocFilename(fn, &fl);
	f->file = file ? dupn(file, fl) : NULL;
	f->line = LLVMGetDebugLocLine(fn);

	f->nargs = (int)LLVMCountParams(fn);
	f->args = calloc((size_t)f->nargs + 1, sizeof *f->args);
	for (int i = 0; i < f->nargs; i++) {
		LLVMValueRef p = LLVMGetParam(fn, (unsigned)i);
		size_t pl = 0;
		const char *pn = vname(p, &pl);
		char tmp[32];
		if (!pl) {
			snprintf(tmp, sizeof tmp, "arg%d", i);
			pn = tmp;
			pl = strlen(tmp);
		}
		f->args[i].name = dupn(pn, pl);
		f->args[i].is_pointer = ir_is_pointer(p);
		f->args[i].width = ir_is_pointer(p) ? 64 : type_bits(LLVMTypeOf(p));
		unsigned sext = LLVMGetEnumAttributeKindForName("signext", 7);
		f->args[i].is_signed = LLVMGetEnumAttributeAtIndex(fn, (unsigned)i + 1, sext) != NULL;
		unsigned na = LLVMGetEnumAttributeKindForName("noalias", 7);
		f->args[i].noalias =
		    ir_is_pointer(p) && LLVMGetEnumAttributeAtIndex(fn, (unsigned)i + 1, na) != NULL;
	}

	f->nblocks = (int)LLVMCountBasicBlocks(fn);
	f->blocks = calloc((size_t)f->nblocks + 1, sizeof *f->blocks);
	int bi = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), bi++) {
		vmap_put(&b.block, LLVMBasicBlockAsValue(bb), bi);
		char nm[32];
		snprintf(nm, sizeof nm, "bb%d", bi);
		f->blocks[bi].name = dupn(nm, strlen(nm));
	}
	/* Reserve a slot for every value-producing instruction first, so that phis can name values defined
	 * later in the function (loop back edges). */
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			int w = type_bits(LLVMTypeOf(in));
			if (LLVMGetTypeKind(LLVMTypeOf(in)) == LLVMVoidTypeKind)
				continue;
			if (w > 64) {
				b.cur_inst = in;
				fail(&b, "%s: integers wider than 64 bits are not supported", "value");
				continue;
			}
			vmap_put(&b.slot, in, kir_new_inst(b.f, K_COPY, w ? w : 1, -1));
		}
	bi = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), bi++) {
		b.cur_block = bi;
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
			translate(&b, in);
	}
	for (int i = 0; i < f->ninsts; i++)
		if ((f->insts[i].op == K_LOAD || f->insts[i].op == K_STORE) && f->insts[i].bytes == 8)
			f->mems[f->insts[i].mem].word_bytes = 8;
	/* Module ports first (device globals, device memory), internal memories after them. */
	int *perm = calloc((size_t)f->nmems + 1, sizeof *perm);
	kmem *sorted = calloc((size_t)f->nmems + 1, sizeof *sorted);
	int ne = 0, ni = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < f->nmems; i++) {
			int internal = f->mems[i].kind >= MEM_LOCAL;
			if (internal != pass)
				continue;
			perm[i] = ne + ni;
			sorted[ne + ni] = f->mems[i];
			if (internal)
				ni++;
			else
				ne++;
		}
	for (int i = 0; i < f->ninsts; i++) {
		if (f->insts[i].mem >= 0)
			f->insts[i].mem = perm[f->insts[i].mem];
		if ((f->insts[i].op == K_MEMCPY) && f->insts[i].mem2 >= 0)
			f->insts[i].mem2 = perm[f->insts[i].mem2];
	}
	free(f->mems);
	*perm_out = perm;
	f->mems = sorted;
	f->nmems = ne;
	f->nimems = ni;
	LLVMDisposeTargetData(b.td);
	vmap_free(&b.slot);
	vmap_free(&b.block);
	vmap_free(&b.mem);
	return b.errors;
}
