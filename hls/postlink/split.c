// SPDX-License-Identifier: Apache-2.0
#include "split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/strbuf.h"
#include "../driver/diag.h"
#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "aspects.h"
#include "vfuncs.h"

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
 * -emit-only-kernels-as-entry-points. For sycl-post-link a defined function of a virtual-function set is an
 * entry in either case: it is outlined into an image of its own and linked in later (seed 001).
 * (sycl-post-link also wants a sycl-module-id on it without -emit-only-kernels-as-entry-points, which DPC++
 * always writes; a set's function without one would be defined in no image at all.) The hardware flow keeps
 * set functions only where a table names them. */
int postlink_is_entry(LLVMValueRef fn, enum split_keep keep)
{
	return ir_is_defined_kernel(fn) ||
	       (keep == SPLIT_AS_DPCPP && LLVMCountBasicBlocks(fn) &&
	        LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-module-id", 14)) ||
	       (keep != SPLIT_FOR_HLS && vf_is_defined_member(fn));
}

static void add_attr(kiln_strbuf *b, LLVMValueRef fn, const char *k)
{
	LLVMAttributeRef a =
	    LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, k, (unsigned)strlen(k));
	unsigned l = 0;
	const char *v = a ? LLVMGetStringAttributeValue(a, &l) : NULL;
	kiln_sb_addn(b, v ? v : "", l);
	kiln_sb_addc(b, '-');
}

/* FN's metadata node of kind NAME (as a value), or NULL. */
static LLVMValueRef fn_md(LLVMValueRef fn, const char *name)
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

/* Each operand of FN's metadata NAME as "-<integer>" (unsigned) or "-<string>", then "-". */
static void add_md(kiln_strbuf *b, LLVMValueRef fn, const char *name)
{
	LLVMValueRef node = fn_md(fn, name), ops[16];
	unsigned k = node ? LLVMGetMDNodeNumOperands(node) : 0;
	if (k > 16)
		k = 16;
	if (k)
		LLVMGetMDNodeOperands(node, ops);
	for (unsigned i = 0; i < k; i++) {
		unsigned l = 0;
		const char *str = ops[i] && LLVMIsAMDString(ops[i]) ? LLVMGetMDString(ops[i], &l) : NULL;
		if (str)
			kiln_sb_printf(b, "-%.*s", (int)l, str);
		else if (ops[i] && LLVMIsAConstantInt(ops[i]))
			kiln_sb_printf(b, "-%llu", LLVMConstIntGetZExtValue(ops[i]));
	}
	kiln_sb_addc(b, '-');
}

/* sycl-post-link's per-source category: the source, the virtual-function set (so sets never share an image
 * with kernels or with each other), then the optional features that also separate images, in its order so
 * that images are numbered alike. */
static void per_source_category(kiln_strbuf *b, LLVMValueRef fn)
{
	add_attr(b, fn, "sycl-module-id");
	add_attr(b, fn, VF_ATTR_SET);
	add_attr(b, fn, "sycl-register-alloc-mode");
	add_attr(b, fn, "sycl-grf-size");
	int32_t *a = NULL;
	int na = postlink_fn_aspects(fn, &a);
	/* Sorted as the unsigned 64-bit values sycl-post-link reads (a negative aspect sorts last). */
	for (int i = 1; i < na; i++)
		for (int j = i; j > 0 && (uint32_t)a[j - 1] > (uint32_t)a[j]; j--) {
			int32_t t = a[j];
			a[j] = a[j - 1];
			a[j - 1] = t;
		}
	for (int i = 0; i < na; i++)
		kiln_sb_printf(b, "-%u", (unsigned)a[i]);
	free(a);
	kiln_sb_addc(b, '-');
	add_md(b, fn, "reqd_work_group_size");
	add_md(b, fn, "work_group_num_dim");
	add_md(b, fn, "intel_reqd_sub_group_size");
	add_attr(b, fn, "sycl-optlevel");
	add_md(b, fn, "sycl_joint_matrix");
	add_md(b, fn, "sycl_joint_matrix_mad");
}

/* The group entry FN belongs to (malloc'd; NULL when out of memory): its name; its source ("sycl-module-id",
 * as DPC++ marks kernels) or, for sycl-post-link, its whole per-source category; or one group, where a
 * virtual-function set still gets an image of its own (seed 001: "regardless of device code split mode"). */
static char *group_of(LLVMValueRef fn, enum split_mode m, enum split_keep keep)
{
	kiln_strbuf b = {0};
	size_t l = 0;
	unsigned ul = 0;
	const char *set = vf_set_of(fn, &ul);
	if (m == SPLIT_PER_KERNEL) {
		const char *name = LLVMGetValueName2(fn, &l);
		kiln_sb_addn(&b, name, l);
	} else if (m == SPLIT_PER_SOURCE && keep != SPLIT_FOR_HLS) {
		per_source_category(&b, fn);
	} else if (m == SPLIT_PER_SOURCE) {
		LLVMAttributeRef a =
		    LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-module-id", 14);
		const char *v = a ? LLVMGetStringAttributeValue(a, &ul) : NULL;
		kiln_sb_addn(&b, v ? v : "", v ? ul : 0);
	} else if (keep != SPLIT_FOR_HLS && set) {
		kiln_sb_addn(&b, set, ul);
	}
	return kiln_sb_finish(&b);
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

/* Whether sycl-post-link puts global G in every image whether an entry reaches it or not: it starts each
 * image from the globals that cannot be discarded (a weak table of function pointers, say, and what it names:
 * its split-with-func-ptrs test). A device global is the exception Kiln keeps: only use puts one in an image,
 * where one no kernel uses would make its device_image_scope a conflict between images. */
static int kept_anyway(LLVMValueRef g)
{
	switch (LLVMGetLinkage(g)) {
	case LLVMInternalLinkage:
	case LLVMPrivateLinkage:
	case LLVMLinkOnceAnyLinkage:
	case LLVMLinkOnceODRLinkage:
	case LLVMAvailableExternallyLinkage:
		return 0;
	default:
		return !is_device_global(g, NULL);
	}
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
			if (pass ? !LLVMGetInitializer(v) || LLVMGetLinkage(v) == LLVMAppendingLinkage ||
			               (keep != SPLIT_FOR_HLS && kept_anyway(v))
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

/* Keeps only the kernels of group G in clone C: the others are deleted, then everything only they used. A
 * virtual-function set's function is defined only in its own group's image and a declaration wherever else
 * something (a vtable) still names it. */
static int keep_group(LLVMModuleRef c, enum split_mode m, enum split_keep keep, const char *g)
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
	int rc = 0;
	while (fn) {
		LLVMValueRef next = LLVMGetNextFunction(fn);
		char *k = postlink_is_entry(fn, keep) ? group_of(fn, m, keep) : NULL;
		int other = k && strcmp(k, g) != 0,
		    member = keep != SPLIT_FOR_HLS && vf_is_defined_member(fn);
		if (postlink_is_entry(fn, keep) && !k)
			rc = -1;
		free(k);
		if (member && !other) {
			/* As sycl-post-link: external, so that nothing drops a function no kernel here calls.
			 */
			LLVMSetLinkage(fn, LLVMExternalLinkage);
		} else if (member) {
			if (LLVMGetFirstUse(fn))
				vf_make_declaration(fn);
			else
				LLVMDeleteFunction(fn);
		} else if (other) {
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
	return rc || drop_unreached(c, keep) ? -1 : 0;
}

static void free_groups(char **groups, int ng)
{
	for (int i = 0; i < ng; i++)
		free(groups[i]);
	free(groups);
}

int postlink_split(LLVMModuleRef mod, enum split_mode m, enum split_keep keep, LLVMModuleRef **out)
{
	/* Distinct groups. */
	char **groups = NULL;
	int ng = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!postlink_is_entry(fn, keep))
			continue;
		char *g = group_of(fn, m, keep);
		int seen = 0;
		for (int i = 0; g && i < ng && !seen; i++)
			seen = !strcmp(groups[i], g);
		char **ng_ = g && !seen ? realloc(groups, (size_t)(ng + 1) * sizeof *groups) : NULL;
		if (!g || (!seen && !ng_)) {
			free(g);
			free_groups(groups, ng);
			return -1;
		}
		if (seen) {
			free(g);
			continue;
		}
		groups = ng_;
		groups[ng++] = g;
	}
	/* Images are numbered as sycl-post-link numbers them: by split key (module id, per-source category or
	 * kernel name), descending. */
	for (int i = 1; i < ng; i++)
		for (int j = i; j > 0 && strcmp(groups[j - 1], groups[j]) < 0; j--) {
			char *tg = groups[j];
			groups[j] = groups[j - 1];
			groups[j - 1] = tg;
		}
	*out = calloc((size_t)(ng > 1 ? ng : 1), sizeof **out);
	if (!*out) {
		free_groups(groups, ng);
		return -1;
	}
	if (ng <= 1) {
		(*out)[0] = mod;
		/* sycl-post-link's one image is made by the same extraction as a split's. */
		int rc = keep != SPLIT_FOR_HLS && keep_group(mod, m, keep, ng ? groups[0] : "") != 0 ? -1 : 1;
		free_groups(groups, ng);
		return rc;
	}
	for (int i = 0; i < ng; i++) {
		(*out)[i] = LLVMCloneModule(mod);
		if (keep_group((*out)[i], m, keep, groups[i]) != 0) {
			for (int j = 0; j <= i; j++)
				LLVMDisposeModule((*out)[j]);
			free(*out);
			*out = NULL;
			free_groups(groups, ng);
			return -1;
		}
	}
	free_groups(groups, ng);
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
