// SPDX-License-Identifier: Apache-2.0
#include "translate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/ir_cfg.h"
#include "../ir/ir_range.h"
#include "../ir/ir_util.h"
#include "mem_partition.h"
#include "memobj.h"
#include "values.h"

/* The source variable phi IN carries, from clang's name for it ("sum.012" -> "sum"): lower-case letters and
 * digits, starting with a letter, at most 16 characters; NULL when there is none (a name clang made up for an
 * operation, like "add.lcssa", still reads as what it is). */
static char *source_name(LLVMValueRef in)
{
	size_t n = 0;
	const char *s = cb_vname(in, &n);
	return cb_ident(s, n, 0, 16);
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
	cb_fail(b, "%s: memory access of this width is not supported", "load/store");
	return 4;
}

/* A 64-bit access IN to memory M is one access of a 64-bit word: M is an on-chip memory (module ports are
 * 32 bits wide) and the access is aligned. */
/* Access ID through PTR to memory M: under a block partitioning directive, the offsets LLVM proves its
 * address keeps to, which fix its bank when they lie in one (a[i] and a[i + N / 2] for i < N / 2). */
static void access_range(builder *b, LLVMValueRef ptr, int m, int id)
{
	uint64_t lo, hi;
	if (b->f->mems[m].part != KPART_BLOCK || ir_pointer_offset_range(ptr, b->cur_inst, &lo, &hi) != 0)
		return;
	kinst *k = &b->f->insts[id];
	k->arange = 1;
	k->alo = (uint32_t)lo;
	k->ahi = (uint32_t)hi;
}

static int whole_word(builder *b, LLVMValueRef in, int m)
{
	return b->f->mems[m].kind >= MEM_LOCAL && LLVMGetAlignment(in) >= 8;
}

static void translate_load(builder *b, LLVMValueRef in, int id)
{
	LLVMValueRef ptr = LLVMGetOperand(in, 0);
	int m = cb_mem_of(b, ptr);
	kval addr = cb_val_of(b, ptr);
	int bits = cb_type_bits(LLVMTypeOf(in));
	if (!bits) {
		cb_fail(b,
		        "%s: loads of vector or aggregate values (or of this floating-point type) are not "
		        "supported",
		        "load");
		return;
	}
	if (m < 0) {
		if (m == -1)
			cb_fail(b, "%s: load through a null pointer", "load");
		return;
	}
	b->f->mems[m].used_read = 1;
	int bytes = access_bytes(b, bits);
	if (bytes == 8 && whole_word(b, in, m)) {
		kinst *k = &b->f->insts[id];
		k->mem = m;
		k->bytes = 8;
		access_range(b, ptr, m, id);
		cb_fill(b, id, K_LOAD, addr, CB_NONE, CB_NONE);
		return;
	}
	if (bytes == 8) {
		/* 64-bit accesses are two 32-bit port transactions, low word first (little-endian). */
		int lo = kir_new_inst(b->f, K_LOAD, 32, -1), hi;
		b->f->insts[lo].a[0] = addr;
		b->f->insts[lo].nargs = 1;
		b->f->insts[lo].mem = m;
		b->f->insts[lo].bytes = 4;
		cb_place(b, lo);
		kval a4 = cb_emit(b, K_ADD, PTR_BITS, addr, cb_const(4, PTR_BITS));
		hi = kir_new_inst(b->f, K_LOAD, 32, -1);
		b->f->insts[hi].a[0] = a4;
		b->f->insts[hi].nargs = 1;
		b->f->insts[hi].mem = m;
		b->f->insts[hi].bytes = 4;
		cb_place(b, hi);
		kval zl = cb_emit(b, K_ZEXT, 64, cb_op_val(b, lo), CB_NONE);
		kval zh = cb_emit(b, K_ZEXT, 64, cb_op_val(b, hi), CB_NONE);
		kval sh = cb_emit(b, K_SHL, 64, zh, cb_const(32, 64));
		cb_fill(b, id, K_OR, zl, sh, CB_NONE);
		return;
	}
	kinst *k = &b->f->insts[id];
	k->mem = m;
	k->bytes = bytes;
	access_range(b, ptr, m, id);
	cb_fill(b, id, K_LOAD, addr, CB_NONE, CB_NONE);
}

