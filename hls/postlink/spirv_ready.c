// SPDX-License-Identifier: Apache-2.0
/* Puts a device module in the form DPC++ hands to llvm-spirv: device globals in the CrossWorkgroup address
 * space (1), accesses to them in that space, and no llvm.used pins. C compiled for spir64 leaves globals in
 * the default (private) space, which SPIR-V rejects for ImplementInCSRINTEL and for module-scope storage. */
#include <stdlib.h>
#include <string.h>

#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "postlink.h"

#define CROSS_WORKGROUP 1

static void move_to_global_space(LLVMModuleRef mod, LLVMValueRef g)
{
	LLVMValueRef ng = LLVMAddGlobalInAddressSpace(mod, LLVMGlobalGetValueType(g), "", CROSS_WORKGROUP);
	LLVMSetInitializer(ng, LLVMGetInitializer(g));
	LLVMSetLinkage(ng, LLVMGetLinkage(g));
	LLVMSetAlignment(ng, LLVMGetAlignment(g));
	LLVMSetGlobalConstant(ng, LLVMIsGlobalConstant(g));
	kiln_global_copy_attrs(g, ng);
	size_t n = 0;
	LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(g, &n);
	for (size_t i = 0; i < n; i++)
		LLVMGlobalSetMetadata(ng, LLVMValueMetadataEntriesGetKind(md, (unsigned)i),
		                      LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
	if (md)
		LLVMDisposeValueMetadataEntries(md);
	size_t len = 0;
	const char *old = LLVMGetValueName2(g, &len);
	char *name = strndup(old, len);
	LLVMReplaceAllUsesWith(g, LLVMConstAddrSpaceCast(ng, LLVMTypeOf(g)));
	LLVMDeleteGlobal(g);
	if (name)
		LLVMSetValueName2(ng, name, len);
	free(name);
}

int postlink_spirv_ready(LLVMModuleRef mod)
{
	static const char *const pins[] = {"llvm.used", "llvm.compiler.used"};
	for (size_t i = 0; i < 2; i++) {
		LLVMValueRef p = LLVMGetNamedGlobal(mod, pins[i]);
		if (p)
			LLVMDeleteGlobal(p);
	}
	LLVMValueRef g = LLVMGetFirstGlobal(mod);
	int moved = 0;
	while (g) {
		LLVMValueRef next = LLVMGetNextGlobal(g);
		LLVMTypeRef pt = LLVMTypeOf(g);
		if (kiln_global_has_attr(g, "sycl-device-global-size") &&
		    LLVMGetPointerAddressSpace(pt) == 0) {
			move_to_global_space(mod, g);
			moved++;
		}
		g = next;
	}
	if (!moved)
		return 0;
	/* Loads and stores through the cast now address the global space directly. */
	return ir_run_passes(mod, "infer-address-spaces,instcombine", "address-space inference");
}
