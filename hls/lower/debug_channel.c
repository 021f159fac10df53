// SPDX-License-Identifier: Apache-2.0
#include "debug_channel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "../../host/common/contract.h"
#include "../../host/common/printf_fmt.h"
#include "../ir/ir_cfg.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"

#define PRINTF_TABLE "kiln.printf"
#define STOP_TABLE "kiln.stops"

/* The calls this pass knows: where the stream, the format and the first argument are (-1: none), and the
 * format of the ones that have none. */
static const struct out_call {
	const char *name;
	int stream, format, first;
	const char *fixed;
} out_calls[] = {
    {"printf", -1, 0, 1, NULL}, {"fprintf", 0, 1, 2, NULL},   {"puts", -1, -1, 0, "%s\n"},
    {"fputs", 1, -1, 0, "%s"},  {"putchar", -1, -1, 0, "%c"}, {"fputc", 1, -1, 0, "%c"},
    {"putc", 1, -1, 0, "%c"},
};
/* The formatting the kernel C library does at run time (hls/libc/format.c: into memory, and a va_list's
 * printing, which it formats into memory and prints as one string), and which argument is the format: a
 * literal one is checked here, so that what the library cannot do is said at compile time. */
static const struct {
	const char *name;
	unsigned format;
} into_memory[] = {{"sprintf", 1},   {"snprintf", 2}, {"vsprintf", 1},
                   {"vsnprintf", 2}, {"vprintf", 0},  {"vfprintf", 1}};

typedef struct lower {
	LLVMModuleRef mod;
	LLVMContextRef ctx;
	LLVMBuilderRef b;
	LLVMTypeRef i32, i64, i8p;
	int errors, print, warned;
	const char *note;
} lower;

static int named(LLVMValueRef f, const char *name)
{
	size_t n = 0;
	const char *s = LLVMGetValueName2(f, &n);
	return strlen(name) == n && !memcmp(s, name, n);
}

/* The bytes of the constant C string P points to (NUL-terminated in the initialiser), or NULL. */
static const char *const_string(lower *l, LLVMValueRef p)
{
	uint64_t off = 0;
	LLVMTargetDataRef td = LLVMGetModuleDataLayout(l->mod);
	while (LLVMIsAConstantExpr(p)) {
		LLVMOpcode op = LLVMGetConstOpcode(p);
		if (op == LLVMGetElementPtr) {
			ir_gep_iter it = ir_gep_begin(p);
			LLVMValueRef idx;
			uint64_t scale;
			while (ir_gep_next(td, &it, &idx, &scale) > 0) {
				if (idx && !LLVMIsAConstantInt(idx))
					return NULL;
				off += idx ? (uint64_t)LLVMConstIntGetSExtValue(idx) * scale : scale;
			}
		} else if (op != LLVMBitCast && op != LLVMAddrSpaceCast) {
			return NULL;
		}
		p = LLVMGetOperand(p, 0);
	}
	LLVMValueRef init = LLVMIsAGlobalVariable(p) ? LLVMGetInitializer(p) : NULL;
	size_t len = 0;
	const char *s = LLVMIsGlobalConstant(p) ? ir_const_string(init, &len) : NULL;
	return s && off < len && memchr(s + off, 0, len - off) ? s + off : NULL;
}

/* Row of TABLE holding TEXT, appended when new. */
static unsigned table_row(lower *l, const char *table, const char *text)
{
	unsigned n = LLVMGetNamedMetadataNumOperands(l->mod, table);
	LLVMValueRef *rows = calloc(n + 1, sizeof *rows);
	LLVMGetNamedMetadataOperands(l->mod, table, rows);
	for (unsigned i = 0; i < n; i++) {
		unsigned len = 0;
		const char *s = LLVMGetMDString(LLVMGetOperand(rows[i], 0), &len);
		if (s && len == strlen(text) && !memcmp(s, text, len)) {
			free(rows);
			return i;
		}
	}
	free(rows);
	LLVMMetadataRef str = LLVMMDStringInContext2(l->ctx, text, strlen(text));
	LLVMValueRef node = LLVMMetadataAsValue(l->ctx, LLVMMDNodeInContext2(l->ctx, &str, 1));
	LLVMAddNamedMetadataOperand(l->mod, table, node);
	return n;
}

