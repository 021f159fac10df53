// SPDX-License-Identifier: Apache-2.0
#include "usm_class.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Comdat.h>
#include <llvm-c/Target.h>

#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"

/* Marks a storage between the two steps (optimisation may delete its object). */
#define STORAGE_ATTR "kiln-usm-storage"
#define OBJECT_SUFFIX ".usm_object"

/* The first store (through casts and address computations of V) that writes into V's memory, or NULL. */
static LLVMValueRef store_into(LLVMValueRef v, int depth)
{
	if (depth > 16)
		return NULL;
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		LLVMValueRef hit = NULL;
		if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == v)
			hit = user;
		else if (LLVMIsAConstantExpr(user) || LLVMIsAGetElementPtrInst(user) || LLVMIsACastInst(user))
			hit = store_into(user, depth + 1);
		if (hit)
			return hit;
	}
	return NULL;
}

static int pinned_object(LLVMValueRef g, void *ctx)
{
	return g == (LLVMValueRef)ctx;
}

/* A constant of type TY holding the N bytes at B (little-endian, as ir_const_bytes lays them out). TY is iW,
 * [K x iW] or { [N x i8] }. */
static LLVMValueRef const_from_bytes(LLVMContextRef ctx, LLVMTypeRef ty, const uint8_t *b, size_t n)
{
	LLVMTypeKind k = LLVMGetTypeKind(ty);
	if (k == LLVMStructTypeKind) {
		LLVMValueRef s = LLVMConstStringInContext(ctx, (const char *)b, (unsigned)n, 1);
		return LLVMConstNamedStruct(ty, &s, 1);
	}
	if (k == LLVMIntegerTypeKind) {
		unsigned long long v = 0;
		for (size_t i = n; i-- > 0;)
			v = v << 8 | b[i];
		return LLVMConstInt(ty, v, 0);
	}
	if (LLVMGetTypeKind(LLVMGetElementType(ty)) == LLVMIntegerTypeKind &&
	    LLVMGetIntTypeWidth(LLVMGetElementType(ty)) == 8)
		return LLVMConstStringInContext(ctx, (const char *)b, (unsigned)n, 1);
	unsigned k_elems = LLVMGetArrayLength(ty);
	size_t w = n / k_elems;
	LLVMValueRef *el = malloc(k_elems * sizeof *el);
	for (unsigned i = 0; i < k_elems; i++)
		el[i] = const_from_bytes(ctx, LLVMGetElementType(ty), b + i * w, w);
	LLVMValueRef c = LLVMConstArray(LLVMGetElementType(ty), el, k_elems);
	free(el);
	return c;
}

