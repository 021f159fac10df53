// SPDX-License-Identifier: Apache-2.0
#include "spirv_import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"

/* Operand I of metadata node N as an integer constant, or -1. */
static long long md_int(LLVMValueRef n, unsigned i)
{
	LLVMValueRef v = ir_md_operand(n, i);
	return v && LLVMIsAConstantInt(v) ? (long long)LLVMConstIntGetZExtValue(v) : -1;
}

int lower_spirv_import(LLVMModuleRef mod)
{
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	unsigned kind = LLVMGetMDKindIDInContext(ctx, "spirv.Decorations", 17);
	LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	int restored = 0;
	for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
		if (kiln_global_has_attr(g, "sycl-device-global-size"))
			continue;
		/* The decorations node is a list of (decoration, args...) nodes, read through the value API.
		 */
		size_t nmd = 0;
		LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(g, &nmd);
		LLVMMetadataRef list = NULL;
		for (size_t i = 0; i < nmd; i++)
			if (LLVMValueMetadataEntriesGetKind(md, (unsigned)i) == kind)
				list = LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i);
		if (md)
			LLVMDisposeValueMetadataEntries(md);
		if (!list)
			continue;
		unsigned n = 0;
		LLVMValueRef *items = ir_md_operands(LLVMMetadataAsValue(ctx, list), &n);
		int is_dg = 0;
		char buf[32];
		for (unsigned i = 0; i < n; i++) {
			if (!items[i] || !LLVMIsAMDNode(items[i]))
				continue;
			long long dec = md_int(items[i], 0), arg = md_int(items[i], 1);
			if (dec == 6147 && arg >= 0) {
				LLVMValueRef u = ir_md_operand(items[i], 2);
				unsigned len = 0;
				const char *uid = u ? LLVMGetMDString(u, &len) : NULL;
				char *id = uid ? strndup(uid, len) : NULL;
				if (!id)
					continue;
				kiln_global_set_attr(g, "sycl-unique-id", id);
				free(id);
				snprintf(buf, sizeof buf, "%lld", arg);
				kiln_global_set_attr(g, "sycl-host-access", buf);
				is_dg = 1;
			} else if (dec == 6148 && arg >= 0) {
				snprintf(buf, sizeof buf, "%lld", arg);
				kiln_global_set_attr(g, "sycl-init-mode", buf);
			} else if (dec == 6149 && arg >= 0) {
				kiln_global_set_attr(g, "sycl-implement-in-csr", arg ? "true" : "false");
			}
		}
		free(items);
		if (!is_dg)
			continue;
		/* SPIR-V has no decoration for device_image_scope: such globals come back as device-memory
		 * globals. */
		snprintf(buf, sizeof buf, "%llu",
		         (unsigned long long)LLVMABISizeOfType(td, LLVMGlobalGetValueType(g)));
		kiln_global_set_attr(g, "sycl-device-global-size", buf);
		restored++;
	}
	LLVMDisposeTargetData(td);
	return restored;
}
