// SPDX-License-Identifier: Apache-2.0
#include "lower.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "../../host/common/image.h"
#include "../cdfg/mem_partition.h"
#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "heap.h"
#include "recursion.h"
#include "vfunc_attrs.h"

/* The string a constant GEP or global points at (an annotation operand), or NULL. */
static LLVMValueRef strip_casts(LLVMValueRef v)
{
	while (v && LLVMIsAConstantExpr(v))
		v = LLVMGetOperand(v, 0);
	return v;
}

/* One property of a device global: "name" or "name=value". */
struct dg_props {
	int image_scope;
	int host_access; /* -1 unset, else REFERENCE §1 numbering */
	int init_mode;   /* -1 unset */
	int in_csr;      /* -1 unset */
};

static int parse_props(const char *s, size_t len, const char *file, unsigned line, struct dg_props *p)
{
	static const char *const access_names[] = {"read", "write", "read_write", "none"};
	int bad = 0;
	char buf[512];
	snprintf(buf, sizeof buf, "%.*s", (int)len, s);
	p->image_scope = 0;
	p->host_access = p->init_mode = p->in_csr = -1;
	for (char *tok = strtok(buf, ";"); tok; tok = strtok(NULL, ";")) {
		char *eq = strchr(tok, '=');
		const char *val = eq ? eq + 1 : "";
		if (eq)
			*eq = '\0';
		int *slot = NULL, v = -1;
		if (strcmp(tok, "device_image_scope") == 0) {
			p->image_scope = 1;
			continue;
		} else if (strcmp(tok, "host_access") == 0) {
			slot = &p->host_access;
			for (int i = 0; i < 4; i++)
				if (strcmp(val, access_names[i]) == 0)
					v = i;
		} else if (strcmp(tok, "init_mode") == 0) {
			slot = &p->init_mode;
			v = strcmp(val, "reprogram") == 0 ? 0 : strcmp(val, "reset") == 0 ? 1 : -1;
		} else if (strcmp(tok, "implement_in_csr") == 0) {
			slot = &p->in_csr;
			v = strcmp(val, "true") == 0 ? 1 : strcmp(val, "false") == 0 ? 0 : -1;
		} else {
			diag_error(file, line, 0, "unknown device_global property '%s'", tok);
			bad++;
			continue;
		}
		if (v < 0) {
			diag_error(file, line, 0, "invalid value '%s' for device_global property %s", val,
			           tok);
			bad++;
		} else if (*slot >= 0 && *slot != v) {
			diag_error(file, line, 0,
			           "device_global property %s is given twice with different values", tok);
			bad++;
		} else {
			*slot = v;
		}
	}
	return bad;
}

/* A static variable's id must differ between translation units; the source path's hash makes it so. */
static void unique_id(LLVMValueRef g, const char *source_path, char *out, size_t n)
{
	size_t len = 0;
	const char *name = LLVMGetValueName2(g, &len);
	if (LLVMGetLinkage(g) == LLVMInternalLinkage || LLVMGetLinkage(g) == LLVMPrivateLinkage) {
		char abs[4096];
		const char *p = realpath(source_path, abs) ? abs : source_path;
		uint64_t h = kiln_fnv64(KILN_FNV64_INIT, p, strlen(p));
		snprintf(out, n, "%.*s__static_%08x", (int)len, name, (unsigned)(h ^ (h >> 32)));
	} else {
		snprintf(out, n, "%.*s", (int)len, name);
	}
}