static int split_object(LLVMModuleRef mod, LLVMTargetDataRef td, LLVMValueRef obj)
{
	size_t nl = 0;
	const char *nm = LLVMGetValueName2(obj, &nl);
	char *name = strndup(nm, nl);
	unsigned sl = 0;
	const char *sz = kiln_global_get_attr(obj, "sycl-device-global-size", &sl);
	char digits[24]; /* attribute values are not NUL-terminated */
	snprintf(digits, sizeof digits, "%.*s", sl < sizeof digits - 1 ? (int)sl : (int)sizeof digits - 1,
	         sz);
	unsigned long long size = strtoull(digits, NULL, 10);
	LLVMValueRef bad = store_into(obj, 0);
	LLVMTypeRef cls = LLVMGlobalGetValueType(obj);
	/* DPC++'s runtime fills the buffer it allocates from init_val (zero without one). */
	uint8_t *init = size && size <= (1ull << 30) ? calloc(size, 1) : NULL;
	LLVMValueRef ci = LLVMGetInitializer(obj);
	int bad_init = init && ci && LLVMCountStructElementTypes(cls) == 2 &&
	               !LLVMIsAConstantAggregateZero(ci) && !LLVMIsAUndefValue(ci) &&
	               ir_const_bytes(td, LLVMGetOperand(ci, 1), init, size) != 0;
	if (bad || !init || bad_init) {
		if (bad)
			diag_error_at(bad,
			              "device global '%s': a kernel writes the pointer DPC++'s runtime owns "
			              "(the device_global object's usmptr)",
			              name);
		else if (bad_init)
			diag_error_at(obj, "device global '%s': unsupported initial value (init_val)", name);
		else
			diag_error_at(obj, "device global '%s': sycl-device-global-size '%.*s' is not a size",
			              name, (int)sl, sz);
		free(init);
		free(name);
		return 1;
	}
	/* The storage takes the name (kernels, reports and the register map speak of the global) and the
	 * properties. */
	char objname[600];
	snprintf(objname, sizeof objname, "%s" OBJECT_SUFFIX, name);
	LLVMSetValueName2(obj, objname, strlen(objname));
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	LLVMTypeRef bytes = LLVMArrayType(LLVMInt8TypeInContext(ctx), (unsigned)size);
	unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(obj));
	LLVMValueRef st = LLVMAddGlobalInAddressSpace(mod, bytes, name, as);
	LLVMSetInitializer(st, const_from_bytes(ctx, bytes, init, size));
	LLVMSetAlignment(st, LLVMGetAlignment(obj) > 8 ? LLVMGetAlignment(obj) : 8);
	LLVMSetLinkage(st, LLVMGetLinkage(obj));
	kiln_value_set_dso_local(st, kiln_value_dso_local(obj));
	kiln_global_copy_attrs(obj, st);
	kiln_global_set_attr(st, STORAGE_ATTR, "");

	LLVMValueRef fields[2] = {
	    LLVMConstPointerCast(st, LLVMStructGetTypeAtIndex(cls, 0)),
	    LLVMCountStructElementTypes(cls) == 2 ? LLVMConstNull(LLVMStructGetTypeAtIndex(cls, 1)) : NULL};
	LLVMSetInitializer(obj, LLVMConstNamedStruct(cls, fields, LLVMCountStructElementTypes(cls)));
	LLVMSetGlobalConstant(obj, 1);
	LLVMSetLinkage(obj, LLVMInternalLinkage);
	LLVMSetComdat(obj, NULL);
	kiln_global_clear_attrs(obj);
	/* Kernels may only write the storage, and the host reads it: optimisation must keep it. */
	ir_unpin(mod, pinned_object, obj);
	ir_pin(mod, st);
	free(init);
	free(name);
	return 0;
}

int lower_usm_class(LLVMModuleRef mod)
{
	LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	int errors = 0;
	/* The storage globals this adds come after the objects and are not classes. */
	for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g))
		if (ir_is_usm_dg_class(g))
			errors += split_object(mod, td, g);
	LLVMDisposeTargetData(td);
	return errors;
}

/* The first instruction among the users of V (through constant expressions), or NULL. */
static LLVMValueRef first_instruction_user(LLVMValueRef v, int depth)
{
	for (LLVMUseRef u = LLVMGetFirstUse(v); u && depth < 16; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		LLVMValueRef in = LLVMIsAInstruction(user)    ? user
		                  : LLVMIsAConstantExpr(user) ? first_instruction_user(user, depth + 1)
		                                              : NULL;
		if (in)
			return in;
	}
	return NULL;
}

/* The access width, in bytes, kernels use on memory addressed through V: 0 none yet, -1 mixed or unknown
 * (calls, pointer arithmetic beyond address computation, stored addresses). Folds into *W. */
static void access_width(LLVMTargetDataRef td, LLVMValueRef v, int *w, int depth)
{
	if (depth > 32) {
		*w = -1;
		return;
	}
	for (LLVMUseRef u = LLVMGetFirstUse(v); u && *w >= 0; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		LLVMTypeRef ty = NULL;
		if (LLVMIsALoadInst(user))
			ty = LLVMTypeOf(user);
		else if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == v)
			ty = LLVMTypeOf(LLVMGetOperand(user, 0));
		else if (LLVMIsAConstantExpr(user) || LLVMIsAGetElementPtrInst(user) ||
		         LLVMIsABitCastInst(user) || LLVMIsAAddrSpaceCastInst(user) ||
		         LLVMIsASelectInst(user))
			access_width(td, user, w, depth + 1);
		else if (LLVMIsAPHINode(user))
			access_width(td, user, w, depth + 8); /* a loop's pointer phi comes back here */
		else if (LLVMIsAConstant(user))
			continue; /* an aggregate left over from the deleted object */
		else
			*w = -1;
		if (!ty)
			continue;
		unsigned long long b =
		    LLVMGetTypeKind(ty) == LLVMIntegerTypeKind ? LLVMABISizeOfType(td, ty) : 0;
		if (!b || b > 8 || (b & (b - 1)) || (*w > 0 && (unsigned long long)*w != b))
			*w = -1;
		else
			*w = (int)b;
	}
}

