// SPDX-License-Identifier: Apache-2.0
/* sycl-post-link's -emit-program-metadata: the [SYCL/program metadata] set of an image. */
#include <stdlib.h>
#include <string.h>

#include "../../host/common/strbuf.h"
#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "postlink.h"

/* Kernel FN's required work-group size as sycl-post-link records it, into DIMS (at most 3); the count, 0 for
 * none. DPC++ writes it as !reqd_work_group_size in OpenCL's order (x first), recorded as it is, or, newer,
 * as the attribute "sycl-work-group-size" in SYCL's order (x last), recorded reversed. */
static int work_group_size(LLVMValueRef fn, uint32_t dims[3])
{
	unsigned k = 0;
	LLVMValueRef *ops = ir_md_operands(ir_fn_md(fn, "reqd_work_group_size"), &k);
	if (ops) {
		int n = k <= 3 ? (int)k : 0;
		for (int i = 0; i < n; i++)
			if (ops[i] && LLVMIsAConstantInt(ops[i]))
				dims[i] = (uint32_t)LLVMConstIntGetZExtValue(ops[i]);
			else
				n = 0;
		free(ops);
		return n;
	}
	/* One to three decimal numbers, comma-separated; anything else names no size. */
	unsigned l = 0;
	const char *v = ir_fn_attr(fn, "sycl-work-group-size", &l);
	int n = 0;
	uint64_t x = 0;
	for (unsigned i = 0, digits = 0; v && i <= l; i++) {
		if (i < l && v[i] >= '0' && v[i] <= '9') {
			x = 10 * x + (uint64_t)(v[i] - '0');
			digits++;
			if (x > UINT32_MAX)
				return 0;
		} else if ((i == l || v[i] == ',') && digits && n < 3) {
			dims[n++] = (uint32_t)x;
			x = 0;
			digits = 0;
		} else {
			return 0;
		}
	}
	for (int i = 0; i < n / 2; i++) {
		uint32_t t = dims[i];
		dims[i] = dims[n - 1 - i];
		dims[n - 1 - i] = t;
	}
	return n;
}

/* Adds "<PREFIX>@<WHAT>" = DATA to set S: LEN uint32 values (AS_U32) or LEN bytes. 0, or -1. */
static int add_entry(kiln_propset *s, const char *prefix, size_t plen, const char *what, const void *data,
                     size_t len, int as_u32)
{
	kiln_strbuf key = {0};
	kiln_sb_addn(&key, prefix, plen);
	kiln_sb_printf(&key, "@%s", what);
	char *k = kiln_sb_finish(&key);
	int bad = !k || (as_u32 ? kiln_propset_add_u32_array(s, k, data, len)
	                        : kiln_propset_add_bytes(s, k, data, len));
	free(k);
	return bad ? -1 : 0;
}

int postlink_program_metadata(LLVMModuleRef m, kiln_propsets *ps)
{
	/* (A set with nothing in it is not written.) */
	kiln_propset *s = kiln_propsets_add_set(ps, "SYCL/program metadata");
	if (!s)
		return -1;
	/* Kernels first, then device globals, each in module order: sycl-post-link's order. */
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		uint32_t dims[3];
		int n = ir_is_defined_kernel(fn) ? work_group_size(fn, dims) : 0;
		size_t l = 0;
		const char *name = LLVMGetValueName2(fn, &l);
		if (n && add_entry(s, name, l, "reqd_work_group_size", dims, (size_t)n, 1) != 0)
			return -1;
	}
	for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
		if (!ir_is_device_global(g))
			continue;
		size_t l = 0, ul = 0;
		const char *name = LLVMGetValueName2(g, &l), *uid = postlink_dg_unique_id(g, &ul);
		if (add_entry(s, uid, ul, "global_id_mapping", name, l, 0) != 0)
			return -1;
	}
	return 0;
}