/* The library function NAME of type RET(ARGS), declared when missing. */
static LLVMValueRef helper(lower *l, const char *name, LLVMTypeRef ret, LLVMTypeRef *args, unsigned n)
{
	LLVMValueRef f = LLVMGetNamedFunction(l->mod, name);
	LLVMTypeRef ty = LLVMFunctionType(ret, args, n, 0);
	if (!f) {
		f = LLVMAddFunction(l->mod, name, ty);
		LLVMSetFunctionCallConv(f, LLVMSPIRFUNCCallConv);
	}
	return f;
}

static LLVMValueRef call(lower *l, const char *name, LLVMTypeRef ret, LLVMValueRef *args, unsigned n)
{
	LLVMTypeRef tys[4];
	for (unsigned i = 0; i < n; i++)
		tys[i] = LLVMTypeOf(args[i]);
	LLVMValueRef f = helper(l, name, ret, tys, n);
	LLVMValueRef c = LLVMBuildCall2(l->b, LLVMFunctionType(ret, tys, n, 0), f, args, n, "");
	LLVMSetInstructionCallConv(c, LLVMSPIRFUNCCallConv);
	return c;
}

static void fail(lower *l, LLVMValueRef at, const char *what, const char *why)
{
	diag_error_at(at, "%s: %s", what, why);
	l->errors++;
}

/* sprintf's format, when a literal: %n is refused (what printf says of it); the rest, wide conversions and
 * long double (a double on the device) included, the library formats. */
static void check_memory_format(lower *l, LLVMValueRef in, const char *what, unsigned arg)
{
	const char *fmt =
	    arg < (unsigned)LLVMGetNumArgOperands(in) ? const_string(l, LLVMGetOperand(in, arg)) : NULL;
	size_t at = 0;
	kiln_fmt_conv c;
	char err[200];
	int r;
	while (fmt && (r = kiln_fmt_next(fmt, &at, &c, err, sizeof err)) != 0) {
		if (r > 0)
			continue;
		if (strstr(err, "%n"))
			fail(l, in, what, err);
		break;
	}
}

/* Which stream argument S names: 'o' stdout, 'e' stderr, 0 neither. */
static char stream_of(LLVMValueRef s)
{
	while (LLVMIsAConstantExpr(s))
		s = LLVMGetOperand(s, 0);
	if (LLVMIsAGlobalVariable(s) && named(s, "__kiln_stdout"))
		return 'o';
	if (LLVMIsAGlobalVariable(s) && named(s, "__kiln_stderr"))
		return 'e';
	return 0;
}

/* Whether formats A and B take the same arguments, sent the same way. */
static int same_args(const char *a, const char *b)
{
	size_t pa = 0, pb = 0;
	kiln_fmt_conv ca, cb;
	char err[200];
	for (;;) {
		int ra = kiln_fmt_next(a, &pa, &ca, err, sizeof err),
		    rb = kiln_fmt_next(b, &pb, &cb, err, sizeof err);
		if (ra != rb || ra < 0)
			return 0;
		if (ra == 0)
			return 1;
		if (ca.star_width != cb.star_width || ca.star_prec != cb.star_prec || ca.value != cb.value)
			return 0;
	}
}

/* The row of format S on STREAM, as a constant; NULL when S takes other arguments than *FMT (set to S when
 * NULL). */
static LLVMValueRef fixed_row(lower *l, const char *s, char stream, const char **fmt)
{
	if (*fmt && !same_args(*fmt, s))
		return NULL;
	if (!*fmt)
		*fmt = s;
	char *row = malloc(strlen(s) + 2);
	if (!row)
		return NULL;
	row[0] = stream;
	strcpy(row + 1, s);
	LLVMValueRef id = LLVMConstInt(l->i32, table_row(l, PRINTF_TABLE, row), 0);
	free(row);
	return id;
}

/* The row of the format V points to, as a value: a constant, or a select or phi of constant formats (the
 * optimiser merges printf calls that differ only in their format) that all take the same arguments. *FMT
 * receives the first, which decides how the arguments are sent; NULL when V is none of these. */