static int lower_device_global(LLVMModuleRef mod, LLVMValueRef g, const char *props, size_t plen,
                               const char *file, unsigned line, const char *source_path)
{
	struct dg_props p;
	if (parse_props(props, plen, file, line, &p))
		return 1;
	LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	unsigned long long size = LLVMABISizeOfType(td, LLVMGlobalGetValueType(g));
	LLVMDisposeTargetData(td);
	char buf[600];
	snprintf(buf, sizeof buf, "%llu", size);
	kiln_global_set_attr(g, "sycl-device-global-size", buf);
	unique_id(g, source_path, buf, sizeof buf);
	kiln_global_set_attr(g, "sycl-unique-id", buf);
	if (p.image_scope)
		kiln_global_set_attr(g, "sycl-device-image-scope", "");
	if (p.host_access >= 0) {
		snprintf(buf, sizeof buf, "%d", p.host_access);
		kiln_global_set_attr(g, "sycl-host-access", buf);
	}
	if (p.init_mode >= 0) {
		snprintf(buf, sizeof buf, "%d", p.init_mode);
		kiln_global_set_attr(g, "sycl-init-mode", buf);
	}
	if (p.in_csr >= 0)
		kiln_global_set_attr(g, "sycl-implement-in-csr", p.in_csr ? "true" : "false");
	return 0;
}

/* Seed 003's declaration rules, checked on the IR signature. */
static int check_kernel(LLVMValueRef fn, const char *file, unsigned line)
{
	size_t len = 0;
	const char *name = LLVMGetValueName2(fn, &len);
	LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
	int bad = 0;
	if (LLVMGetTypeKind(LLVMGetReturnType(fty)) != LLVMVoidTypeKind) {
		diag_error(file, line, 0, "kernel '%.*s' must return void", (int)len, name);
		bad++;
	}
	if (LLVMIsFunctionVarArg(fty)) {
		diag_error(file, line, 0, "kernel '%.*s' must not be variadic", (int)len, name);
		bad++;
	}
	if (LLVMCountBasicBlocks(fn) == 0) {
		diag_error(file, line, 0, "kernel '%.*s' is declared but not defined in this file", (int)len,
		           name);
		bad++;
	}
	unsigned np = LLVMCountParams(fn);
	for (unsigned i = 0; i < np; i++) {
		LLVMValueRef prm = LLVMGetParam(fn, i);
		LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(prm));
		unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
		int is_byval = LLVMGetEnumAttributeAtIndex(fn, i + 1, byval) != NULL;
		size_t pl = 0;
		const char *pn = LLVMGetValueName2(prm, &pl);
		if (is_byval || (k != LLVMIntegerTypeKind && k != LLVMPointerTypeKind &&
		                 k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind)) {
			diag_error(
			    file, line, 0,
			    "kernel '%.*s' parameter %u ('%.*s'): only integer, float, double and pointer "
			    "parameters are allowed kernel parameter types here",
			    (int)len, name, i, (int)pl, pn);
			bad++;
		} else if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMTypeOf(prm)) > 64) {
			diag_error(file, line, 0, "kernel '%.*s' parameter %u is wider than 64 bits",
			           (int)len, name, i);
			bad++;
		}
	}
	return bad;
}

static void set_fn_attr(LLVMValueRef fn, const char *k, const char *v)
{
	LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
	LLVMAttributeRef a = LLVMCreateStringAttribute(ctx, k, (unsigned)strlen(k), v, (unsigned)strlen(v));
	LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, a);
}

/* KILN_HEAP_SIZE(V) on FN: V (N bytes, as the preprocessor spelled the argument) must be a decimal number of
 * bytes, 64 to 2^31, with an optional K, M or G; it becomes FN's HEAP_ATTR in bytes. */
static void heap_size_annotation(LLVMValueRef fn, const char *v, size_t n, const char *file, unsigned line)
{
	uint32_t bytes;
	if (heap_parse_size(v, n, &bytes) != 0) {
		char shown[1024];
		diag_shown(v, n, shown, sizeof shown);
		diag_error(
		    file, line, 0,
		    "KILN_HEAP_SIZE takes a number of bytes from 64 to 2G (a decimal literal, K, M or G "
		    "after it), not '%s'",
		    shown);
		return;
	}
	char num[24];
	snprintf(num, sizeof num, "%u", bytes);
	set_fn_attr(fn, HEAP_ATTR, num);
}

