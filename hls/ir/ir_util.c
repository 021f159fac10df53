// SPDX-License-Identifier: Apache-2.0
#include "ir_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Support.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "../support/diag.h"
#include "global_attrs.h"

LLVMValueRef ir_direct_callee(LLVMValueRef in)
{
	if (!LLVMIsACallInst(in) && !LLVMIsAInvokeInst(in))
		return NULL;
	LLVMValueRef c = LLVMGetCalledValue(in);
	while (c && LLVMIsAConstantExpr(c) &&
	       (LLVMGetConstOpcode(c) == LLVMBitCast || LLVMGetConstOpcode(c) == LLVMAddrSpaceCast))
		c = LLVMGetOperand(c, 0);
	return c && LLVMIsAFunction(c) ? c : NULL;
}

int ir_each_call(LLVMModuleRef m, int (*visit)(LLVMValueRef call, void *ctx), void *ctx)
{
	int sum = 0;
	for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
			LLVMValueRef in = LLVMGetFirstInstruction(bb);
			while (in) {
				LLVMValueRef next = LLVMGetNextInstruction(in);
				if (LLVMIsACallInst(in))
					sum += visit(in, ctx);
				in = next;
			}
		}
	return sum;
}

const char *ir_kernel_name(LLVMValueRef fn, size_t *len)
{
	const char *n = LLVMGetValueName2(fn, len);
	size_t pl = strlen(IR_KERNEL_PREFIX);
	if (*len > pl && strncmp(n, IR_KERNEL_PREFIX, pl) == 0) {
		n += pl;
		*len -= pl;
	}
	return n;
}

const char *ir_fn_attr(LLVMValueRef fn, const char *key, unsigned *len)
{
	LLVMAttributeRef a =
	    LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
	*len = 0;
	return a ? LLVMGetStringAttributeValue(a, len) : NULL;
}

int ir_list_has(const char *list, unsigned len, const char *name, unsigned nlen)
{
	for (unsigned i = 0; list && i <= len;) {
		unsigned j = i;
		while (j < len && list[j] != ',')
			j++;
		if (j - i == nlen && memcmp(list + i, name, nlen) == 0)
			return 1;
		i = j + 1;
	}
	return 0;
}

int ir_is_kernel(LLVMValueRef fn)
{
	/* DPC++ marks an ordinary SYCL kernel by its calling convention alone (spir_kernel, or ptx_kernel and
	 * amdgpu_kernel for the other targets); free function kernels also carry one of the two attributes.
	 * An entry without either attribute is a single task to Kiln's hardware (cdfg reads
	 * sycl-nd-range-kernel). */
	unsigned cc = LLVMGetFunctionCallConv(fn);
	return cc == LLVMSPIRKERNELCallConv || cc == LLVMPTXKernelCallConv ||
	       cc == LLVMAMDGPUKERNELCallConv ||
	       LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-single-task-kernel", 23) ||
	       LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-nd-range-kernel", 20);
}

int ir_is_defined_kernel(LLVMValueRef fn)
{
	return LLVMCountBasicBlocks(fn) > 0 && ir_is_kernel(fn);
}

int ir_is_pointer(LLVMValueRef v)
{
	return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
}

int ir_is_device_global(LLVMValueRef g)
{
	return LLVMIsAGlobalVariable(g) && kiln_global_has_attr(g, "sycl-device-global-size");
}

int ir_dg_image_scoped(LLVMValueRef g)
{
	unsigned l = 0;
	const char *scope =
	    ir_is_device_global(g) ? kiln_global_get_attr(g, "sycl-device-image-scope", &l) : NULL;
	return scope && !(l == 5 && !memcmp(scope, "false", 5));
}

LLVMValueRef *ir_md_operands(LLVMValueRef md, unsigned *n)
{
	*n = md ? LLVMGetMDNodeNumOperands(md) : 0;
	LLVMValueRef *ops = *n ? malloc(*n * sizeof *ops) : NULL;
	if (ops)
		LLVMGetMDNodeOperands(md, ops);
	else
		*n = 0;
	return ops;
}

LLVMValueRef ir_md_operand(LLVMValueRef md, unsigned i)
{
	unsigned n = 0;
	LLVMValueRef *ops = ir_md_operands(md, &n), v = i < n ? ops[i] : NULL;
	free(ops);
	return v;
}