static LLVMValueRef format_row(lower *l, LLVMValueRef v, char stream, const char **fmt, int depth)
{
	const char *s = const_string(l, v);
	if (s)
		return fixed_row(l, s, stream, fmt);
	if (depth > 8)
		return NULL;
	if (LLVMIsASelectInst(v)) {
		LLVMValueRef a = format_row(l, LLVMGetOperand(v, 1), stream, fmt, depth + 1);
		LLVMValueRef b = a ? format_row(l, LLVMGetOperand(v, 2), stream, fmt, depth + 1) : NULL;
		if (!b)
			return NULL;
		LLVMPositionBuilderBefore(l->b, v);
		return LLVMBuildSelect(l->b, LLVMGetOperand(v, 0), a, b, "");
	}
	if (LLVMIsAPHINode(v)) {
		unsigned n = LLVMCountIncoming(v);
		LLVMValueRef ids[n];
		LLVMBasicBlockRef from[n];
		for (unsigned i = 0; i < n; i++) {
			from[i] = LLVMGetIncomingBlock(v, i);
			if (!(ids[i] = format_row(l, LLVMGetIncomingValue(v, i), stream, fmt, depth + 1)) ||
			    !LLVMIsAConstant(ids[i]))
				return NULL;
		}
		LLVMPositionBuilderBefore(l->b, v);
		LLVMValueRef phi = LLVMBuildPhi(l->b, l->i32, "");
		LLVMAddIncoming(phi, ids, from, n);
		return phi;
	}
	return NULL;
}

/* The row of call IN's format on the stream S names, as a value: S a constant stream, or a select or phi of
 * them (the optimiser merges `if (f == stderr) fputs(s, stderr); else fputs(s, stdout);` into one call on a
 * select), each arm its own row. NULL when a stream is neither stdout nor stderr, or the format none that
 * format_row takes; *BAD_STREAM then says which. */
static LLVMValueRef stream_row(lower *l, LLVMValueRef in, const struct out_call *oc, LLVMValueRef s,
                               const char **fmt, int *bad_stream, int depth)
{
	char stream = s ? stream_of(s) : 'o';
	if (stream)
		return oc->fixed ? fixed_row(l, oc->fixed, stream, fmt)
		                 : format_row(l, LLVMGetOperand(in, (unsigned)oc->format), stream, fmt, 0);
	if (depth < 8 && LLVMIsASelectInst(s)) {
		LLVMValueRef a = stream_row(l, in, oc, LLVMGetOperand(s, 1), fmt, bad_stream, depth + 1);
		LLVMValueRef b =
		    a ? stream_row(l, in, oc, LLVMGetOperand(s, 2), fmt, bad_stream, depth + 1) : NULL;
		if (!b)
			return NULL;
		LLVMPositionBuilderBefore(l->b, in);
		return LLVMBuildSelect(l->b, LLVMGetOperand(s, 0), a, b, "");
	}
	if (depth < 8 && LLVMIsAPHINode(s)) {
		unsigned n = LLVMCountIncoming(s);
		LLVMValueRef ids[n];
		LLVMBasicBlockRef from[n];
		for (unsigned i = 0; i < n; i++) {
			from[i] = LLVMGetIncomingBlock(s, i);
			ids[i] =
			    stream_row(l, in, oc, LLVMGetIncomingValue(s, i), fmt, bad_stream, depth + 1);
			if (!ids[i] || !LLVMIsAConstant(ids[i]))
				return NULL;
		}
		LLVMPositionBuilderBefore(l->b, s);
		LLVMValueRef phi = LLVMBuildPhi(l->b, l->i32, "");
		LLVMAddIncoming(phi, ids, from, n);
		return phi;
	}
	*bad_stream = 1;
	return NULL;
}

/* Whether the debug channel carries the format V points to: a literal, or a select or phi of literals that
 * take the same arguments as *FIRST (set to the first), which is what format_row takes, none with a wide
 * conversion (which the host does not convert). Others go to the kernel C library's formatter. */
