// SPDX-License-Identifier: Apache-2.0
#include "split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/sort.h"
#include "../../host/common/strbuf.h"
#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../ir/vmap.h"
#include "../support/diag.h"
#include "../support/xalloc.h"
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
	unsigned k = 0;
	LLVMValueRef *ops = ir_md_operands(ir_fn_md(fn, name), &k);
	for (unsigned i = 0; i < k; i++) {
		unsigned l = 0;
		const char *str = ops[i] && LLVMIsAMDString(ops[i]) ? LLVMGetMDString(ops[i], &l) : NULL;
		if (str)
			kiln_sb_printf(b, "-%.*s", (int)l, str);
		else if (ops[i] && LLVMIsAConstantInt(ops[i]))
			kiln_sb_printf(b, "-%llu", LLVMConstIntGetZExtValue(ops[i]));
	}
	free(ops);
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

/* Takes device globals out of the pin arrays, recording each in the vmap CTX. */
static int unpin_device_global(LLVMValueRef g, void *ctx)
{
	if (!ir_is_device_global(g))
		return 0;
	vmap_put(ctx, g, 1);
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
 * erased, whatever its linkage; nothing else is touched. The pins kept a global through clang's
 * optimisation; past that, only use decides. */
static void trim_used(LLVMModuleRef m)
{
	vmap pinned = {0};
	int one;
	ir_unpin(m, unpin_device_global, &pinned);
	for (LLVMValueRef g = LLVMGetFirstGlobal(m), next; g; g = next) {
		next = LLVMGetNextGlobal(g);
		if (!vmap_get(&pinned, g, &one) || constant_used(g))
			continue;
		/* The old arrays' dead constants still name it. */
		LLVMReplaceAllUsesWith(g, LLVMGetPoison(LLVMTypeOf(g)));
		LLVMDeleteGlobal(g);
	}
	vmap_free(&pinned);
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

static int key_descending(const void *a, const void *b)
{
	return strcmp(*(char *const *)b, *(char *const *)a);
}

/* The distinct split keys of MOD's entry points into *KEYS (malloc'd), in image order: as sycl-post-link
 * numbers images, by key (module id, per-source category or kernel name), descending. Their number, or -1
 * when out of memory. */
static int split_keys(LLVMModuleRef mod, enum split_mode m, enum split_keep keep, char ***keys)
{
	char **k = NULL;
	int n = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!postlink_is_entry(fn, keep))
			continue;
		char *g = group_of(fn, m, keep);
		if (!g) {
			postlink_free_keys(k, n);
			return -1;
		}
		int seen = 0;
		for (int i = 0; i < n && !seen; i++)
			seen = !strcmp(k[i], g);
		if (seen) {
			free(g);
			continue;
		}
		k = xrealloc(k, (size_t)n + 1, sizeof *k);
		k[n++] = g;
	}
	kiln_sort(k, (size_t)n, sizeof *k, key_descending);
	*keys = k;
	return n;
}

