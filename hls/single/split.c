// SPDX-License-Identifier: Apache-2.0
#include "split.h"

#include <string.h>

#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "markers.h"
#include "prune.h"
#include "../frontend/retarget.h"

static int not_in_set(LLVMValueRef g, void *ctx)
{
	return !single_set_has(ctx, g);
}

LLVMModuleRef single_split_device(LLVMModuleRef all)
{
	LLVMModuleRef dev = LLVMCloneModule(all);
	LLVMSetModuleIdentifier(dev, "device", 6);
	/* if_host bodies go before the call tree is taken, so that nothing only they call joins the device
	 * module: the device-only diagnostics of later stages never see them (the seed's front-end rule). */
	single_markers_resolve(dev, 1);
	if (ir_run_passes(dev, "function(simplifycfg)", "removing if_host code") != 0) {
		LLVMDisposeModule(dev);
		return NULL;
	}
	single_set keep = {0};
	int rc = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(dev); fn && !rc; fn = LLVMGetNextFunction(fn))
		if (ir_is_defined_kernel(fn))
			rc = single_set_add(&keep, fn);
	if (!rc)
		rc = single_reach(&keep);
	/* The markers stay, the if_host one's body deleted, as the seed leaves them; optimisation drops them.
	 */
	for (LLVMValueRef fn = LLVMGetFirstFunction(dev); fn && !rc; fn = LLVMGetNextFunction(fn))
		if (single_marker_kind(fn))
			rc = single_set_add(&keep, fn);
	if (rc) {
		diag_error(NULL, 0, 0, "out of memory splitting the single-source module");
		single_set_free(&keep);
		LLVMDisposeModule(dev);
		return NULL;
	}
	/* Host code loses its bodies and host variables their initializers first, so that what they name is
	 * used by nothing once they go. */
	for (LLVMValueRef fn = LLVMGetFirstFunction(dev); fn; fn = LLVMGetNextFunction(fn))
		if (LLVMCountBasicBlocks(fn) && !single_set_has(&keep, fn))
			single_delete_body(fn);
	ir_unpin(dev, not_in_set, &keep);
	static const char *const host_lists[] = {"llvm.global_ctors", "llvm.global_dtors"};
	for (size_t i = 0; i < sizeof host_lists / sizeof host_lists[0]; i++) {
		LLVMValueRef g = LLVMGetNamedGlobal(dev, host_lists[i]);
		if (g)
			LLVMDeleteGlobal(g);
	}
	for (LLVMValueRef g = LLVMGetFirstGlobal(dev); g; g = LLVMGetNextGlobal(g)) {
		size_t len = 0;
		const char *name = LLVMGetValueName2(g, &len);
		if (single_set_has(&keep, g) || (len >= 5 && !strncmp(name, "llvm.", 5)))
			continue;
		LLVMSetInitializer(g, NULL);
		LLVMSetLinkage(g, LLVMExternalLinkage);
	}
	single_drop_unused(dev, &keep);
	single_set_free(&keep);
	/* Constants that named the dropped values (an old llvm.used array) still use them; globaldce sweeps
	 * them with the declarations they kept. */
	if (ir_run_passes(dev, "globaldce", "splitting the device module") != 0) {
		LLVMDisposeModule(dev);
		return NULL;
	}
	single_markers_internalize(dev);
	if (single_retarget(dev) != 0) {
		LLVMDisposeModule(dev);
		return NULL;
	}
	return dev;
}
