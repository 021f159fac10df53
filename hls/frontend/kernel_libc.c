// SPDX-License-Identifier: Apache-2.0
#include "kernel_libc.h"

#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>

#include "../../host/common/paths.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"

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
	return rc;
}