static void translate_store(builder *b, LLVMValueRef in)
{
	LLVMValueRef val = LLVMGetOperand(in, 0), ptr = LLVMGetOperand(in, 1);
	int m = cb_mem_of(b, ptr);
	kval addr = cb_val_of(b, ptr);
	int bits = cb_type_bits(LLVMTypeOf(val));
	if (!bits || ir_is_pointer(val)) {
		cb_fail(
		    b,
		    "%s: storing vector, aggregate or pointer values (or this floating-point type) is not "
		    "supported",
		    "store");
		return;
	}
	kval v = cb_val_of(b, val);
	if (m < 0) {
		if (m == -1)
			cb_fail(b, "%s: store through a null pointer", "store");
		return;
	}
	b->f->mems[m].used_write = 1;
	int bytes = access_bytes(b, bits);
	int parts = bytes == 8 && !whole_word(b, in, m) ? 2 : 1;
	for (int p = 0; p < parts; p++) {
		kval data = v, a = addr;
		if (parts == 2) {
			data =
			    p ? cb_emit(b, K_TRUNC, 32, cb_emit(b, K_LSHR, 64, v, cb_const(32, 64)), CB_NONE)
			      : cb_emit(b, K_TRUNC, 32, v, CB_NONE);
			if (p)
				a = cb_emit(b, K_ADD, PTR_BITS, addr, cb_const(4, PTR_BITS));
		}
		int id = kir_new_inst(b->f, K_STORE, 0, -1);
		kinst *k = &b->f->insts[id];
		k->mem = m;
		k->bytes = parts == 2 ? 4 : bytes;
		if (parts == 1)
			access_range(b, ptr, m, id);
		cb_fill(b, id, K_STORE, a, data, CB_NONE);
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
		name = cb_vname(LLVMGetCalledValue(agg), &n);
	if (LLVMGetNumIndices(in) != 1 || !overflow_op(name, &op)) {
		cb_fail(b, "%s: aggregate values are not supported in hardware", "extractvalue");
		return;
	}
	kval x = cb_val_of(b, LLVMGetOperand(agg, 0)), y = cb_val_of(b, LLVMGetOperand(agg, 1));
	unsigned idx = LLVMGetIndices(in)[0];
	if (idx == 0) {
		kop r = op == K_UADDO || op == K_SADDO   ? K_ADD
		        : op == K_USUBO || op == K_SSUBO ? K_SUB
		                                         : K_MUL;
		cb_fill(b, id, r, x, y, CB_NONE);
	} else {
		cb_fill(b, id, op, x, y, CB_NONE);
	}
}

/* memcpy/memmove/memset: one copy operation the hardware runs as a loop over the ports (rtl/kiln_copy.v),
 * its length known at compile time or not. */
/* The alignment (1, 2, 4 or 8 bytes) the pointers of memcpy/memset IN are declared to have, both. */
static int memop_align(LLVMValueRef in, int is_set)
{
	unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
	uint64_t a = 8;
	for (unsigned arg = 1; arg <= (is_set ? 1u : 2u); arg++) {
		LLVMAttributeRef at = LLVMGetCallSiteEnumAttribute(in, arg, kind);
		uint64_t v = at ? LLVMGetEnumAttributeValue(at) : 1;
		if (v < a)
			a = v;
	}
	return a >= 8 ? 8 : a >= 4 ? 4 : a >= 2 ? 2 : 1;
}

static void translate_memop(builder *b, LLVMValueRef in, int is_set, int is_move)
{
	LLVMValueRef dst = LLVMGetOperand(in, 0), src = LLVMGetOperand(in, 1), len = LLVMGetOperand(in, 2);
	int fixed = LLVMIsAConstantInt(len) != NULL;
	uint64_t n = fixed ? LLVMConstIntGetZExtValue(len) : 1;
	if (n == 0)
		return;
	int md = cb_mem_of(b, dst);
	int ms = is_set ? -1 : cb_mem_of(b, src);
	if (md < 0 || (!is_set && ms < 0)) {
		if (md == -1 || (!is_set && ms == -1))
			cb_fail(b, "%s through a null pointer", is_set ? "memset" : "memcpy");
		return;
	}
	if (n >= (1ULL << 31)) {
		cb_fail(b, "%s: size too large", is_set ? "memset" : "memcpy");
		return;
	}
	kval d = cb_val_of(b, dst);
	kval sv = cb_val_of(b, src);
	if (is_set && sv.width != 8)
		sv = cb_const(sv.c, 8);
	b->f->mems[md].used_write = 1;
	if (!is_set)
		b->f->mems[ms].used_read = 1;
	kval lv = cb_const(n, PTR_BITS);
	if (!fixed) {
		lv = cb_val_of(b, len);
		if (lv.width > PTR_BITS)
			lv = cb_emit(b, K_TRUNC, PTR_BITS, lv, (kval){0});
		else if (lv.width < PTR_BITS)
			lv = cb_emit(b, K_ZEXT, PTR_BITS, lv, (kval){0});
	}
	int id = kir_new_inst(b->f, is_set ? K_MEMSET : K_MEMCPY, 0, -1);
	b->f->insts[id].mem = md;
	b->f->insts[id].mem2 = ms;
	b->f->insts[id].move = is_move;
	b->f->insts[id].bytes = memop_align(in, is_set);
	cb_fill(b, id, is_set ? K_MEMSET : K_MEMCPY, d, sv, lv);
}

void cb_var_annotation(builder *b, LLVMValueRef in)
{
	size_t len = 0, pre = sizeof KILN_PARTITION_ANNOTATION - 1;
	const char *s = ir_global_string(LLVMGetOperand(in, 1), &len);
	if (!s || len < pre || strncmp(s, KILN_PARTITION_ANNOTATION, pre))
		return;
	LLVMValueRef ln = LLVMGetOperand(in, 3);
	unsigned line = LLVMIsAConstantInt(ln) ? (unsigned)LLVMConstIntGetZExtValue(ln) : 0;
	int m = cb_mem_of(b, LLVMGetOperand(in, 0));
	if (m >= 0)
		cb_mem_partition(b, m, s + pre, len - pre, line);
}

static void translate_call(builder *b, LLVMValueRef in, int id)
{
	LLVMValueRef callee = LLVMGetCalledValue(in);
	if (!LLVMIsAFunction(callee)) {
		cb_fail(b, "%s: indirect calls are not supported in hardware", "call");
		return;
	}
	size_t n = 0;
	const char *name = cb_vname(callee, &n);
	kop op;
	/* the work-item builtins of kiln/device.h, by the query they make */
	static const char *const wi[] = {[WI_GID] = "kiln_global_id",
	                                 [WI_LID] = "kiln_local_id",
	                                 [WI_GRP] = "kiln_group_id",
	                                 [WI_GLOBAL_RANGE] = "kiln_global_range",
	                                 [WI_LOCAL_RANGE] = "kiln_local_range"};
	if (ignorable_call(name))
		return;
	if (!strncmp(name, "llvm.var.annotation", 19)) /* cdfg.c read them before translating */
		return;
	if (!strncmp(name, "llvm.memcpy.", 12) || !strncmp(name, "llvm.memmove.", 13) ||
	    !strncmp(name, "llvm.memset.", 12)) {
		translate_memop(b, in, !strncmp(name, "llvm.memset.", 12),
		                !strncmp(name, "llvm.memmove.", 13));
		return;
	}
	if (strstr(name, ".with.overflow.")) {
		if (!overflow_op(name, &op))
			cb_fail(b, "intrinsic '%s' is not supported in hardware", "with.overflow");
		return; /* the results are taken apart by extractvalue */
	}
	for (int w = 0; w < (int)(sizeof wi / sizeof wi[0]); w++)
		if (strlen(wi[w]) == n && memcmp(name, wi[w], n) == 0) {
			LLVMValueRef d = LLVMGetOperand(in, 0);
			if (!LLVMIsAConstantInt(d) || LLVMConstIntGetZExtValue(d) > 2) {
				cb_fail(b, "%s: the dimension must be a constant 0, 1 or 2", wi[w]);
				return;
			}
			if (b->f->dims == 0) {
				cb_fail(b, "%s is only available in nd-range kernels", wi[w]);
				return;
			}
			if ((int)LLVMConstIntGetZExtValue(d) >= b->f->dims) {
				cb_fail(b, "%s: dimension out of range for this kernel", wi[w]);
				return;
			}
			cb_fill(b, id, K_WIID, cb_const((uint64_t)w, 8),
			        cb_const(LLVMConstIntGetZExtValue(d), 8), CB_NONE);
			return;
		}
	if (intrinsic_op(name, &op)) {
		kval x = cb_val_of(b, LLVMGetOperand(in, 0));
		kval y = CB_NONE, z = CB_NONE;
		unsigned nargs = (unsigned)LLVMGetNumArgOperands(in);
		/* abs/ctlz/cttz carry an "is poison" flag as a second operand that hardware ignores. */
		if (op != K_ABS && op != K_CTLZ && op != K_CTTZ && nargs > 1)
			y = cb_val_of(b, LLVMGetOperand(in, 1));
		if ((op == K_FSHL || op == K_FSHR || op == K_FMA) && nargs > 2)
			z = cb_val_of(b, LLVMGetOperand(in, 2));
		cb_fill(b, id, op, x, y, z);
		return;
	}
	if (!strncmp(name, "llvm.fmuladd.", 13)) {
		/* "Fused or not": not, which is what the same C gives on x86-64 (SSE) and keeps results equal
		 * to the host's; fma() asks for fusion. */
		kval p = cb_emit(b, K_FMUL, b->f->insts[id].width, cb_val_of(b, LLVMGetOperand(in, 0)),
		                 cb_val_of(b, LLVMGetOperand(in, 1)));
		cb_fill(b, id, K_FADD, p, cb_val_of(b, LLVMGetOperand(in, 2)), CB_NONE);
		return;
	}
	if (!strncmp(name, "llvm.lrint.", 11) || !strncmp(name, "llvm.llrint.", 12) ||
	    !strncmp(name, "llvm.lround.", 12) || !strncmp(name, "llvm.llround.", 13)) {
		/* the integral value in floating point, then converted (exact) */
		kval x = cb_val_of(b, LLVMGetOperand(in, 0));
		kval r = cb_emit(b, strstr(name, "round") ? K_FROUND : K_FRINT, x.width, x, CB_NONE);
		cb_fill(b, id, K_FPTOSI, r, CB_NONE, CB_NONE);
		return;
	}
	if (strncmp(name, "llvm.", 5) == 0) {
		char what[200];
		snprintf(what, sizeof what, "%.*s", (int)n, name);
		cb_fail(b, "intrinsic '%s' is not supported in hardware", what);
		return;
	}
	char what[300];
	snprintf(what, sizeof what, "%.*s", (int)n, name);
	if (LLVMCountBasicBlocks(callee) == 0)
		cb_fail(b, "call to '%s', which has no definition in the kernel sources", what);
	else
		cb_fail(b, "call to '%s' could not be inlined (recursion is not supported in hardware)",
		        what);
}

/* One row per LLVM opcode kiln translates: the operation it becomes (for the rows whose handler needs one),
 * how many of its operands that operation takes, and the handler for the instruction's shape. */
typedef struct xrow xrow;
typedef void (*xlate_fn)(builder *b, LLVMValueRef in, int id, const xrow *r);
struct xrow {
	LLVMOpcode llvm;
	kop op;
	int nops;
	xlate_fn fn;
};

/* The first NOPS operands of IN as operands of operation R->op. */
static void xl_plain(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	kval v[3] = {CB_NONE, CB_NONE, CB_NONE};
	for (int a = 0; a < r->nops; a++)
		v[a] = cb_val_of(b, LLVMGetOperand(in, (unsigned)a));
	cb_fill(b, id, r->op, v[0], v[1], v[2]);
}

/* Integer arithmetic: scalars only. */
static void xl_int(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	if (LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMIntegerTypeKind) {
		cb_fail(b, "%s: vector arithmetic is not supported", "operation");
		return;
	}
	xl_plain(b, in, id, r);
}

/* A multiplication: by a constant of few signed digits, shifts and adders (cdfg/mul_const.h). */
static void xl_mul(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	LLVMTypeRef t = LLVMTypeOf(in);
	if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind)
		for (unsigned i = 0; i < 2; i++) {
			LLVMValueRef c = LLVMGetOperand(in, i);
			int w = (int)LLVMGetIntTypeWidth(t);
			mul_digit d[MUL_CONST_MAX_DIGITS];
			int n = LLVMIsAConstantInt(c) && w <= 64
			            ? mul_const_digits(LLVMConstIntGetZExtValue(c), w, d)
			            : -1;
			if (n < 1 || (n == 1 && !d[0].neg && !d[0].shift))
				continue; /* a multiplier, or a product by 1 (which LLVM leaves no more) */
			cb_mul_digits(b, id, w, cb_val_of(b, LLVMGetOperand(in, 1 - i)), d, n);
			return;
		}
	xl_int(b, in, id, r);
}

