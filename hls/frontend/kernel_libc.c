// SPDX-License-Identifier: Apache-2.0
#include "kernel_libc.h"

#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>

#include "../../host/common/paths.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "../support/xalloc.h"

const char *kernel_libc_path(void)
{
	return kiln_data_file("KILN_LIBC", "libc/kiln-libc.bc");
}

/* Whether MOD calls a function it declares and LIB defines: only then is the library linked at all. */
static int needs_lib(LLVMModuleRef mod, LLVMModuleRef lib)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		size_t n = 0;
		const char *name = LLVMGetValueName2(fn, &n);
		if (LLVMCountBasicBlocks(fn) || LLVMGetIntrinsicID(fn) || !LLVMGetFirstUse(fn))
			continue;
		LLVMValueRef def = LLVMGetNamedFunction(lib, name);
		if (def && LLVMCountBasicBlocks(def))
			return 1;
	}
	return 0;
}

/* Appends a copy of NAME to the list; 0 or -1. */
static int keep_name(char ***names, size_t *n, size_t *cap, const char *name)
{
	if (*n == *cap) {
		char **grown = realloc(*names, (*cap *= 2) * sizeof **names);
		if (!grown)
			return -1;
		*names = grown;
	}
	return ((*names)[(*n)++] = strdup(name)) ? 0 : -1;
}

/* The library's __kiln_long32 (long32.c) from the sources' KILN_LONG_BITS_FLAG, a constant of the module
 * from now on, so that the formatting code of the other width folds away. */
static int tell_long_bits(LLVMModuleRef mod)
{
	LLVMValueRef g = LLVMGetNamedGlobal(mod, "__kiln_long32");
	if (!g || !LLVMGetInitializer(g))
		return 0;
	int long32 = 0;
	unsigned n = LLVMGetNamedMetadataNumOperands(mod, "llvm.module.flags");
	LLVMValueRef *flags = xcalloc(n + 1, sizeof *flags);
	LLVMGetNamedMetadataOperands(mod, "llvm.module.flags", flags);
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef op[3];
		unsigned len = 0;
		if (LLVMGetMDNodeNumOperands(flags[i]) != 3)
			continue;
		LLVMGetMDNodeOperands(flags[i], op);
		const char *name = LLVMGetMDString(op[1], &len);
		if (name && len == strlen(KILN_LONG_BITS_FLAG) && !memcmp(name, KILN_LONG_BITS_FLAG, len) &&
		    LLVMIsAConstantInt(op[2]))
			long32 = LLVMConstIntGetZExtValue(op[2]) == 32;
	}
	free(flags);
	LLVMSetInitializer(g, LLVMConstInt(LLVMGlobalGetValueType(g), (unsigned long long)long32, 0));
	LLVMSetGlobalConstant(g, 1);
	LLVMSetLinkage(g, LLVMInternalLinkage);
	return 0;
}

/* Whether values of types A and B are passed alike: the same kinds, integers of any width alike (an
 * implicit declaration's int result, which C programs for x86-64 rely on, as before), pointers to anything in
 * one address space alike (typed pointers to two copies of one structure type differ in name only). */
static int same_shape(LLVMTypeRef a, LLVMTypeRef b)
{
	LLVMTypeKind k = LLVMGetTypeKind(a);
	if (k != LLVMGetTypeKind(b))
		return 0;
	switch (k) {
	case LLVMPointerTypeKind:
		return LLVMGetPointerAddressSpace(a) == LLVMGetPointerAddressSpace(b);
	case LLVMArrayTypeKind:
		return LLVMGetArrayLength(a) == LLVMGetArrayLength(b) &&
		       same_shape(LLVMGetElementType(a), LLVMGetElementType(b));
	case LLVMVectorTypeKind:
		return LLVMGetVectorSize(a) == LLVMGetVectorSize(b) &&
		       same_shape(LLVMGetElementType(a), LLVMGetElementType(b));
	case LLVMStructTypeKind: {
		unsigned n = LLVMCountStructElementTypes(a);
		if (n != LLVMCountStructElementTypes(b) || LLVMIsPackedStruct(a) != LLVMIsPackedStruct(b))
			return 0;
		for (unsigned i = 0; i < n; i++)
			if (!same_shape(LLVMStructGetTypeAtIndex(a, i), LLVMStructGetTypeAtIndex(b, i)))
				return 0;
		return 1;
	}
	case LLVMFunctionTypeKind: {
		unsigned n = LLVMCountParamTypes(a);
		if (n != LLVMCountParamTypes(b) || LLVMIsFunctionVarArg(a) != LLVMIsFunctionVarArg(b) ||
		    !same_shape(LLVMGetReturnType(a), LLVMGetReturnType(b)))
			return 0;
		LLVMTypeRef *pa = xcalloc(n + 1, sizeof *pa), *pb = xcalloc(n + 1, sizeof *pb);
		LLVMGetParamTypes(a, pa);
		LLVMGetParamTypes(b, pb);
		int same = 1;
		for (unsigned i = 0; same && i < n; i++)
			same = same_shape(pa[i], pb[i]);
		free(pa);
		free(pb);
		return same;
	}
	default:
		return 1;
	}
}

/* An ir_each_call visitor: 1, with an error at the call, for a call to a library function through a cast of
 * it whose types are not passed alike (same_shape): the caller's idea of its type differs from the library's.
 * The kernel C library is compiled for spir64; a source compiled for x86-64 (a variable-length array's,
 * --data-model llp64's) passes a small structure in registers where spir64 passes its address. */