static int channel_carries(lower *l, LLVMValueRef v, const char **first, int depth)
{
	const char *s = const_string(l, v);
	if (s) {
		if (*first && !same_args(*first, s))
			return 0;
		*first = s;
		size_t at = 0;
		kiln_fmt_conv c;
		char err[200];
		int r;
		while ((r = kiln_fmt_next(s, &at, &c, err, sizeof err)) > 0)
			;
		return !(r < 0 && strstr(err, "wide"));
	}
	if (depth > 8)
		return 0;
	if (LLVMIsASelectInst(v))
		return channel_carries(l, LLVMGetOperand(v, 1), first, depth + 1) &&
		       channel_carries(l, LLVMGetOperand(v, 2), first, depth + 1);
	if (LLVMIsAPHINode(v)) {
		for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
			if (!channel_carries(l, LLVMGetIncomingValue(v, i), first, depth + 1))
				return 0;
		return 1;
	}
	return 0;
}

/* Call IN of printf or fprintf (F) calls the kernel C library's __kiln_printf or __kiln_fprintf instead,
 * which format on the device and print the text (hls/libc/print.c): a format built at run time, or one with
 * a wide conversion, works as C says, at the cost of a formatter in hardware. */
static void call_library_printf(lower *l, LLVMValueRef in, LLVMValueRef f)
{
	const char *name = named(f, "printf") ? "__kiln_printf" : "__kiln_fprintf";
	LLVMValueRef lib = LLVMGetNamedFunction(l->mod, name);
	if (!lib) {
		lib = LLVMAddFunction(l->mod, name, LLVMGlobalGetValueType(f));
		LLVMSetFunctionCallConv(lib, LLVMGetFunctionCallConv(f));
	}
	LLVMSetOperand(in, (unsigned)LLVMGetNumOperands(in) - 1, lib);
}

/* Writes call IN's record: its format's row, then each argument as the format's conversions say. */
static void lower_print(lower *l, LLVMValueRef in, const struct out_call *oc)
{
	const char *what = oc->name;
	unsigned nargs = (unsigned)LLVMGetNumArgOperands(in);
	const char *fmt = NULL;
	int bad_stream = 0;
	LLVMValueRef id =
	    stream_row(l, in, oc, oc->stream < 0 ? NULL : LLVMGetOperand(in, (unsigned)oc->stream), &fmt,
	               &bad_stream, 0);
	if (bad_stream) {
		fail(l, in, what, "only stdout and stderr exist in hardware");
		return;
	}
	if (!id) {
		fail(l, in, what,
		     "the format must be a string literal in hardware (its conversions decide what the "
		     "kernel sends)");
		return;
	}
	char err[200];
	LLVMPositionBuilderBefore(l->b, in);
	LLVMValueRef pos = call(l, "__kiln_print_open", l->i32, &id, 1);
	unsigned a = (unsigned)oc->first;
	size_t at = 0;
	kiln_fmt_conv c;
	int r;
	while ((r = kiln_fmt_next(fmt, &at, &c, err, sizeof err)) > 0) {
		int want[3] = {c.star_width ? KILN_FMT_INT : KILN_FMT_NONE,
		               c.star_prec ? KILN_FMT_INT : KILN_FMT_NONE,
		               c.value == KILN_FMT_DOUBLE ? KILN_FMT_INT : c.value};
		for (int w = 0; w < 3; w++) {
			if (want[w] == KILN_FMT_NONE)
				continue;
			if (a >= nargs) {
				fail(l, in, what, "fewer arguments than the format's conversions");
				return;
			}
			LLVMValueRef v = LLVMGetOperand(in, a++), args[2] = {pos, v};
			LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(v));
			if (want[w] == KILN_FMT_STR && k == LLVMPointerTypeKind) {
				args[1] = LLVMBuildPointerCast(l->b, v, l->i8p, "");
				pos = call(l, "__kiln_print_str", l->i32, args, 2);
			} else if (want[w] == KILN_FMT_INT && k == LLVMDoubleTypeKind) { /* its bits */
				args[1] = LLVMBuildBitCast(l->b, v, l->i64, "");
				pos = call(l, "__kiln_print_int", l->i32, args, 2);
			} else if (want[w] == KILN_FMT_INT &&
			           (k == LLVMPointerTypeKind ||
			            (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64))) {
				/* an unsigned conversion's value is its bits: a 32-bit long's %lu (kiln-cc
				 * --data-model llp64) reaches the host's 64-bit one whole */
				int zext = w == 2 && strchr("uoxX", c.conv) && c.conv;
				args[1] = k == LLVMPointerTypeKind ? LLVMBuildPtrToInt(l->b, v, l->i64, "")
				          : zext                   ? LLVMBuildZExt(l->b, v, l->i64, "")
				                                   : LLVMBuildSExt(l->b, v, l->i64, "");
				pos = call(l, "__kiln_print_int", l->i32, args, 2);
			} else {
				fail(l, in, what,
				     "an argument does not fit its conversion (floating point or an "
				     "aggregate?)");
				return;
			}
		}
	}
	if (r < 0) {
		fail(l, in, what, err);
		return;
	}
	call(l, "__kiln_print_close", LLVMVoidTypeInContext(l->ctx), &pos, 1);
}