/* Floating point: float and double (and integers, for the conversions). */
static void xl_float(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	if (!cb_type_bits(LLVMTypeOf(in)) || !cb_type_bits(LLVMTypeOf(LLVMGetOperand(in, 0)))) {
		cb_fail(b, "%s: only float and double (and integers) are supported in hardware",
		        "floating point");
		return;
	}
	xl_plain(b, in, id, r);
}

/* A select or a value-preserving cast: a pointer's memory object is found first. */
static void xl_pointer_or_value(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	if (ir_is_pointer(in))
		cb_mem_of(b, in);
	xl_plain(b, in, id, r);
}

static void xl_icmp(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	LLVMValueRef x = LLVMGetOperand(in, 0), y = LLVMGetOperand(in, 1);
	if (ir_is_pointer(x) && (cb_mem_of(b, x) != cb_mem_of(b, y)) && cb_mem_of(b, x) >= 0 &&
	    cb_mem_of(b, y) >= 0) {
		cb_fail(b, "%s: comparing pointers into different memories is not supported", "icmp");
		return;
	}
	b->f->insts[id].pred = (int)LLVMGetICmpPredicate(in);
	xl_plain(b, in, id, r);
}

static void xl_fcmp(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	b->f->insts[id].pred = (int)LLVMGetFCmpPredicate(in);
	xl_plain(b, in, id, r);
}