int ir_is_usm_dg_class(LLVMValueRef g)
{
	if (!ir_is_device_global(g) || ir_dg_image_scoped(g))
		return 0;
	LLVMTypeRef vt = LLVMGlobalGetValueType(g);
	if (LLVMGetTypeKind(vt) != LLVMStructTypeKind || LLVMCountStructElementTypes(vt) < 1 ||
	    LLVMCountStructElementTypes(vt) > 2 ||
	    LLVMGetTypeKind(LLVMStructGetTypeAtIndex(vt, 0)) != LLVMPointerTypeKind)
		return 0;
	if (LLVMCountStructElementTypes(vt) == 1)
		return 1;
	/* With init_val, sizeof(T) is the second member's size. */
	LLVMTargetDataRef td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(g)); /* owned by the module */
	unsigned long long t = LLVMABISizeOfType(td, LLVMStructGetTypeAtIndex(vt, 1));
	unsigned l = 0;
	const char *sz = kiln_global_get_attr(g, "sycl-device-global-size", &l);
	char buf[24];
	snprintf(buf, sizeof buf, "%.*s", l < 23 ? (int)l : 23, sz);
	return strtoull(buf, NULL, 10) == t;
}

void ir_unpin(LLVMModuleRef mod, int (*drop)(LLVMValueRef g, void *ctx), void *ctx)
{
	static const char *const pins[] = {"llvm.used", "llvm.compiler.used"};
	for (size_t i = 0; i < 2; i++) {
		LLVMValueRef p = LLVMGetNamedGlobal(mod, pins[i]);
		LLVMValueRef init = p ? LLVMGetInitializer(p) : NULL;
		if (!init)
			continue;
		unsigned n = (unsigned)LLVMGetArrayLength(LLVMTypeOf(init)), k = 0;
		LLVMValueRef *keep = calloc(n ? n : 1, sizeof *keep);
		if (!keep)
			continue;
		for (unsigned j = 0; j < n; j++) {
			LLVMValueRef e = LLVMGetOperand(init, j), base = e;
			while (base && LLVMIsAConstantExpr(base))
				base = LLVMGetOperand(base, 0);
			if (!base || !drop(base, ctx))
				keep[k++] = e;
		}
		if (k < n) {
			LLVMTypeRef et = LLVMGetElementType(LLVMTypeOf(init));
			LLVMDeleteGlobal(p);
			if (k) {
				LLVMValueRef arr = LLVMConstArray(et, keep, k);
				LLVMValueRef g = LLVMAddGlobal(mod, LLVMTypeOf(arr), pins[i]);
				LLVMSetInitializer(g, arr);
				LLVMSetLinkage(g, LLVMAppendingLinkage);
				LLVMSetSection(g, "llvm.metadata");
			}
		}
		free(keep);
	}
}

void ir_pin(LLVMModuleRef mod, LLVMValueRef g)
{
	LLVMValueRef p = LLVMGetNamedGlobal(mod, "llvm.compiler.used");
	LLVMValueRef init = p ? LLVMGetInitializer(p) : NULL;
	unsigned n = init ? (unsigned)LLVMGetArrayLength(LLVMTypeOf(init)) : 0;
	LLVMTypeRef et = init ? LLVMGetElementType(LLVMTypeOf(init))
	                      : LLVMPointerTypeInContext(LLVMGetModuleContext(mod), 0);
	LLVMValueRef *all = calloc(n + 1, sizeof *all);
	if (!all)
		return;
	for (unsigned j = 0; j < n; j++)
		all[j] = LLVMGetOperand(init, j);
	all[n] = LLVMConstPointerCast(g, et);
	if (p)
		LLVMDeleteGlobal(p);
	LLVMValueRef arr = LLVMConstArray(et, all, n + 1);
	LLVMValueRef ng = LLVMAddGlobal(mod, LLVMTypeOf(arr), "llvm.compiler.used");
	LLVMSetInitializer(ng, arr);
	LLVMSetLinkage(ng, LLVMAppendingLinkage);
	LLVMSetSection(ng, "llvm.metadata");
	free(all);
}

int ir_is_library_state(LLVMValueRef g)
{
	const char *sec = LLVMGetSection(g);
	return sec && !strcmp(sec, IR_LIBRARY_STATE_SECTION);
}

int ir_const_bytes(LLVMTargetDataRef td, LLVMValueRef c, uint8_t *out, size_t n)
{
	return ir_const_bytes_ptr(td, c, out, n, NULL, NULL);
}