void postlink_free_keys(char **keys, int n)
{
	for (int i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
}

int postlink_is_image_entry(LLVMValueRef fn, enum split_mode m, enum split_keep keep, const char *key)
{
	if (!postlink_is_entry(fn, keep))
		return 0;
	char *g = group_of(fn, m, keep);
	int mine = g && !strcmp(g, key);
	free(g);
	return mine;
}

int postlink_split(LLVMModuleRef mod, enum split_mode m, enum split_keep keep, LLVMModuleRef **out,
                   char ***keys_out)
{
	if (keep != SPLIT_FOR_HLS)
		trim_used(mod);
	char **keys = NULL;
	int ng = split_keys(mod, m, keep, &keys);
	if (ng < 0)
		return -1;
	if (ng == 0) { /* no entry point: one image of what the module holds, under the empty key */
		keys = xrealloc(keys, 1, sizeof *keys);
		if (!(keys[ng++] = strdup(""))) {
			postlink_free_keys(keys, 0);
			return -1;
		}
	}
	*out = calloc((size_t)ng, sizeof **out);
	int rc = *out ? ng : -1;
	if (ng == 1 && *out) {
		(*out)[0] = mod;
		/* sycl-post-link's one image is made by the same extraction as a split's. */
		if (keep != SPLIT_FOR_HLS && keep_group(mod, m, keep, keys[0]) != 0)
			rc = -1;
	}
	for (int i = 0; ng > 1 && *out && i < ng && rc > 0; i++) {
		(*out)[i] = LLVMCloneModule(mod);
		if (keep_group((*out)[i], m, keep, keys[i]) != 0) {
			for (int j = 0; j <= i; j++)
				LLVMDisposeModule((*out)[j]);
			rc = -1;
		}
	}
	if (rc < 0) {
		free(*out);
		*out = NULL;
	}
	if (rc > 0 && keys_out)
		*keys_out = keys;
	else
		postlink_free_keys(keys, ng);
	return rc;
}

/* sycl-post-link's verifyNoCrossModuleDeviceGlobalUsage, on the module before the split: G's users are
 * walked up through constants and global initialisers, from an instruction to its function and from a
 * function to its callers, and every entry point met counts for its image. Presence alone does not count:
 * a weak_odr device global is in every image. Reports the first two images found, 1; or 0. */
static int scope_conflict(LLVMValueRef g, enum split_mode m, enum split_keep keep, char **keys, int nk)
{
	vmap seen = {0};
	size_t n = 0, cap = 0;
	LLVMValueRef *work = NULL, first = NULL;
	int first_img = -1, conflict = 0, ignored;
	vmap_put(&seen, g, 1);
	for (LLVMValueRef v = g; v && !conflict; v = n ? work[--n] : NULL)
		for (LLVMUseRef u = LLVMGetFirstUse(v); u && !conflict; u = LLVMGetNextUse(u)) {
			LLVMValueRef user = LLVMGetUser(u);
			if (LLVMIsAInstruction(user))
				user = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
			if (!user || vmap_get(&seen, user, &ignored))
				continue;
			vmap_put(&seen, user, 1);
			char *key = LLVMIsAFunction(user) && postlink_is_entry(user, keep)
			                ? group_of(user, m, keep)
			                : NULL;
			for (int i = 0; key && i < nk; i++) {
				if (strcmp(key, keys[i]))
					continue;
				if (first_img < 0) {
					first_img = i;
					first = user;
				} else if (i != first_img) {
					size_t l = 0, fl = 0, ul = 0;
					const char *name = LLVMGetValueName2(g, &l);
					const char *fname = LLVMGetValueName2(first, &fl);
					const char *uname = LLVMGetValueName2(user, &ul);
					diag_error(
					    NULL, 0, 0,
					    "device_global variable '%.*s' with property "
					    "\"device_image_scope\" is used in more than one device image.",
					    (int)l, name);
					diag_note(
					    "'%.*s' is used by image %d (through %.*s) and image %d (through "
					    "%.*s)",
					    (int)l, name, first_img, (int)fl, fname, i, (int)ul, uname);
					conflict = 1;
				}
			}
			free(key);
			if (n == cap)
				work = xrealloc(work, cap = cap ? 2 * cap : 16, sizeof *work);
			work[n++] = user;
		}
	free(work);
	vmap_free(&seen);
	return conflict;
}

int postlink_check_image_scope(LLVMModuleRef mod, enum split_mode m, enum split_keep keep)
{
	char **keys = NULL;
	int nk = split_keys(mod, m, keep, &keys), errors = 0;
	if (nk < 0) {
		diag_error(NULL, 0, 0, "out of memory");
		return 1;
	}
	for (LLVMValueRef g = LLVMGetFirstGlobal(mod); nk > 1 && g; g = LLVMGetNextGlobal(g))
		if (ir_dg_image_scoped(g))
			errors += scope_conflict(g, m, keep, keys, nk);
	postlink_free_keys(keys, nk);
	return errors;
}