/* Address arithmetic: the offset into the pointer's memory object. */
static void xl_gep(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	if (cb_mem_of(b, in) < -1)
		return;
	cb_fill(b, id, r->op, cb_gep_offset(b, in), CB_NONE, CB_NONE);
}

static void xl_phi(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	if (ir_is_pointer(in))
		cb_mem_of(b, in);
	kinst *k = &b->f->insts[id];
	unsigned n = LLVMCountIncoming(in);
	k->nphi = (int)n;
	k->phi_val = calloc(n, sizeof *k->phi_val);
	k->phi_block = calloc(n, sizeof *k->phi_block);
	for (unsigned i = 0; i < n; i++) {
		kval v = cb_val_of(b, LLVMGetIncomingValue(in, i));
		k = &b->f->insts[id];
		k->phi_val[i] = v;
		k->phi_block[i] = cb_block_of(b, LLVMGetIncomingBlock(in, i));
	}
	cb_fill(b, id, r->op, CB_NONE, CB_NONE, CB_NONE);
	b->f->insts[id].name = source_name(in);
}

static void xl_load(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	(void)r;
	translate_load(b, in, id);
}

static void xl_store(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	(void)id, (void)r;
	translate_store(b, in);
}

static void xl_call(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	(void)r;
	translate_call(b, in, id);
}

