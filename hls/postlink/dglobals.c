// SPDX-License-Identifier: Apache-2.0
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "postlink.h"

static char *attr_dup(LLVMValueRef g, const char *kind)
{
	unsigned len = 0;
	const char *v = kiln_global_get_attr(g, kind, &len);
	if (!v)
		return NULL;
	char *s = malloc(len + 1);
	if (s) {
		memcpy(s, v, len);
		s[len] = '\0';
	}
	return s;
}

const char *postlink_dg_unique_id(LLVMValueRef g, size_t *len)
{
	unsigned ul = 0;
	const char *uid = kiln_global_get_attr(g, "sycl-unique-id", &ul);
	if (uid) {
		*len = ul;
		return uid;
	}
	return LLVMGetValueName2(g, len);
}

/* The device globals of MOD into D; what is wrong with them is reported when REPORT. The number of errors. */
static int collect(LLVMModuleRef mod, kiln_desc *d, int report)
{
	int errors = 0;
	LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
		if (!ir_is_device_global(g))
			continue;
		kiln_dg_desc *nd = realloc(d->dgs, (d->ndgs + 1) * sizeof *nd);
		if (!nd)
			break;
		d->dgs = nd;
		kiln_dg_desc *x = &d->dgs[d->ndgs++];
		memset(x, 0, sizeof *x);
		size_t nl = 0;
		const char *name = LLVMGetValueName2(g, &nl);
		x->name = strndup(name, nl);
		size_t ul = 0;
		const char *uid = postlink_dg_unique_id(g, &ul);
		x->unique_id = strndup(uid, ul);
		LLVMTypeRef vt = LLVMGlobalGetValueType(g);
		char *sz = attr_dup(g, "sycl-device-global-size");
		x->size = (uint32_t)strtoul(sz ? sz : "0", NULL, 10);
		free(sz);
		uint64_t real = LLVMABISizeOfType(td, vt);
		if (x->size != real && !ir_is_usm_dg_class(g)) {
			if (report)
				diag_error_at(g,
				              "device global '%s': sycl-device-global-size is %u but the "
				              "type has %llu bytes",
				              x->unique_id, x->size, (unsigned long long)real);
			errors++;
			x->size = (uint32_t)real;
		}
		x->elem_size = LLVMGetTypeKind(vt) == LLVMArrayTypeKind
		                   ? (uint32_t)LLVMABISizeOfType(td, LLVMGetElementType(vt))
		                   : x->size;
		char *scope = attr_dup(g, "sycl-device-image-scope");
		x->image_scope = scope && strcmp(scope, "false") != 0;
		free(scope);
		char *ha = attr_dup(g, "sycl-host-access");
		x->host_access = ha ? (enum kiln_host_access)atoi(ha) : KILN_HA_READ_WRITE;
		if (x->host_access > KILN_HA_NONE) {
			if (report)
				diag_error_at(g, "device global '%s': invalid sycl-host-access '%s'",
				              x->unique_id, ha);
			errors++;
			x->host_access = KILN_HA_READ_WRITE;
		}
		free(ha);
		char *im = attr_dup(g, "sycl-init-mode");
		x->init_mode = im ? (enum kiln_init_mode)(atoi(im) != 0) : KILN_DEFAULT_INIT_MODE;
		free(im);
		char *csr = attr_dup(g, "sycl-implement-in-csr");
		int want_csr = csr ? strcmp(csr, "false") != 0 : -1;
		free(csr);
		x->implement_in_csr = want_csr >= 0 ? want_csr : x->size <= KILN_DEFAULT_CSR_MAX_BYTES;
		if (want_csr == 1 && report) {
			char id[1024];
			diag_shown(x->unique_id, strlen(x->unique_id), id, sizeof id);
			if (!x->image_scope)
				diag_warning_at(g,
				                "device global '%s': implement_in_csr applies to device_image_scope "
				                "globals only; this one lives in device memory, its address in a CSR "
				                "register",
				                id);
			else if (x->size > KILN_CSR_MAX_BYTES)
				diag_warning_at(g,
				                "device global '%s' (%u bytes): implement_in_csr holds at most %d "
				                "bytes (its storage is registers beside the kernel arguments); it "
				                "gets a dedicated interface instead",
				                id, x->size, KILN_CSR_MAX_BYTES);
		}
		if (want_csr == 1 && x->size > KILN_CSR_MAX_BYTES)
			x->implement_in_csr = 0;
		x->init = calloc(x->size ? x->size : 1, 1);
		LLVMValueRef init = LLVMGetInitializer(g);
		/* The USM-backed class starts as init_val when it has one, else as zeroes. */
		if (init && ir_is_usm_dg_class(g))
			init = LLVMCountStructElementTypes(vt) == 2 && !LLVMIsAConstantAggregateZero(init) &&
			               !LLVMIsAUndefValue(init)
			           ? LLVMGetOperand(init, 1)
			           : NULL;
		if (init && x->init && ir_const_bytes(td, init, x->init, x->size)) {
			if (report)
				diag_error_at(g, "device global '%s': unsupported initializer", x->unique_id);
			errors++;
		}
	}
	LLVMDisposeTargetData(td);
	return errors;
}