/* What the call returns in C: putchar and friends the character, the others a count we do not keep. */
static LLVMValueRef print_result(lower *l, LLVMValueRef in, const struct out_call *oc)
{
	LLVMTypeRef ty = LLVMTypeOf(in);
	if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind)
		return NULL;
	if (oc->fixed && !strcmp(oc->fixed, "%c")) {
		LLVMPositionBuilderBefore(l->b, in);
		LLVMValueRef c = LLVMBuildIntCast2(l->b, LLVMGetOperand(in, 0), ty, 0, "");
		return LLVMBuildAnd(l->b, c, LLVMConstInt(ty, 0xff, 0), "");
	}
	return LLVMConstInt(ty, 0, 0);
}

/* A call of __kiln_stop(KIND, CODE, row of the site WHERE and TEXT) at B's position: noreturn, like the
 * calls it stands for. */
static void build_stop(LLVMModuleRef mod, LLVMBuilderRef b, unsigned kind, LLVMValueRef code,
                       const char *where, const char *text)
{
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), tys[3] = {i32, i32, i32};
	LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), tys, 3, 0);
	LLVMValueRef stop = LLVMGetNamedFunction(mod, "__kiln_stop");
	if (!stop) {
		stop = LLVMAddFunction(mod, "__kiln_stop", fty);
		LLVMSetFunctionCallConv(stop, LLVMSPIRFUNCCallConv);
		static const char *const attrs[] = {"noreturn", "nounwind"};
		for (int i = 0; i < 2; i++)
			LLVMAddAttributeAtIndex(
			    stop, LLVMAttributeFunctionIndex,
			    LLVMCreateEnumAttribute(
			        ctx, LLVMGetEnumAttributeKindForName(attrs[i], strlen(attrs[i])), 0));
	}
	char row[5000];
	snprintf(row, sizeof row, "%u\t%s\t%s", kind, where, text);
	lower l = {.mod = mod, .ctx = ctx};
	LLVMValueRef args[3] = {LLVMConstInt(i32, kind, 0), LLVMBuildIntCast2(b, code, i32, 1, ""),
	                        LLVMConstInt(i32, table_row(&l, STOP_TABLE, row), 0)};
	LLVMValueRef c = LLVMBuildCall2(b, fty, stop, args, 3, "");
	LLVMSetInstructionCallConv(c, LLVMSPIRFUNCCallConv);
}

/* exit, _Exit, abort and __assert_fail become __kiln_stop(kind, status, site). */
static int lower_stop(lower *l, LLVMValueRef in, LLVMValueRef f)
{
	unsigned kind, line = 0;
	char file[4096] = "", text[600] = "", where[4200];
	LLVMValueRef code;
	if (named(f, "exit") || named(f, "_Exit")) {
		kind = KILN_STOP_EXIT;
		code = LLVMGetOperand(in, 0);
	} else if (named(f, "abort")) {
		kind = KILN_STOP_ABORT;
		code = LLVMConstInt(l->i32, 134, 0); /* as a shell reports SIGABRT */
	} else if (named(f, "__assert_fail") && LLVMGetNumArgOperands(in) == 4) {
		kind = KILN_STOP_ASSERT;
		code = LLVMConstInt(l->i32, 134, 0);
		const char *e = const_string(l, LLVMGetOperand(in, 0)),
		           *fl = const_string(l, LLVMGetOperand(in, 1)),
		           *fn = const_string(l, LLVMGetOperand(in, 3));
		LLVMValueRef ln = LLVMGetOperand(in, 2);
		snprintf(text, sizeof text, "%s\t%s", e ? e : "?", fn ? fn : "?");
		if (fl && LLVMIsAConstantInt(ln)) {
			snprintf(file, sizeof file, "%s", fl);
			line = (unsigned)LLVMConstIntGetZExtValue(ln);
		}
	} else {
		return 0;
	}
	if (!line)
		diag_location(in, file, sizeof file, &line);
	snprintf(where, sizeof where, "%s:%u", file[0] ? file : "?", line);
	LLVMPositionBuilderBefore(l->b, in);
	build_stop(l->mod, l->b, kind, code, where, text);
	return 1;
}