/* KILN_RECURSION_DEPTH(V) on FN: V must be a decimal number of frames, 1 to RECURSION_MAX_DEPTH; it becomes
 * FN's RECURSION_DEPTH_ATTR. */
static void recursion_depth_annotation(LLVMValueRef fn, const char *v, size_t n, const char *file,
                                       unsigned line)
{
	unsigned depth;
	if (recursion_parse_depth(v, n, &depth) != 0) {
		char shown[1024];
		diag_shown(v, n, shown, sizeof shown);
		diag_error(file, line, 0,
		           "KILN_RECURSION_DEPTH takes a number of calls from 1 to %u, not '%s'",
		           RECURSION_MAX_DEPTH, shown);
		return;
	}
	char num[24];
	snprintf(num, sizeof num, "%u", depth);
	set_fn_attr(fn, RECURSION_DEPTH_ATTR, num);
}

/* KILN_PARTITION_* on global TARGET: kept as attributes for the CDFG builder, which applies it to the
 * global's on-chip memory (cdfg/mem_partition.c); on anything but a variable it means nothing. */
static void partition_annotation(LLVMValueRef target, const char *a, size_t alen, const char *file,
                                 unsigned line)
{
	if (!LLVMIsAGlobalVariable(target)) {
		diag_error(file, line, 0, "KILN_PARTITION_* goes on an array variable");
		return;
	}
	size_t pre = sizeof KILN_PARTITION_ANNOTATION - 1;
	char v[64], l[16];
	snprintf(v, sizeof v, "%.*s", (int)(alen - pre < 63 ? alen - pre : 63), a + pre);
	snprintf(l, sizeof l, "%u", line);
	kiln_global_set_attr(target, KILN_PARTITION_ATTR, v);
	kiln_global_set_attr(target, KILN_PARTITION_LINE_ATTR, l);
}

/* Kernel markers seen on one function: several annotations may name the same function. */
struct kmark {
	LLVMValueRef fn;
	int dims; /* 0 single task, 1..3 nd-range */
	const char *file;
	unsigned line;
	int conflict;
};