int ir_const_bytes_ptr(LLVMTargetDataRef td, LLVMValueRef c, uint8_t *out, size_t n,
                       int (*addr)(void *ctx, LLVMValueRef p, uint64_t *a), void *ctx)
{
	LLVMTypeRef ty = LLVMTypeOf(c);
	LLVMTypeKind kind = LLVMGetTypeKind(ty);
	if (LLVMIsAConstantAggregateZero(c) || LLVMIsAUndefValue(c) || LLVMIsAConstantPointerNull(c))
		return 0;
	if (kind == LLVMPointerTypeKind) {
		uint64_t a = 0;
		size_t sz = (size_t)LLVMABISizeOfType(td, ty);
		if (!addr || sz > n || sz > 8 || addr(ctx, c, &a) != 0)
			return -1;
		for (size_t k = 0; k < sz; k++)
			out[k] = (uint8_t)(a >> (8 * k));
		return 0;
	}
	if (LLVMIsAConstantInt(c)) {
		unsigned bits = LLVMGetIntTypeWidth(ty);
		uint64_t v = LLVMConstIntGetZExtValue(c);
		for (unsigned k = 0; k < (bits + 7) / 8 && k < n && k < 8; k++)
			out[k] = (uint8_t)(v >> (8 * k));
		return 0;
	}
	if (LLVMIsAConstantFP(c) && (kind == LLVMFloatTypeKind || kind == LLVMDoubleTypeKind)) {
		/* Storage of floating-point data is just its bits. */
		size_t sz = kind == LLVMFloatTypeKind ? 4 : 8;
		uint64_t v = ir_fp_const_bits(c);
		if (sz > n)
			return -1;
		for (size_t k = 0; k < sz; k++)
			out[k] = (uint8_t)(v >> (8 * k));
		return 0;
	}
	if (kind == LLVMArrayTypeKind || kind == LLVMVectorTypeKind) {
		/* A vector's elements are packed at their width: whole bytes only. */
		LLVMTypeRef et = LLVMGetElementType(ty);
		int vec = kind == LLVMVectorTypeKind;
		uint64_t es = vec ? LLVMStoreSizeOfType(td, et) : LLVMABISizeOfType(td, et);
		unsigned cnt = vec ? LLVMGetVectorSize(ty) : LLVMGetArrayLength(ty);
		if (vec && LLVMSizeOfTypeInBits(td, et) != es * 8)
			return -1;
		for (unsigned i = 0; i < cnt; i++) {
			LLVMValueRef e = LLVMGetAggregateElement(c, i);
			if (!e || (i + 1) * es > n ||
			    ir_const_bytes_ptr(td, e, out + i * es, (size_t)es, addr, ctx))
				return -1;
		}
		return 0;
	}
	if (kind == LLVMStructTypeKind) {
		unsigned cnt = LLVMCountStructElementTypes(ty);
		for (unsigned i = 0; i < cnt; i++) {
			uint64_t off = LLVMOffsetOfElement(td, ty, i);
			LLVMValueRef e = LLVMGetAggregateElement(c, i);
			if (!e || off > n || ir_const_bytes_ptr(td, e, out + off, n - (size_t)off, addr, ctx))
				return -1;
		}
		return 0;
	}
	return -1;
}

ir_gep_iter ir_gep_begin(LLVMValueRef g)
{
	return (ir_gep_iter){g, LLVMGetGEPSourceElementType(g), 1, (unsigned)LLVMGetNumOperands(g)};
}

int ir_gep_next(LLVMTargetDataRef td, ir_gep_iter *it, LLVMValueRef *idx, uint64_t *scale)
{
	if (it->i >= it->n)
		return 0;
	LLVMValueRef x = LLVMGetOperand(it->g, it->i);
	if (it->i++ == 1) { /* the first index steps over whole objects of the source type */
		*idx = x;
		*scale = LLVMABISizeOfType(td, it->ty);
		return 1;
	}
	if (LLVMGetTypeKind(it->ty) == LLVMStructTypeKind) {
		unsigned fld = (unsigned)LLVMConstIntGetZExtValue(x);
		*idx = NULL;
		*scale = LLVMOffsetOfElement(td, it->ty, fld);
		it->ty = LLVMStructGetTypeAtIndex(it->ty, fld);
		return 1;
	}
	/* A vector's elements, like an array's, follow each other (whole bytes each: i1 vectors are packed).
	 */
	if (LLVMGetTypeKind(it->ty) != LLVMArrayTypeKind && LLVMGetTypeKind(it->ty) != LLVMVectorTypeKind)
		return -1;
	it->ty = LLVMGetElementType(it->ty);
	*idx = x;
	*scale = LLVMABISizeOfType(td, it->ty);
	return 1;
}

void ir_llvm_init(void)
{
	/* No vectors made from scalar code; those of the sources are split into elements with their loads and
	 * stores (lower/vectors.c). */
	static const char *const cl[] = {"kiln", "-vectorize-loops=false", "-vectorize-slp=false",
	                                 "-assume-default-is-flat-addrspace", "-scalarize-load-store"};
	static int done;
	if (!done++)
		LLVMParseCommandLineOptions((int)(sizeof cl / sizeof cl[0]), cl, NULL);
}