void debug_build_stop(LLVMBuilderRef b, unsigned kind, LLVMValueRef at, const char *text)
{
	LLVMModuleRef mod = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(at)));
	char file[4096] = "", where[4200];
	unsigned line = 0;
	diag_location(at, file, sizeof file, &line);
	snprintf(where, sizeof where, "%s:%u", file[0] ? file : "?", line);
	build_stop(mod, b, kind, LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(mod)), 0, 0), where,
	           text);
}

int debug_lower_calls(LLVMModuleRef mod, int print, const char *note)
{
	lower l = {.mod = mod, .ctx = LLVMGetModuleContext(mod), .print = print, .note = note};
	l.b = LLVMCreateBuilderInContext(l.ctx);
	l.i32 = LLVMInt32TypeInContext(l.ctx);
	l.i64 = LLVMInt64TypeInContext(l.ctx);
	l.i8p = LLVMPointerType(LLVMInt8TypeInContext(l.ctx), 0);
	size_t n = 0, cap = 64;
	LLVMValueRef *calls = malloc(cap * sizeof *calls);
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn && calls; fn = LLVMGetNextFunction(fn))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in;
			     in = LLVMGetNextInstruction(in)) {
				if (!LLVMIsACallInst(in) || !ir_direct_callee(in))
					continue;
				if (n == cap) {
					LLVMValueRef *grown = realloc(calls, (cap *= 2) * sizeof *calls);
					if (!grown)
						break;
					calls = grown;
				}
				calls[n++] = in;
			}
	for (size_t i = 0; i < n; i++) {
		LLVMValueRef in = calls[i], f = ir_direct_callee(in);
		if (LLVMCountBasicBlocks(f)) /* the sources' own function of that name */
			continue;
		for (size_t u = 0; u < sizeof into_memory / sizeof *into_memory; u++)
			if (named(f, into_memory[u].name))
				check_memory_format(&l, in, into_memory[u].name, into_memory[u].format);
		/* the kernel headers mark what hardware cannot do with __attribute__((error(why))), which
		 * clang carries as this attribute for a code generator to report; HLS is that generator */
		unsigned wl = 0;
		const char *why = ir_fn_attr(f, "dontcall-error", &wl);
		if (why) { /* a user's attribute too: shown, not printed raw */
			size_t nl = 0;
			const char *nm = LLVMGetValueName2(f, &nl);
			if (nl > 7 &&
			    !memcmp(nm, "__kiln_", 7)) { /* a header's stand-in for a builtin's name */
				nm += 7;
				nl -= 7;
			}
			char sn[1024], sw[1024];
			diag_shown(nm, nl, sn, sizeof sn);
			diag_shown(why, wl, sw, sizeof sw);
			fail(&l, in, sn, sw);
		}
		if (lower_stop(&l, in, f)) {
			LLVMInstructionEraseFromParent(in);
			continue;
		}
		for (size_t k = 0; k < sizeof out_calls / sizeof *out_calls; k++) {
			if (!named(f, out_calls[k].name))
				continue;
			const char *first = NULL;
			if (print && out_calls[k].format >= 0 &&
			    !channel_carries(&l, LLVMGetOperand(in, (unsigned)out_calls[k].format), &first,
			                     0)) {
				call_library_printf(&l, in, f);
				break;
			}
			if (print)
				lower_print(&l, in, &out_calls[k]);
			else if (note && !l.warned++)
				diag_warning_at(in, "%s", note);
			LLVMValueRef res = print_result(&l, in, &out_calls[k]);
			if (res)
				LLVMReplaceAllUsesWith(in, res);
			LLVMInstructionEraseFromParent(in);
			break;
		}
	}
	free(calls);
	LLVMDisposeBuilder(l.b);
	return l.errors;
}