static int call_type_mismatch(LLVMValueRef in, void *ctx)
{
	(void)ctx;
	LLVMValueRef c = LLVMGetCalledValue(in);
	if (!LLVMIsAConstantExpr(c) || LLVMGetConstOpcode(c) != LLVMBitCast)
		return 0;
	LLVMValueRef callee = LLVMGetOperand(c, 0);
	if (!LLVMIsAFunction(callee) ||
	    !LLVMGetStringAttributeAtIndex(callee, LLVMAttributeFunctionIndex, KERNEL_LIBC_ATTR,
	                                   sizeof KERNEL_LIBC_ATTR - 1) ||
	    same_shape(LLVMGetCalledFunctionType(in), LLVMGlobalGetValueType(callee)))
		return 0;
	size_t n = 0;
	const char *name = LLVMGetValueName2(callee, &n);
	diag_error_at(
	    in,
	    "'%.*s' is called with a type the kernel C library does not define it with: a structure "
	    "passed or returned by value, compiled for x86-64 (a source with a variable-length array, or "
	    "--data-model llp64), is not supported yet",
	    (int)n, name);
	return 1;
}

int kernel_libc_link(LLVMModuleRef mod)
{
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	const char *path = kernel_libc_path();
	LLVMMemoryBufferRef buf = NULL;
	LLVMModuleRef lib = NULL;
	char *msg = NULL;
	if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
		diag_error(path, 0, 0, "cannot read the kernel C library: %s", msg);
		LLVMDisposeMessage(msg);
		return -1;
	}
	int bad = LLVMParseBitcodeInContext2(ctx, buf, &lib);
	LLVMDisposeMemoryBuffer(buf);
	if (bad) {
		diag_error(path, 0, 0, "the kernel C library is not valid bitcode; rebuild Kiln");
		return -1;
	}
	if (!needs_lib(mod, lib)) {
		LLVMDisposeModule(lib);
		return 0;
	}
	/* The kernel sources' own definitions win: the library's copy becomes a declaration that links to
	 * them. What is left is remembered by name, to be made internal once linked. */
	size_t nnames = 0, cap = 64;
	char **names = malloc(cap * sizeof *names);
	int rc = names ? 0 : -1;
	for (LLVMValueRef fn = LLVMGetFirstFunction(lib); fn && rc == 0; fn = LLVMGetNextFunction(fn)) {
		if (!LLVMCountBasicBlocks(fn))
			continue;
		const char *name = LLVMGetValueName2(fn, &(size_t){0});
		LLVMValueRef mine = LLVMGetNamedFunction(mod, name);
		if (mine && LLVMCountBasicBlocks(mine)) {
			LLVMBasicBlockRef bb;
			while ((bb = LLVMGetFirstBasicBlock(fn)))
				LLVMDeleteBasicBlock(bb);
			continue;
		}
		rc = keep_name(&names, &nnames, &cap, name);
	}
	/* The library's state (errno, the rand and strtok states) becomes private to the kernels too, each
	 * kernel with a copy of its own (ir_is_library_state). */
	for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g && rc == 0; g = LLVMGetNextGlobal(g)) {
		if (LLVMGetInitializer(g) && !LLVMIsGlobalConstant(g))
			LLVMSetSection(g, IR_LIBRARY_STATE_SECTION);
		if (!LLVMGetInitializer(g) || LLVMGetLinkage(g) != LLVMExternalLinkage)
			continue;
		rc = keep_name(&names, &nnames, &cap, LLVMGetValueName2(g, &(size_t){0}));
	}
	/* A single-source program's device half keeps DPC++'s spir64 layout, which adds the native integer
	 * widths and 128-bit vectors' alignment to clang's; the linked module has the kernels' layout
	 * anyway, so the library takes it (LLVM warned of the difference on every such build, -q or not). */
	if (rc == 0 && !strcmp(LLVMGetTarget(lib), LLVMGetTarget(mod)))
		LLVMSetDataLayout(lib, LLVMGetDataLayoutStr(mod));
	if (rc == 0 && LLVMLinkModules2(mod, lib)) /* consumes lib */
		rc = -1;
	else if (rc != 0)
		LLVMDisposeModule(lib);
	if (rc != 0)
		diag_error(path, 0, 0, "cannot link the kernel C library with the kernel sources");
	for (size_t i = 0; i < nnames; i++) {
		LLVMValueRef fn = rc == 0 ? LLVMGetNamedFunction(mod, names[i]) : NULL;
		LLVMValueRef g = rc == 0 ? LLVMGetNamedGlobal(mod, names[i]) : NULL;
		if (fn && LLVMCountBasicBlocks(fn)) {
			LLVMSetLinkage(fn, LLVMInternalLinkage);
			LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
			                        LLVMCreateStringAttribute(ctx, KERNEL_LIBC_ATTR,
			                                                  sizeof KERNEL_LIBC_ATTR - 1, "",
			                                                  0));
		}
		if (g && LLVMGetInitializer(g))
			LLVMSetLinkage(g, LLVMInternalLinkage);
		free(names[i]);
	}
	free(names);
	if (rc == 0)
		rc = tell_long_bits(mod);
	if (rc == 0)
		rc = ir_each_call(mod, call_type_mismatch, NULL) ? -1 : 0;
	return rc;
}