static void xl_extract(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	(void)r;
	translate_extract(b, in, id);
}

static void xl_br(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	(void)id, (void)r;
	int t = kir_new_inst(b->f, K_BR, 0, -1);
	if (LLVMIsConditional(in)) {
		kval c = cb_val_of(b, LLVMGetCondition(in));
		kinst *k = &b->f->insts[t];
		k->op = K_CONDBR;
		k->succ[0] = cb_block_of(b, LLVMGetSuccessor(in, 0));
		k->succ[1] = cb_block_of(b, LLVMGetSuccessor(in, 1));
		cb_fill(b, t, K_CONDBR, c, CB_NONE, CB_NONE);
	} else {
		b->f->insts[t].succ[0] = cb_block_of(b, LLVMGetSuccessor(in, 0));
		cb_fill(b, t, K_BR, CB_NONE, CB_NONE, CB_NONE);
	}
}

static void xl_switch(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	(void)id, (void)r;
	int t = kir_new_inst(b->f, K_SWITCH, 0, -1);
	kval c = cb_val_of(b, LLVMGetOperand(in, 0)) /* LLVMGetCondition is for branches only */;
	unsigned ns = LLVMGetNumSuccessors(in);
	kinst *k = &b->f->insts[t];
	k->succ[0] = cb_block_of(b, LLVMGetSwitchDefaultDest(in));
	k->ncases = (int)ns - 1;
	k->case_val = calloc(ns, sizeof *k->case_val);
	k->case_succ = calloc(ns, sizeof *k->case_succ);
	/* Operands are (cond, default, val1, dest1, ...): case values sit at even indices from 2. */
	for (unsigned i = 1; i < ns; i++) {
		k->case_val[i - 1] = LLVMConstIntGetZExtValue(LLVMGetOperand(in, 2 * i));
		k->case_succ[i - 1] = cb_block_of(b, LLVMGetSuccessor(in, i));
	}
	cb_fill(b, t, K_SWITCH, c, CB_NONE, CB_NONE);
}