int postlink_collect_dgs(LLVMModuleRef mod, kiln_desc *d)
{
	return collect(mod, d, 0);
}

int postlink_check_dgs(LLVMModuleRef mod)
{
	kiln_desc d = {0};
	int errors = collect(mod, &d, 1);
	kiln_desc_free(&d);
	return errors;
}

/* The decoration ids already on G (the first operand of each node of its !spirv.Decorations), into IDS. */
static unsigned existing_decorations(LLVMContextRef ctx, LLVMValueRef g, unsigned kind,
                                     LLVMMetadataRef *nodes, unsigned *ids, unsigned max)
{
	size_t nentries = 0;
	LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(g, &nentries);
	unsigned n = 0;
	for (size_t e = 0; e < nentries; e++) {
		if (LLVMValueMetadataEntriesGetKind(md, (unsigned)e) != kind)
			continue;
		LLVMValueRef list =
		    LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)e));
		unsigned k = 0;
		LLVMValueRef *ops = ir_md_operands(list, &k);
		for (unsigned i = 0; i < k && n < max; i++) {
			LLVMValueRef id = ops[i] && LLVMIsAMDNode(ops[i]) ? ir_md_operand(ops[i], 0) : NULL;
			if (!id)
				continue;
			ids[n] = LLVMIsAConstantInt(id) ? (unsigned)LLVMConstIntGetZExtValue(id) : 0;
			nodes[n++] = LLVMValueAsMetadata(ops[i]);
		}
		free(ops);
	}
	LLVMDisposeValueMetadataEntries(md);
	return n;
}

static int has_id(const unsigned *ids, unsigned n, unsigned id)
{
	for (unsigned i = 0; i < n; i++)
		if (ids[i] == id)
			return 1;
	return 0;
}

void postlink_add_spirv_decorations(LLVMModuleRef mod)
{
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	unsigned kind = LLVMGetMDKindIDInContext(ctx, "spirv.Decorations", 17);
	LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
	for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
		/* As DPC++'s CompileTimePropertiesPass: implement_in_csr and init_mode are decorated on any
		 * global that carries them, host access (with the unique id) only on device globals. */
		int dg = kiln_global_has_attr(g, "sycl-device-global-size");
		char *csr = attr_dup(g, "sycl-implement-in-csr");
		char *im = attr_dup(g, "sycl-init-mode");
		char *ha = attr_dup(g, "sycl-host-access");
		char *uid = attr_dup(g, "sycl-unique-id");
		LLVMMetadataRef nodes[70];
		unsigned ids[70];
		/* Decorations already there keep their place; only missing ones are appended, in DPC++'s
		 * order 6149, 6148, 6147. */
		unsigned n = existing_decorations(ctx, g, kind, nodes, ids, 64), before = n;
		if (csr && !has_id(ids, n, 6149)) {
			LLVMMetadataRef ops[2] = {
			    LLVMValueAsMetadata(LLVMConstInt(i32, 6149, 0)),
			    LLVMValueAsMetadata(LLVMConstInt(i32, strcmp(csr, "false") != 0, 0))};
			nodes[n++] = LLVMMDNodeInContext2(ctx, ops, 2);
		}
		if (im && (LLVMGetInitializer(g) || !dg) && !has_id(ids, before, 6148)) {
			LLVMMetadataRef ops[2] = {
			    LLVMValueAsMetadata(LLVMConstInt(i32, 6148, 0)),
			    LLVMValueAsMetadata(LLVMConstInt(i32, (unsigned)atoi(im), 0))};
			nodes[n++] = LLVMMDNodeInContext2(ctx, ops, 2);
		}
		if (dg && !has_id(ids, before, 6147)) {
			const char *u = uid ? uid : "";
			LLVMMetadataRef ops[3] = {
			    LLVMValueAsMetadata(LLVMConstInt(i32, 6147, 0)),
			    LLVMValueAsMetadata(LLVMConstInt(i32, ha ? (unsigned)atoi(ha) : 2, 0)),
			    LLVMMDStringInContext2(ctx, u, strlen(u))};
			nodes[n++] = LLVMMDNodeInContext2(ctx, ops, 3);
		}
		if (n > before)
			LLVMGlobalSetMetadata(g, kind, LLVMMDNodeInContext2(ctx, nodes, n));
		free(csr);
		free(im);
		free(ha);
		free(uid);
	}
}

int postlink_dg_propset(const kiln_desc *d, kiln_propsets *ps)
{
	if (!d->ndgs)
		return 0;
	kiln_propset *s = kiln_propsets_add_set(ps, "SYCL/device globals");
	if (!s)
		return -1;
	for (size_t i = 0; i < d->ndgs; i++)
		if (kiln_propset_add_device_global(s, d->dgs[i].unique_id, d->dgs[i].size,
		                                   d->dgs[i].image_scope))
			return -1;
	return 0;
}