void debug_lower_stops(LLVMModuleRef mod, int channel)
{
	LLVMValueRef stop = LLVMGetNamedFunction(mod, "__kiln_stop");
	if (!stop)
		return;
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
	LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
	static const unsigned word[3] = {KILN_DEBUG_STOP, KILN_DEBUG_CODE, KILN_DEBUG_SITE};
	LLVMValueRef at[3];
	for (unsigned k = 0; k < 3; k++)
		at[k] = LLVMConstIntToPtr(LLVMConstInt(i64, KILN_DEBUG_BASE + word[k], 0),
		                          LLVMPointerType(i32, 0));
	for (LLVMUseRef u = LLVMGetFirstUse(stop); u;) {
		LLVMValueRef in = LLVMGetUser(u);
		u = LLVMGetNextUse(u);
		if (!LLVMIsACallInst(in))
			continue;
		if (channel) {
			/* The first stop of a run is the one the host reports: the words are written only
			 * while STOP is still 0. */
			LLVMBasicBlockRef head = LLVMGetInstructionParent(in),
			                  tail = ir_split_block_before(in);
			LLVMBasicBlockRef rec = LLVMInsertBasicBlockInContext(ctx, tail, "stop.record");
			LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(head));
			LLVMPositionBuilderAtEnd(b, head);
			LLVMValueRef was = LLVMBuildLoad2(b, i32, at[0], "stop.was");
			LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, was, LLVMConstInt(i32, 0, 0), ""), rec,
			                tail);
			LLVMPositionBuilderAtEnd(b, rec);
			for (unsigned k = 0; k < 3; k++)
				LLVMBuildStore(b, LLVMGetOperand(in, k), at[k]);
			LLVMBuildBr(b, tail);
		}
		LLVMInstructionEraseFromParent(in);
	}
	LLVMDisposeBuilder(b);
}

int debug_define_channel(LLVMModuleRef mod, const kiln_board_config *board)
{
	LLVMValueRef g = LLVMGetNamedGlobal(mod, DEBUG_BYTES_SYMBOL);
	if (!g || LLVMGetInitializer(g))
		return 0;
	LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(mod));
	if (LLVMGlobalGetValueType(g) != i32) {
		diag_error(NULL, 0, 0, "the kernel C library's %s is not a 32-bit integer; rebuild Kiln",
		           DEBUG_BYTES_SYMBOL);
		return 1;
	}
	LLVMSetInitializer(g, LLVMConstInt(i32, board->debug_bytes, 0));
	LLVMSetGlobalConstant(g, 1);
	LLVMSetLinkage(g, LLVMInternalLinkage);
	return 0;
}

/* One property set from TABLE: row i as property "i", its text as bytes. */
static int table_set(LLVMModuleRef mod, const char *table, const char *set, kiln_propsets *ps)
{
	unsigned n = LLVMGetNamedMetadataNumOperands(mod, table);
	if (!n)
		return 0;
	LLVMValueRef *rows = calloc(n, sizeof *rows);
	kiln_propset *s = rows ? kiln_propsets_add_set(ps, set) : NULL;
	if (!s) {
		free(rows);
		return -1;
	}
	LLVMGetNamedMetadataOperands(mod, table, rows);
	int rc = 0;
	for (unsigned i = 0; i < n && !rc; i++) {
		unsigned len = 0;
		const char *text = LLVMGetMDString(LLVMGetOperand(rows[i], 0), &len);
		char name[16];
		snprintf(name, sizeof name, "%u", i);
		rc = kiln_propset_add_bytes(s, name, text ? text : "", text ? len : 0);
	}
	free(rows);
	return rc;
}

int debug_propsets(LLVMModuleRef mod, kiln_propsets *ps)
{
	return table_set(mod, PRINTF_TABLE, "Kiln/printf", ps) || table_set(mod, STOP_TABLE, "Kiln/stops", ps)
	           ? -1
	           : 0;
}

int debug_channel_propset(kiln_propsets *ps, const kiln_board_config *board)
{
	if (!kiln_image_uses_debug_channel(ps))
		return 0;
	kiln_propset *s = kiln_propsets_add_set(ps, KILN_DEBUG_CHANNEL_SET);
	return s ? kiln_propset_add_u32(s, "bytes", board->debug_bytes) : -1;
}