/* A return, or unreachable code (a stop: an nd-range kernel starts no more work-items). */
static void xl_ret(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	(void)id, (void)r;
	int t = kir_new_inst(b->f, K_RET, 0, -1);
	cb_fill(b, t, K_RET, CB_NONE, CB_NONE, CB_NONE);
	if (t >= 0) {
		b->f->insts[t].halt = LLVMGetInstructionOpcode(in) == LLVMUnreachable;
		unsigned never = LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(in)), IR_NEVER_MD,
		                                          sizeof IR_NEVER_MD - 1);
		b->f->insts[t].never = b->f->insts[t].halt && LLVMGetMetadata(in, never);
	}
}

static void xl_alloca(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	(void)id, (void)r;
	cb_mem_of(b, in); /* the memory object; its value is offset 0 */
}

/* Pointers are 32-bit numbers in hardware (lower/unify_ptr.h). */
static void xl_ptr_int(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	(void)r;
	kval x = cb_val_of(b, LLVMGetOperand(in, 0));
	int w = ir_is_pointer(in) ? PTR_BITS : cb_type_bits(LLVMTypeOf(in));
	if (x.width == w)
		cb_fill(b, id, K_OR, x, cb_const(0, w), CB_NONE);
	else
		cb_fill(b, id, x.width > w ? K_TRUNC : K_ZEXT, x, CB_NONE, CB_NONE);
}

static void xl_frem(builder *b, LLVMValueRef in, int id, const xrow *r)
{
	(void)in, (void)id, (void)r;
	cb_fail(b,
	        "%s: the remainder of floating-point values is not supported in hardware (fmod from "
	        "<math.h> is)",
	        "frem");
}

