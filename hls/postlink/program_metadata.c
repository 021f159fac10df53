// SPDX-License-Identifier: Apache-2.0
/* sycl-post-link's -emit-program-metadata: the [SYCL/program metadata] set of an image. */
#include <stdlib.h>
#include <string.h>

#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "postlink.h"

/* Kernel FN's required work-group size as sycl-post-link records it, into DIMS (at most 3); the count, 0 for
 * none. DPC++ writes it as !reqd_work_group_size in OpenCL's order (x first), recorded as it is, or, newer,
 * as the attribute "sycl-work-group-size" in SYCL's order (x last), recorded reversed. */
static int work_group_size(LLVMValueRef fn, uint32_t dims[3])
{
	int n = 0;
	LLVMValueRef md = ir_fn_md(fn, "reqd_work_group_size");
	if (md) {
		LLVMValueRef ops[3];
		unsigned k = LLVMGetMDNodeNumOperands(md);
		if (k == 0 || k > 3)
			return 0;
		LLVMGetMDNodeOperands(md, ops);
		for (unsigned i = 0; i < k; i++) {
			if (!ops[i] || !LLVMIsAConstantInt(ops[i]))
				return 0;
			dims[i] = (uint32_t)LLVMConstIntGetZExtValue(ops[i]);
		}
		return (int)k;
	}
	unsigned l = 0;
	const char *v = ir_fn_attr(fn, "sycl-work-group-size", &l);
	for (unsigned i = 0; v && i < l && n < 3;) {
		char *end = NULL;
		char num[16] = {0};
		unsigned j = 0;
		while (i < l && v[i] != ',' && j < sizeof num - 1)
			num[j++] = v[i++];
		dims[n++] = (uint32_t)strtoul(num, &end, 10);
		if (end == num || *end)
			return 0;
		i++;
	}
	for (int i = 0; i < n / 2; i++) {
		uint32_t t = dims[i];
		dims[i] = dims[n - 1 - i];
		dims[n - 1 - i] = t;
	}
	return n;
}

int postlink_program_metadata(LLVMModuleRef m, kiln_propsets *ps)
{
	kiln_propset *s = NULL;
	/* Kernels first, then device globals, each in module order: sycl-post-link's order. */
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
		uint32_t dims[3];
		int n = ir_is_defined_kernel(fn) ? work_group_size(fn, dims) : 0;
		if (!n)
			continue;
		uint8_t bytes[12];
		for (int i = 0; i < n; i++)
			for (int b = 0; b < 4; b++)
				bytes[4 * i + b] = (uint8_t)(dims[i] >> (8 * b));
		size_t l = 0;
		const char *name = LLVMGetValueName2(fn, &l);
		char *key = malloc(l + sizeof "@reqd_work_group_size");
		if (!key)
			return -1;
		memcpy(key, name, l);
		strcpy(key + l, "@reqd_work_group_size");
		if (!s)
			s = kiln_propsets_add_set(ps, "SYCL/program metadata");
		int bad = !s || kiln_propset_add_bytes(s, key, bytes, 4 * (size_t)n);
		free(key);
		if (bad)
			return -1;
	}
	for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
		if (!kiln_global_has_attr(g, "sycl-device-global-size"))
			continue;
		size_t l = 0;
		const char *name = LLVMGetValueName2(g, &l);
		unsigned ul = 0;
		const char *uid = kiln_global_get_attr(g, "sycl-unique-id", &ul);
		if (!uid) {
			uid = name;
			ul = (unsigned)l;
		}
		char *key = malloc(ul + sizeof "@global_id_mapping");
		if (!key)
			return -1;
		memcpy(key, uid, ul);
		strcpy(key + ul, "@global_id_mapping");
		if (!s)
			s = kiln_propsets_add_set(ps, "SYCL/program metadata");
		int bad = !s || kiln_propset_add_bytes(s, key, name, l);
		free(key);
		if (bad)
			return -1;
	}
	return 0;
}
