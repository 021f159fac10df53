// SPDX-License-Identifier: Apache-2.0
#include "split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../driver/diag.h"
#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"

int postlink_split_mode(const char *s, enum split_mode *m)
{
	if (!strcmp(s, "off"))
		*m = SPLIT_OFF;
	else if (!strcmp(s, "per_source") || !strcmp(s, "source"))
		*m = SPLIT_PER_SOURCE;
	else if (!strcmp(s, "per_kernel") || !strcmp(s, "kernel"))
		*m = SPLIT_PER_KERNEL;
	else
		return -1;
	return 0;
}

/* The group a kernel belongs to: its name, its source ("sycl-module-id", as DPC++ marks kernels), or one. */
static const char *group_of(LLVMValueRef fn, enum split_mode m, size_t *len)
{
	if (m == SPLIT_PER_KERNEL)
		return LLVMGetValueName2(fn, len);
	if (m == SPLIT_PER_SOURCE) {
		LLVMAttributeRef a =
		    LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-module-id", 14);
		if (a) {
			unsigned l = 0;
			const char *v = LLVMGetStringAttributeValue(a, &l);
			*len = l;
			return v;
		}
	}
	*len = 0;
	return "";
}

/* Keeps only the kernels of group G in clone C: the others are deleted, then everything only they used. */
static int keep_group(LLVMModuleRef c, enum split_mode m, const char *g, size_t glen)
{
	/* llvm.used / llvm.compiler.used pinned kernels and globals through clang's optimisation; in a split
	 * image, reachability from the image's kernels decides what stays. */
	static const char *const pins[] = {"llvm.used", "llvm.compiler.used"};
	for (size_t i = 0; i < 2; i++) {
		LLVMValueRef p = LLVMGetNamedGlobal(c, pins[i]);
		if (p)
			LLVMDeleteGlobal(p);
	}
	LLVMValueRef fn = LLVMGetFirstFunction(c);
	while (fn) {
		LLVMValueRef next = LLVMGetNextFunction(fn);
		size_t l = 0;
		const char *k = ir_is_defined_kernel(fn) ? group_of(fn, m, &l) : NULL;
		if (k && !(l == glen && memcmp(k, g, l) == 0)) {
			if (LLVMGetFirstUse(fn)) {
				/* Called from a kept kernel: keep the body as an ordinary function. */
				if (LLVMGetFunctionCallConv(fn) == LLVMSPIRKERNELCallConv)
					LLVMSetFunctionCallConv(fn, LLVMSPIRFUNCCallConv);
				LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
				                                 "sycl-single-task-kernel", 23);
				LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
				                                 "sycl-nd-range-kernel", 20);
			} else {
				LLVMDeleteFunction(fn);
			}
		}
		fn = next;
	}
	/* Only the image's kernels are entry points: everything else becomes internal, so that globaldce
	 * drops the functions and globals (device globals included) no kept kernel reaches. */
	for (LLVMValueRef f = LLVMGetFirstFunction(c); f; f = LLVMGetNextFunction(f))
		if (LLVMCountBasicBlocks(f) && !ir_is_defined_kernel(f))
			LLVMSetLinkage(f, LLVMInternalLinkage);
	for (LLVMValueRef g = LLVMGetFirstGlobal(c); g; g = LLVMGetNextGlobal(g))
		if (LLVMGetInitializer(g))
			LLVMSetLinkage(g, LLVMInternalLinkage);
	return ir_run_passes(c, "globaldce", "device code split");
}

int postlink_split(LLVMModuleRef mod, enum split_mode m, LLVMModuleRef **out)
{
	/* Distinct groups. */
	const char **groups = NULL;
	size_t *glens = NULL;
	int ng = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!ir_is_defined_kernel(fn))
			continue;
		size_t l = 0;
		const char *g = group_of(fn, m, &l);
		int seen = 0;
		for (int i = 0; i < ng && !seen; i++)
			seen = glens[i] == l && memcmp(groups[i], g, l) == 0;
		if (seen)
			continue;
		groups = realloc(groups, (size_t)(ng + 1) * sizeof *groups);
		glens = realloc(glens, (size_t)(ng + 1) * sizeof *glens);
		groups[ng] = g;
		glens[ng++] = l;
	}
	/* Images are numbered as sycl-post-link numbers them: by split key (module id or kernel name),
	 * descending. */
	for (int i = 1; i < ng; i++)
		for (int j = i; j > 0; j--) {
			size_t la = glens[j - 1], lb = glens[j];
			int c = memcmp(groups[j - 1], groups[j], la < lb ? la : lb);
			if (c > 0 || (c == 0 && la >= lb))
				break;
			const char *tg = groups[j];
			groups[j] = groups[j - 1];
			groups[j - 1] = tg;
			glens[j] = glens[j - 1];
			glens[j - 1] = lb;
		}
	*out = calloc((size_t)(ng > 1 ? ng : 1), sizeof **out);
	if (!*out) {
		free(groups);
		free(glens);
		return -1;
	}
	if (ng <= 1) {
		(*out)[0] = mod;
		free(groups);
		free(glens);
		return 1;
	}
	/* Group names point into MOD, which is not modified while cloning. */
	for (int i = 0; i < ng; i++) {
		(*out)[i] = LLVMCloneModule(mod);
		if (keep_group((*out)[i], m, groups[i], glens[i]) != 0) {
			for (int j = 0; j <= i; j++)
				LLVMDisposeModule((*out)[j]);
			free(*out);
			*out = NULL;
			free(groups);
			free(glens);
			return -1;
		}
	}
	free(groups);
	free(glens);
	return ng;
}

static void kernel_list(LLVMModuleRef m, char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = '\0';
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn && k + 1 < n; fn = LLVMGetNextFunction(fn)) {
		if (!ir_is_defined_kernel(fn))
			continue;
		size_t l = 0;
		const char *name = LLVMGetValueName2(fn, &l);
		k += (size_t)snprintf(buf + k, n - k, "%s%.*s", k ? ", " : "", (int)l, name);
	}
}

int postlink_check_image_scope(LLVMModuleRef *imgs, int n)
{
	int errors = 0;
	for (int i = 0; i < n; i++)
		for (LLVMValueRef g = LLVMGetFirstGlobal(imgs[i]); g; g = LLVMGetNextGlobal(g)) {
			unsigned vl = 0;
			const char *scope = kiln_global_get_attr(g, "sycl-device-image-scope", &vl);
			if (!scope || (vl == 5 && !memcmp(scope, "false", 5)) ||
			    !kiln_global_has_attr(g, "sycl-device-global-size"))
				continue;
			size_t l = 0;
			const char *name = LLVMGetValueName2(g, &l);
			/* Report each variable once, at the first image that shares it with a later one. */
			int earlier = 0;
			for (int j = 0; j < i && !earlier; j++)
				earlier = LLVMGetNamedGlobal(imgs[j], name) != NULL;
			if (earlier)
				continue;
			for (int j = i + 1; j < n; j++) {
				if (!LLVMGetNamedGlobal(imgs[j], name))
					continue;
				char a[512], b[512];
				kernel_list(imgs[i], a, sizeof a);
				kernel_list(imgs[j], b, sizeof b);
				diag_error(NULL, 0, 0,
				           "device_global variable '%.*s' with property "
				           "\"device_image_scope\" is used in "
				           "more than one device image.",
				           (int)l, name);
				diag_note("'%.*s' is used by image %d (kernels %s) and image %d (kernels %s)",
				          (int)l, name, i, a, j, b);
				errors++;
				break;
			}
		}
	return errors;
}