static const xrow xrows[] = {
    {LLVMAdd, K_ADD, 2, xl_int},
    {LLVMSub, K_SUB, 2, xl_int},
    {LLVMMul, K_MUL, 2, xl_mul},
    {LLVMUDiv, K_UDIV, 2, xl_int},
    {LLVMSDiv, K_SDIV, 2, xl_int},
    {LLVMURem, K_UREM, 2, xl_int},
    {LLVMSRem, K_SREM, 2, xl_int},
    {LLVMAnd, K_AND, 2, xl_int},
    {LLVMOr, K_OR, 2, xl_int},
    {LLVMXor, K_XOR, 2, xl_int},
    {LLVMShl, K_SHL, 2, xl_int},
    {LLVMLShr, K_LSHR, 2, xl_int},
    {LLVMAShr, K_ASHR, 2, xl_int},
    {LLVMICmp, K_ICMP, 2, xl_icmp},
    {LLVMSelect, K_SELECT, 3, xl_pointer_or_value},
    {LLVMZExt, K_ZEXT, 1, xl_plain},
    {LLVMSExt, K_SEXT, 1, xl_plain},
    {LLVMTrunc, K_TRUNC, 1, xl_plain},
    {LLVMFreeze, K_COPY, 1, xl_pointer_or_value},
    {LLVMBitCast, K_COPY, 1, xl_pointer_or_value},
    {LLVMAddrSpaceCast, K_COPY, 1, xl_pointer_or_value},
    {LLVMGetElementPtr, K_COPY, 1, xl_gep},
    {LLVMPHI, K_PHI, 0, xl_phi},
    {LLVMLoad, K_LOAD, 0, xl_load},
    {LLVMStore, K_STORE, 0, xl_store},
    {LLVMCall, K_COPY, 0, xl_call},
    {LLVMExtractValue, K_COPY, 0, xl_extract},
    {LLVMBr, K_BR, 0, xl_br},
    {LLVMSwitch, K_SWITCH, 0, xl_switch},
    {LLVMRet, K_RET, 0, xl_ret},
    {LLVMUnreachable, K_RET, 0, xl_ret},
    {LLVMAlloca, K_COPY, 0, xl_alloca},
    {LLVMPtrToInt, K_ZEXT, 1, xl_ptr_int},
    {LLVMIntToPtr, K_ZEXT, 1, xl_ptr_int},
    {LLVMFAdd, K_FADD, 2, xl_float},
    {LLVMFSub, K_FSUB, 2, xl_float},
    {LLVMFMul, K_FMUL, 2, xl_float},
    {LLVMFDiv, K_FDIV, 2, xl_float},
    {LLVMFPToSI, K_FPTOSI, 1, xl_float},
    {LLVMFPToUI, K_FPTOUI, 1, xl_float},
    {LLVMSIToFP, K_SITOFP, 1, xl_float},
    {LLVMUIToFP, K_UITOFP, 1, xl_float},
    {LLVMFPTrunc, K_FPTRUNC, 1, xl_float},
    {LLVMFPExt, K_FPEXT, 1, xl_float},
    {LLVMFNeg, K_FNEG, 1, xl_float},
    {LLVMFCmp, K_FCMP, 2, xl_fcmp},
    {LLVMFRem, K_COPY, 0, xl_frem},
};

void cb_translate(builder *b, LLVMValueRef in)
{
	int id = -1;
	vmap_get(&b->slot, in, &id);
	b->cur_inst = in;
	LLVMOpcode op = LLVMGetInstructionOpcode(in);
	for (size_t i = 0; i < sizeof xrows / sizeof xrows[0]; i++)
		if (xrows[i].llvm == op) {
			xrows[i].fn(b, in, id, &xrows[i]);
			return;
		}
	cb_fail(b, "%s: this instruction is not supported in hardware", "operation");
}
