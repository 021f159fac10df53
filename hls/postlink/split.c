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

/* An entry point of an image: a kernel, and with SPLIT_AS_DPCPP a SYCL_EXTERNAL function too (a defined
 * function DPC++ marked with its translation unit's sycl-module-id), as sycl-post-link takes them unless
 * -emit-only-kernels-as-entry-points. */
int postlink_is_entry(LLVMValueRef fn, enum split_keep keep)
{
	return ir_is_defined_kernel(fn) ||
	       (keep == SPLIT_AS_DPCPP && LLVMCountBasicBlocks(fn) &&
	        LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-module-id", 14));
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

static int is_device_global(LLVMValueRef g, void *ctx)
{
	(void)ctx;
	return LLVMIsAGlobalVariable(g) && kiln_global_has_attr(g, "sycl-device-global-size");
}

/* Drops device globals from llvm.used and llvm.compiler.used (the arrays go when they become empty), so that
 * only use by a kernel keeps one in an image; other entries stay. */
static void trim_used(LLVMModuleRef c)
{
	ir_unpin(c, is_device_global, NULL);
}

/* Drops every function and global no entry (kernel) reaches. SPLIT_FOR_HLS leaves the non-kernels internal,
 * which the hardware flow wants; SPLIT_AS_DPCPP(_KERNELS) gives the survivors their linkage back, as
 * sycl-post-link's images keep it. */
static int drop_unreached(LLVMModuleRef c, enum split_keep keep)
{
	size_t n = 0, cap = 0;
	struct saved {
		LLVMValueRef v;
		LLVMLinkage l;
		int dso_local; /* internal linkage implies it: restored with the linkage */
	} *saved = NULL;
	for (int pass = 0; pass < 2; pass++)
		for (LLVMValueRef v = pass ? LLVMGetFirstGlobal(c) : LLVMGetFirstFunction(c); v;
		     v = pass ? LLVMGetNextGlobal(v) : LLVMGetNextFunction(v)) {
			if (pass ? !LLVMGetInitializer(v) || LLVMGetLinkage(v) == LLVMAppendingLinkage
			         : !LLVMCountBasicBlocks(v) || postlink_is_entry(v, keep))
				continue;
			if (n == cap) {
				struct saved *ns = realloc(saved, (cap = cap ? 2 * cap : 64) * sizeof *ns);
				if (!ns) {
					free(saved);
					return -1;
				}
				saved = ns;
			}
			saved[n].v = v;
			saved[n].dso_local = kiln_value_dso_local(v);
			saved[n++].l = LLVMGetLinkage(v);
			LLVMSetLinkage(v, LLVMInternalLinkage);
		}
	/* globaldce deletes values, so survivors are found again by name before it runs out of scope. */
	char **names = calloc(n ? n : 1, sizeof *names);
	for (size_t i = 0; names && i < n; i++) {
		size_t l = 0;
		const char *nm = LLVMGetValueName2(saved[i].v, &l);
		names[i] = strndup(nm, l);
	}
	int rc = ir_run_passes(c, "globaldce", "device code split");
	for (size_t i = 0; keep != SPLIT_FOR_HLS && names && i < n; i++) {
		LLVMValueRef v = names[i] ? LLVMGetNamedFunction(c, names[i]) : NULL;
		if (!v && names[i])
			v = LLVMGetNamedGlobal(c, names[i]);
		if (v) {
			LLVMSetLinkage(v, saved[i].l);
			kiln_value_set_dso_local(v, saved[i].dso_local);
		}
	}
	for (size_t i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
	free(saved);
	return rc;
}

/* Keeps only the kernels of group G in clone C: the others are deleted, then everything only they used. */
static int keep_group(LLVMModuleRef c, enum split_mode m, enum split_keep keep, const char *g, size_t glen)
{
	if (keep != SPLIT_FOR_HLS) {
		trim_used(c);
	} else {
		/* llvm.used / llvm.compiler.used pinned kernels and globals through clang's optimisation; in
		 * a split image, reachability from the image's kernels decides what stays. */
		static const char *const pins[] = {"llvm.used", "llvm.compiler.used"};
		for (size_t i = 0; i < 2; i++) {
			LLVMValueRef p = LLVMGetNamedGlobal(c, pins[i]);
			if (p)
				LLVMDeleteGlobal(p);
		}
	}
	LLVMValueRef fn = LLVMGetFirstFunction(c);
	while (fn) {
		LLVMValueRef next = LLVMGetNextFunction(fn);
		size_t l = 0;
		const char *k = postlink_is_entry(fn, keep) ? group_of(fn, m, &l) : NULL;
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
	return drop_unreached(c, keep);
}

int postlink_split(LLVMModuleRef mod, enum split_mode m, enum split_keep keep, LLVMModuleRef **out)
{
	/* Distinct groups. */
	const char **groups = NULL;
	size_t *glens = NULL;
	int ng = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!postlink_is_entry(fn, keep))
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
		/* sycl-post-link's one image is made by the same extraction as a split's. */
		return keep != SPLIT_FOR_HLS && keep_group(mod, SPLIT_OFF, keep, "", 0) != 0 ? -1 : 1;
	}
	/* Group names point into MOD, which is not modified while cloning. */
	for (int i = 0; i < ng; i++) {
		(*out)[i] = LLVMCloneModule(mod);
		if (keep_group((*out)[i], m, keep, groups[i], glens[i]) != 0) {
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