/* Whether the O2 pipelines unroll loops: 1 after kiln-cc -funroll-loops, 0 after -fno-unroll-loops, -1 when
 * neither was given (Kiln's own rule, lower/unroll_small.c). */
static int unroll_loops = -1;

void ir_set_loop_unrolling(int on)
{
	unroll_loops = on;
}

int ir_loop_unrolling(void)
{
	return unroll_loops;
}

int ir_run_passes(LLVMModuleRef mod, const char *passes, const char *what)
{
	ir_llvm_init();
	LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
	LLVMPassBuilderOptionsSetLoopVectorization(po, 0);
	LLVMPassBuilderOptionsSetSLPVectorization(po, 0);
	LLVMPassBuilderOptionsSetLoopUnrolling(po, unroll_loops == 1);
	LLVMErrorRef e = LLVMRunPasses(mod, passes, NULL, po);
	LLVMDisposePassBuilderOptions(po);
	if (!e)
		return 0;
	char *msg = LLVMGetErrorMessage(e);
	diag_error(NULL, 0, 0, "%s failed: %s", what, msg);
	LLVMDisposeErrorMessage(msg);
	return -1;
}

uint64_t ir_fp_const_bits(LLVMValueRef c)
{
	LLVMBool lossy;
	double d = LLVMConstRealGetDouble(c, &lossy);
	if (LLVMGetTypeKind(LLVMTypeOf(c)) == LLVMFloatTypeKind) {
		float f = (float)d; /* exact: the constant is a float */
		uint32_t u;
		memcpy(&u, &f, 4);
		return u;
	}
	uint64_t u;
	memcpy(&u, &d, 8);
	return u;
}

LLVMValueRef ir_fn_md(LLVMValueRef fn, const char *name)
{
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
	unsigned kind = LLVMGetMDKindIDInContext(ctx, name, (unsigned)strlen(name));
	size_t n = 0;
	LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(fn, &n);
	LLVMValueRef node = NULL;
	for (size_t e = 0; e < n && !node; e++)
		if (LLVMValueMetadataEntriesGetKind(md, (unsigned)e) == kind)
			node = LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)e));
	if (md)
		LLVMDisposeValueMetadataEntries(md);
	return node;
}

void ir_copy_attrs(LLVMValueRef from, LLVMValueRef to, unsigned index)
{
	int ff = LLVMIsAFunction(from) != NULL;
	unsigned n =
	    ff ? LLVMGetAttributeCountAtIndex(from, index) : LLVMGetCallSiteAttributeCount(from, index);
	LLVMAttributeRef *a = n ? malloc(n * sizeof *a) : NULL;
	if (a && ff)
		LLVMGetAttributesAtIndex(from, index, a);
	else if (a)
		LLVMGetCallSiteAttributes(from, index, a);
	for (unsigned k = 0; a && k < n; k++)
		if (LLVMIsAFunction(to))
			LLVMAddAttributeAtIndex(to, index, a[k]);
		else
			LLVMAddCallSiteAttribute(to, index, a[k]);
	free(a);
}

const char *ir_const_string(LLVMValueRef c, size_t *len)
{
	LLVMTypeRef t = c ? LLVMTypeOf(c) : NULL;
	if (!t || LLVMGetTypeKind(t) != LLVMArrayTypeKind ||
	    LLVMGetElementType(t) != LLVMInt8TypeInContext(LLVMGetTypeContext(t)))
		return NULL;
	if (LLVMIsAConstantAggregateZero(c)) {
		*len = 1;
		return "";
	}
	if (!LLVMIsAConstantDataSequential(c) || !LLVMIsConstantString(c))
		return NULL;
	return LLVMGetAsString(c, len);
}

const char *ir_global_string(LLVMValueRef v, size_t *len)
{
	while (v && LLVMIsAConstantExpr(v))
		v = LLVMGetOperand(v, 0);
	if (!v || !LLVMIsAGlobalVariable(v))
		return NULL;
	const char *s = ir_const_string(LLVMGetInitializer(v), len);
	if (s && *len && s[*len - 1] == '\0')
		(*len)--;
	return s;
}

int ir_push(LLVMValueRef **list, int *n, int *cap, LLVMValueRef v)
{
	if (*n == *cap) {
		int more = *cap ? 2 * *cap : 16;
		LLVMValueRef *g = realloc(*list, (size_t)more * sizeof **list);
		if (!g)
			return -1;
		*list = g;
		*cap = more;
	}
	(*list)[(*n)++] = v;
	return 0;
}