/* Gives storage ST the type its accesses imply: [N/W x iW] (iW when N is W) when every access is W bytes,
 * else one N-byte element ({ [N x i8] }), so that the image's elem_size is T's element size. */
static void type_storage(LLVMModuleRef mod, LLVMTargetDataRef td, LLVMValueRef st)
{
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	unsigned long long n = LLVMABISizeOfType(td, LLVMGlobalGetValueType(st));
	int w = 0;
	access_width(td, st, &w, 0);
	LLVMTypeRef ty;
	if (w > 0 && n % (unsigned)w == 0) {
		LLVMTypeRef it = LLVMIntTypeInContext(ctx, 8u * (unsigned)w);
		ty = n == (unsigned)w ? it : LLVMArrayType(it, (unsigned)(n / (unsigned)w));
	} else {
		LLVMTypeRef bytes = LLVMArrayType(LLVMInt8TypeInContext(ctx), (unsigned)n);
		ty = LLVMStructTypeInContext(ctx, &bytes, 1, 0);
	}
	uint8_t *init = calloc(n ? n : 1, 1);
	if (!init)
		return;
	ir_const_bytes(td, LLVMGetInitializer(st), init, n); /* split_object made it bytes */
	size_t nl = 0;
	const char *nm = LLVMGetValueName2(st, &nl);
	char *name = strndup(nm, nl);
	LLVMSetValueName2(st, "", 0);
	LLVMValueRef ng =
	    LLVMAddGlobalInAddressSpace(mod, ty, name, LLVMGetPointerAddressSpace(LLVMTypeOf(st)));
	LLVMSetInitializer(ng, const_from_bytes(ctx, ty, init, n));
	free(init);
	LLVMSetAlignment(ng, LLVMGetAlignment(st));
	LLVMSetLinkage(ng, LLVMGetLinkage(st));
	kiln_value_set_dso_local(ng, kiln_value_dso_local(st));
	kiln_global_copy_attrs(st, ng);
	LLVMReplaceAllUsesWith(st, ng);
	LLVMDeleteGlobal(st);
	free(name);
}

int lower_usm_class_finish(LLVMModuleRef mod)
{
	/* Typing a storage replaces it, so the storages are gathered before anything changes. */
	size_t n = 0;
	for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g))
		n += kiln_global_has_attr(g, STORAGE_ATTR) != 0;
	LLVMValueRef *sts = calloc(n ? n : 1, sizeof *sts);
	if (!sts)
		return 1;
	n = 0;
	for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g))
		if (kiln_global_has_attr(g, STORAGE_ATTR))
			sts[n++] = g;
	LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	int errors = 0;
	for (size_t i = 0; i < n; i++) {
		LLVMValueRef st = sts[i];
		kiln_global_remove_attr(st, STORAGE_ATTR);
		size_t nl = 0;
		const char *name = LLVMGetValueName2(st, &nl);
		char objname[600];
		snprintf(objname, sizeof objname, "%.*s" OBJECT_SUFFIX, (int)nl, name);
		LLVMValueRef obj = LLVMGetNamedGlobal(mod, objname);
		if (obj && LLVMGetFirstUse(obj)) {
			LLVMValueRef in = first_instruction_user(obj, 0);
			diag_error_at(
			    in ? in : obj,
			    "device global '%.*s': the address of DPC++'s device_global object is "
			    "used other than to read its usmptr (get(), operator T&), which hardware "
			    "cannot do; declare it with device_image_scope",
			    (int)nl, name);
			errors++;
			continue;
		}
		if (obj)
			LLVMDeleteGlobal(obj);
		type_storage(mod, td, st);
	}
	LLVMDisposeTargetData(td);
	free(sts);
	return errors;
}
