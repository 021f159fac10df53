// SPDX-License-Identifier: Apache-2.0
#include "split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/strbuf.h"
#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../ir/vmap.h"
#include "../support/diag.h"
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

/* Each operand of FN's metadata NAME as "-<integer>" (unsigned) or "-<string>", then "-". */
static void add_md(kiln_strbuf *b, LLVMValueRef fn, const char *name)
{
	LLVMValueRef node = ir_fn_md(fn, name), ops[16];
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

/* The device globals ir_unpin took out of the pin arrays, so that those left without a use can go. */
typedef struct unpinned {
	LLVMValueRef *v;
	size_t n, cap;
} unpinned;

static int unpin_device_global(LLVMValueRef g, void *ctx)
{
	if (!is_device_global(g, NULL))
		return 0;
	unpinned *u = ctx;
	for (size_t i = 0; i < u->n; i++)
		if (u->v[i] == g)
			return 1;
	if (u->n == u->cap) {
		LLVMValueRef *nv = realloc(u->v, (u->cap = u->cap ? 2 * u->cap : 16) * sizeof *nv);
		if (!nv)
			return 1; /* unpinned but kept: only the clean-up is lost */
		u->v = nv;
	}
	u->v[u->n++] = g;
	return 1;
}

/* Whether constant C (or a constant built on it) is used by anything that is not a dead constant. */
static int constant_used(LLVMValueRef c)
{
	for (LLVMUseRef u = LLVMGetFirstUse(c); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (!LLVMIsAConstant(user) || LLVMIsAGlobalValue(user) || constant_used(user))
			return 1;
	}
	return 0;
}

/* sycl-post-link's removeDeviceGlobalFromCompilerUsed, before any split: device globals leave llvm.used and
 * llvm.compiler.used (an array left empty goes; other entries stay), and one that nothing else uses is
 * erased, whatever its linkage. The pins kept a global through clang's optimisation; past that, only use
 * decides. */
static int trim_used(LLVMModuleRef m)
{
	unpinned u = {0};
	ir_unpin(m, unpin_device_global, &u);
	/* The old arrays' dead constants still use the globals: globaldce clears those before it erases. */
	size_t dead = 0;
	for (size_t i = 0; i < u.n; i++)
		if (!constant_used(u.v[i])) {
			LLVMSetLinkage(u.v[i], LLVMInternalLinkage);
			dead++;
		}
	free(u.v);
	return dead ? ir_run_passes(m, "globaldce", "device code split") : 0;
}

/* Whether sycl-post-link puts global G in every image whether an entry reaches it or not: its images start
 * from the globals that cannot be discarded (a weak table of function pointers and what it names: its
 * split-with-func-ptrs test; a weak_odr or external device global: its device-globals tests, where one only
 * a non-kernel function uses stays defined and listed in [SYCL/device globals]). */
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
		return 1;
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
	if (keep == SPLIT_FOR_HLS) {
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
	if (keep != SPLIT_FOR_HLS && trim_used(mod) != 0)
		return -1;
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

/* Image M's entry points (under KEEP), comma-separated, into BUF. */
static void entry_list(LLVMModuleRef m, enum split_keep keep, char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = '\0';
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn && k + 1 < n; fn = LLVMGetNextFunction(fn)) {
		if (!postlink_is_entry(fn, keep))
			continue;
		size_t l = 0;
		const char *name = LLVMGetValueName2(fn, &l);
		k += (size_t)snprintf(buf + k, n - k, "%s%.*s", k ? ", " : "", (int)l, name);
	}
}

/* Whether an entry point of image M (under KEEP) uses G: sycl-post-link's walk up G's users, through
 * constants and global initializers, from an instruction to its function and from a function to its
 * callers, until it meets an entry. Presence alone does not count: a weak_odr device global is in every
 * image. */
static int entry_uses(LLVMValueRef g, enum split_keep keep)
{
	vmap seen = {0};
	size_t n = 0, cap = 16;
	LLVMValueRef *work = malloc(cap * sizeof *work);
	int found = 0, ignored;
	if (work)
		work[n++] = g;
	vmap_put(&seen, g, 1);
	while (work && n && !found) {
		LLVMValueRef v = work[--n];
		for (LLVMUseRef u = LLVMGetFirstUse(v); u && !found; u = LLVMGetNextUse(u)) {
			LLVMValueRef user = LLVMGetUser(u);
			if (LLVMIsAInstruction(user))
				user = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
			if (!user || vmap_get(&seen, user, &ignored))
				continue;
			vmap_put(&seen, user, 1);
			if (LLVMIsAFunction(user) && postlink_is_entry(user, keep)) {
				found = 1;
			} else if (n == cap) {
				LLVMValueRef *nw = realloc(work, (cap *= 2) * sizeof *nw);
				/* Out of memory: count it used, so that the check errs on the safe side. */
				if (!nw)
					found = 1;
				else
					(work = nw)[n++] = user;
			} else {
				work[n++] = user;
			}
		}
	}
	free(work);
	vmap_free(&seen);
	return found;
}

/* Whether G is a device global with device_image_scope (the attribute bare or with any value but "false"). */
static int image_scoped(LLVMValueRef g)
{
	unsigned vl = 0;
	const char *scope = kiln_global_get_attr(g, "sycl-device-image-scope", &vl);
	return scope && !(vl == 5 && !memcmp(scope, "false", 5)) && is_device_global(g, NULL);
}

int postlink_check_image_scope(LLVMModuleRef *imgs, int n, enum split_keep keep)
{
	int errors = 0;
	for (int i = 0; i < n; i++)
		for (LLVMValueRef g = LLVMGetFirstGlobal(imgs[i]); g; g = LLVMGetNextGlobal(g)) {
			if (!image_scoped(g) || !entry_uses(g, keep))
				continue;
			size_t l = 0;
			const char *name = LLVMGetValueName2(g, &l);
			/* Report each variable once, at the first image that shares it with a later one. */
			int earlier = 0;
			for (int j = 0; j < i && !earlier; j++) {
				LLVMValueRef o = LLVMGetNamedGlobal(imgs[j], name);
				earlier = o && entry_uses(o, keep);
			}
			if (earlier)
				continue;
			for (int j = i + 1; j < n; j++) {
				LLVMValueRef o = LLVMGetNamedGlobal(imgs[j], name);
				if (!o || !entry_uses(o, keep))
					continue;
				char a[512], b[512];
				entry_list(imgs[i], keep, a, sizeof a);
				entry_list(imgs[j], keep, b, sizeof b);
				diag_error(NULL, 0, 0,
				           "device_global variable '%.*s' with property "
				           "\"device_image_scope\" is used in "
				           "more than one device image.",
				           (int)l, name);
				diag_note("'%.*s' is used by image %d (%s) and image %d (%s)", (int)l, name,
				          i, a, j, b);
				errors++;
				break;
			}
		}
	return errors;
}