int lower_annotations(LLVMModuleRef mod, const char *source_path)
{
	int before = diag_errors();
	LLVMValueRef ann = LLVMGetNamedGlobal(mod, "llvm.global.annotations");
	if (!ann)
		return 0;
	LLVMValueRef arr = LLVMGetInitializer(ann);
	unsigned n = arr ? (unsigned)LLVMGetNumOperands(arr) : 0;
	struct kmark *marks = calloc(n ? n : 1, sizeof *marks);
	char(*files)[512] = calloc(n ? n : 1, sizeof *files);
	unsigned nmarks = 0;
	for (unsigned i = 0; i < n && marks && files; i++) {
		LLVMValueRef e = LLVMGetOperand(arr, i);
		LLVMValueRef target = strip_casts(LLVMGetOperand(e, 0));
		size_t alen = 0, flen = 0;
		const char *a = ir_global_string(LLVMGetOperand(e, 1), &alen);
		const char *f = ir_global_string(LLVMGetOperand(e, 2), &flen);
		unsigned line = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(e, 3));
		if (!a)
			continue;
		snprintf(files[i], sizeof files[i], "%.*s", (int)flen, f ? f : source_path);
		const char *file = files[i];
		if (alen >= 18 && strncmp(a, "kiln.device_global", 18) == 0 &&
		    LLVMIsAGlobalVariable(target)) {
			lower_device_global(mod, target, a + 18, alen - 18, file, line, source_path);
		} else if (alen >= sizeof KILN_PARTITION_ANNOTATION - 1 &&
		           !strncmp(a, KILN_PARTITION_ANNOTATION, sizeof KILN_PARTITION_ANNOTATION - 1)) {
			partition_annotation(target, a, alen, file, line);
		} else if (LLVMIsAFunction(target) && vfunc_lower_annotation(target, a, alen, file, line)) {
			continue;
		} else if (alen >= 15 && strncmp(a, "kiln.heap_size=", 15) == 0 && LLVMIsAFunction(target)) {
			heap_size_annotation(target, a + 15, alen - 15, file, line);
		} else if (alen >= 21 && strncmp(a, "kiln.recursion_depth=", 21) == 0 &&
		           LLVMIsAFunction(target)) {
			recursion_depth_annotation(target, a + 21, alen - 21, file, line);
		} else if (alen >= 12 && strncmp(a, "kiln.kernel.", 12) == 0 && LLVMIsAFunction(target)) {
			int dims = 0;
			if (alen > 21 && strncmp(a + 12, "nd_range=", 9) == 0) {
				dims = atoi(a + 21);
				if (dims < 1 || dims > 3) {
					diag_error(file, line, 0,
					           "nd_range_kernel dimensions must be 1, 2 or 3");
					continue;
				}
			}
			unsigned j;
			for (j = 0; j < nmarks && marks[j].fn != target; j++)
				;
			if (j < nmarks) {
				if (marks[j].dims != dims && !marks[j].conflict) {
					size_t nl = 0;
					const char *nm = LLVMGetValueName2(target, &nl);
					diag_error(file, line, 0,
					           "kernel '%.*s' is declared with both %s and %s; a "
					           "function may carry "
					           "only one kernel property",
					           (int)nl, nm,
					           marks[j].dims ? "nd_range_kernel" : "single_task_kernel",
					           dims ? "nd_range_kernel" : "single_task_kernel");
					marks[j].conflict = 1;
				}
				continue;
			}
			marks[nmarks++] = (struct kmark){target, dims, file, line, 0};
		}
	}
	for (unsigned j = 0; j < nmarks; j++) {
		LLVMValueRef fn = marks[j].fn;
		if (marks[j].conflict || check_kernel(fn, marks[j].file, marks[j].line))
			continue;
		char v[8];
		snprintf(v, sizeof v, "%d", marks[j].dims);
		set_fn_attr(fn, marks[j].dims ? "sycl-nd-range-kernel" : "sycl-single-task-kernel",
		            marks[j].dims ? v : "0");
		/* DPC++ names each kernel's translation unit so that -split=source can group by it, and gives
		 * kernels the SPIR kernel calling convention, which SPIR-V turns into an entry point. */
		set_fn_attr(fn, "sycl-module-id", source_path);
		LLVMSetFunctionCallConv(fn, LLVMSPIRKERNELCallConv);
		size_t len = 0;
		const char *name = LLVMGetValueName2(fn, &len);
		char native[600];
		snprintf(native, sizeof native, IR_KERNEL_PREFIX "%.*s", (int)len, name);
		LLVMSetValueName2(fn, native, strlen(native));
	}
	vfunc_check_kernels(mod);
	/* The annotations have served their purpose; the IR now reads like DPC++ device IR. */
	LLVMDeleteGlobal(ann);
	free(marks);
	free(files);
	return diag_errors() - before;
}

void lower_spir_calls(LLVMModuleRef mod)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!LLVMGetIntrinsicID(fn) && LLVMGetFunctionCallConv(fn) == LLVMCCallConv)
			LLVMSetFunctionCallConv(fn, LLVMSPIRFUNCCallConv);
	}
	/* A call's convention must be its callee's: a mismatch is undefined behaviour that the optimiser
	 * turns into unreachable code. */
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in)) {
				if (!LLVMIsACallInst(in))
					continue;
				LLVMValueRef callee = LLVMGetCalledValue(in);
				if (LLVMIsAFunction(callee))
					LLVMSetInstructionCallConv(in, LLVMGetFunctionCallConv(callee));
				else if (LLVMGetInstructionCallConv(in) == LLVMCCallConv)
					LLVMSetInstructionCallConv(in, LLVMSPIRFUNCCallConv);
			}
}
