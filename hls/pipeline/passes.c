// SPDX-License-Identifier: Apache-2.0
#include "passes.h"

#include <stdio.h>
#include <string.h>

#include <llvm-c/Analysis.h>

#include "../../host/common/contract.h"
#include "../frontend/kernel_libc.h"
#include "../ir/ir_util.h"
#include "../lower/bounds_checks.h"
#include "../lower/call_casts.h"
#include "../lower/const_div.h"
#include "../lower/debug_channel.h"
#include "../lower/fp_aspects.h"
#include "../lower/heap.h"
#include "../lower/indirect_calls.h"
#include "../lower/inline_all.h"
#include "../lower/inline_asm.h"
#include "../lower/load_combine.h"
#include "../lower/lower.h"
#include "../lower/math_calls.h"
#include "../lower/null_access.h"
#include "../lower/reassoc.h"
#include "../lower/recursion.h"
#include "../lower/rom_devmem.h"
#include "../lower/rom_values.h"
#include "../lower/spirv_import.h"
#include "../lower/split_aggregates.h"
#include "../lower/unaligned.h"
#include "../lower/unify_ptr.h"
#include "../lower/unroll_small.h"
#include "../lower/usm_class.h"
#include "../lower/varargs.h"
#include "../lower/vectors.h"
#include "../lower/vfunc_aot.h"
#include "../lower/vla.h"
#include "../support/diag.h"

/* Adapters for the passes that read the options or whose function does not return its errors (a pass that
 * cannot fail reports through the diagnostics, which the loop reads too). The others run as they are. */

static int run_annotations(LLVMModuleRef m, pass_opts *o)
{
	return lower_annotations(m, o->input);
}

static int run_spir_calls(LLVMModuleRef m, pass_opts *o)
{
	(void)o;
	lower_spir_calls(m);
	return 0;
}

/* It returns how many globals it restored, not a count of errors. */
static int run_spirv_import(LLVMModuleRef m, pass_opts *o)
{
	(void)o;
	lower_spirv_import(m);
	return 0;
}

static int run_vfunc_aot(LLVMModuleRef m, pass_opts *o)
{
	return vfunc_aot(m, o->board);
}

static int run_debug_calls(LLVMModuleRef m, pass_opts *o)
{
	return debug_lower_calls(m, o->print, o->print_note);
}

static int run_recursion(LLVMModuleRef m, pass_opts *o)
{
	return lower_recursion(m, o->recursion_depth);
}

static int run_indirect_calls(LLVMModuleRef m, pass_opts *o)
{
	return inline_indirect_calls(m, o->recursion_depth);
}

static int run_vla_bounded(LLVMModuleRef m, pass_opts *o)
{
	(void)o;
	return lower_vlas(m, 0);
}

static int run_vla(LLVMModuleRef m, pass_opts *o)
{
	(void)o;
	return lower_vlas(m, 1);
}

/* The largest constant table kept on chip: --onchip-rom-max, else the board's, else the largest on-chip
 * memory (a larger table could not be built there at all). */
static int run_rom_devmem(LLVMModuleRef m, pass_opts *o)
{
	uint32_t max = o->rom_max_bytes                           ? o->rom_max_bytes
	               : o->board && o->board->fpga.rom_max_bytes ? o->board->fpga.rom_max_bytes
	                                                          : KILN_ONCHIP_MEM_MAX_BYTES;
	rom_to_devmem(m, max);
	return 0;
}

static int run_heap(LLVMModuleRef m, pass_opts *o)
{
	return heap_mark(m, o->board, o->heap_bytes);
}

/* The library is built once for every board: the channel's size is given to it where it is linked. */
static int run_libc_link(LLVMModuleRef m, pass_opts *o)
{
	return kernel_libc_link(m) ? 1 : debug_define_channel(m, o->board);
}

static int run_fp_aspects(LLVMModuleRef m, pass_opts *o)
{
	int bad = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		if (ir_is_defined_kernel(fn))
			bad += check_fp_aspects(fn, o->board);
	return bad;
}

static int run_debug_stops(LLVMModuleRef m, pass_opts *o)
{
	debug_lower_stops(m, kiln_board_has_debug_channel(o->board));
	return 0;
}

static int run_reassoc(LLVMModuleRef m, pass_opts *o)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		if (ir_is_defined_kernel(fn))
			reassoc_reductions(fn, reassoc_ways(o->clock_ns));
	return 0;
}

/* Runs F on every defined kernel of M: the passes that work one kernel at a time. */
static void each_kernel(LLVMModuleRef m, void (*f)(LLVMValueRef))
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		if (ir_is_defined_kernel(fn))
			f(fn);
}

static int run_aggregate_phis(LLVMModuleRef m, pass_opts *o)
{
	(void)o;
	each_kernel(m, split_aggregate_phis);
	return 0;
}

static int run_load_combine(LLVMModuleRef m, pass_opts *o)
{
	(void)o;
	each_kernel(m, combine_byte_loads);
	return 0;
}

static int run_unaligned(LLVMModuleRef m, pass_opts *o)
{
	(void)o;
	each_kernel(m, split_unaligned_accesses);
	return 0;
}

/* Every function with a body, kernel or not (after inlining only kernels are left; a host program's IR in
 * its test has none). */
static int run_const_div(LLVMModuleRef m, pass_opts *o)
{
	(void)o;
	for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
		if (LLVMCountBasicBlocks(fn))
			lower_const_div(fn);
	return 0;
}

static int run_unify_pointers(LLVMModuleRef m, pass_opts *o)
{
	return unify_pointers(m, o->checks);
}

/* Its stops are lowered as the others were, and the image's property sets must list them. */
static int run_null_accesses(LLVMModuleRef m, pass_opts *o)
{
	if (null_accesses(m) > 0) {
		debug_lower_stops(m, kiln_board_has_debug_channel(o->board));
		o->stops_added = 1;
	}
	return 0;
}

/* The checks' stops are lowered as the others were, and the image's property sets must list them. */
static int run_bounds_checks(LLVMModuleRef m, pass_opts *o)
{
	if (bounds_checks(m) > 0) {
		debug_lower_stops(m, kiln_board_has_debug_channel(o->board));
		o->stops_added = 1;
	}
	return 0;
}

/* The flow, in order. */
static const pass table[] = {
    /* Per input. Annotations first: they name the kernels everything after looks for. */
    {"annotations", PASS_INPUT, PASS_FROM_C, run_annotations, NULL,
     "kiln/device.h's annotations become DPC++'s attributes; kernels are renamed and checked"},
    {"inline-asm", PASS_INPUT, 0, NULL, lower_inline_asm,
     "empty inline assembly (a compiler barrier) is removed, outputs taking their tied inputs; any other "
     "is refused"},
    {"spir-calls", PASS_INPUT, PASS_FROM_C, run_spir_calls, NULL,
     "functions and calls take SPIR's spir_func calling convention"},
    {"spirv-import", PASS_INPUT, PASS_FROM_IR, run_spirv_import, NULL,
     "globals decorated HostAccessINTEL get the device-global attributes it implies"},
    {"usm-class", PASS_INPUT, PASS_FROM_IR, NULL, lower_usm_class,
     "DPC++'s USM-backed device_global class is split into its storage and a constant object"},
    /* Linked. Math calls no unit runs become library calls before the library is linked (so that it is
     * linked when a kernel needs it) and after (its own functions call each other that way too). */
    {"vfunc-aot", PASS_LINKED, 0, run_vfunc_aot, NULL,
     "sets needing an aspect the board lacks are dropped, and kernels calling them emptied"},
    {"debug-calls", PASS_LINKED, 0, run_debug_calls, NULL,
     "printf, puts, exit, abort and assert become stops; printf of a format the channel does not carry "
     "calls the library's formatter"},
    {"heap", PASS_LINKED, 0, run_heap, NULL,
     "kernels that call malloc give the image a heap in device memory, of --heap-size bytes"},
    {"math-calls", PASS_LINKED, 0, NULL, lower_math_calls,
     "exp, log, pow, sin, cos and frem become calls to the C library"},
    {"libc-link", PASS_LINKED, 0, run_libc_link, NULL,
     "the kernel C library is linked where it is called, given the board's debug-channel size"},
    {"math-calls-libc", PASS_LINKED, 0, NULL, lower_math_calls,
     "math-calls again, for the library's own code"},
    {"debug-calls-libc", PASS_LINKED, 0, run_debug_calls, NULL,
     "debug-calls again, for the library's own code (malloc's abort on a bad free)"},
    {"call-casts", PASS_LINKED, 0, NULL, lower_call_casts,
     "calls through a prototype other than the definition's call it with their values converted"},
    {"varargs", PASS_LINKED, 0, NULL, lower_varargs,
     "variadic functions take their variable arguments as a block each call fills"},
    {"vla-bounded", PASS_LINKED, 0, run_vla_bounded, NULL,
     "variable-length arrays with a KILN_VLA_MAX become fixed arrays of that bound, checked (a recursive "
     "function's frame needs its size)"},
    {"recursion", PASS_LINKED, 0, run_recursion, NULL,
     "recursive functions become a call-return state machine with a stack of frames in on-chip memory "
     "(tail calls a loop)"},
    {"inline", PASS_LINKED, 0, NULL, inline_all,
     "every helper is inlined into its kernels, a large library function or one the user marked noinline "
     "once "
     "per kernel (its calls merged); LLVM -O2"},
    {"vla", PASS_LINKED, 0, run_vla, NULL,
     "the other variable-length arrays become fixed arrays of the largest size range analysis proves"},
    {"indirect-calls", PASS_LINKED, 0, run_indirect_calls, NULL,
     "calls through pointers become dispatches over direct calls, inlined; the module verifies"},
    /* After inlining, when a table's loads and the conditions on them are in one function. */
    {"rom-values", PASS_LINKED, 0, NULL, rom_values,
     "branches and switches on a value loaded from a constant table keep only the edges some entry takes"},
    {"vectors", PASS_LINKED, 0, NULL, lower_vectors,
     "GCC vector operations, loads and stores become one per element"},
    {"unroll-small", PASS_LINKED, 0, NULL, unroll_small_loops,
     "loops of a few iterations without multiplications, divisions or floating point are unrolled whole"},
    {"rom-devmem", PASS_LINKED, 0, run_rom_devmem, NULL,
     "constant tables larger than the board's fpga.rom_max_bytes (--onchip-rom-max) move to device memory, "
     "as "
     "device globals the host cannot access"},
    {"usm-class-finish", PASS_LINKED, 0, NULL, lower_usm_class_finish,
     "USM-backed device globals: leaked addresses refused, storage typed by its accesses"},
    /* Per image, after post-link: the aspects first, so that nothing is built for a board that cannot
     * run it. */
    {"fp-aspects", PASS_IMAGE, 0, run_fp_aspects, NULL,
     "a double (float) on a board without fp64 (fp32) is refused at its line"},
    {"debug-stops", PASS_IMAGE, 0, run_debug_stops, NULL,
     "each stop writes the debug channel and ends the kernel"},
    {"reassoc", PASS_IMAGE, 0, run_reassoc, NULL,
     "float sums carried around a loop (reassoc) become partial results"},
    {"aggregate-phis", PASS_IMAGE, 0, run_aggregate_phis, NULL,
     "struct phis whose uses each take one field become one phi per field"},
    {"load-combine", PASS_IMAGE, 0, run_load_combine, NULL,
     "bytes loaded one by one and assembled into a word become one load of the word (byte-swapped when "
     "most significant first), where its address is aligned"},
    {"unaligned", PASS_IMAGE, 0, run_unaligned, NULL,
     "loads and stores wider than their alignment are split"},
    {"const-div", PASS_IMAGE, 0, run_const_div, NULL,
     "division and remainder by a constant become shifts, or a multiply and shifts"},
    {"unify-pointers", PASS_IMAGE, 0, run_unify_pointers, NULL,
     "every pointer is resolved to the memories it may reach and rewritten as an offset"},
    {"null-accesses", PASS_IMAGE, 0, run_null_accesses, NULL,
     "an access through a pointer that can only be null stops the kernel when it runs"},
    {"bounds-checks", PASS_IMAGE, PASS_IF_CHECKS, run_bounds_checks, NULL,
     "accesses to on-chip arrays are checked against their bounds"},
};

const pass *pass_table(size_t *n)
{
	*n = sizeof table / sizeof table[0];
	return table;
}

const pass *pass_find(const char *name)
{
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (!strcmp(table[i].name, name))
			return &table[i];
	return NULL;
}

int pass_applies(const pass *p, const pass_opts *o)
{
	if ((p->when & PASS_FROM_C) && o->input_is_ir)
		return 0;
	if ((p->when & PASS_FROM_IR) && !o->input_is_ir)
		return 0;
	return !(p->when & PASS_IF_CHECKS) || o->checks;
}

/* Writes MOD as it is after pass P (which may not have applied: it is then as it was before P). */
static int write_after(LLVMModuleRef mod, const pass *p, const pass_opts *o, const pass_control *c)
{
	char path[4400], *msg = NULL, input[16] = "";
	if (c->input >= 0)
		snprintf(input, sizeof input, ".%d", c->input);
	if (snprintf(path, sizeof path, "%s/%s%s.ll", c->dir ? c->dir : ".", p->name, input) >=
	    (int)sizeof path) {
		diag_error(c->dir, 0, 0, "the folder's name is too long to write %s.ll in it", p->name);
		return -1;
	}
	if (!pass_applies(p, o))
		diag_warning("pass '%s' does not apply to %s: %s%s.ll holds the module as it was before it",
		             p->name, o->input ? o->input : "this build", p->name, input);
	if (LLVMPrintModuleToFile(mod, path, &msg)) {
		diag_error(path, 0, 0, "cannot write: %s", msg);
		LLVMDisposeMessage(msg);
		return -1;
	}
	return 0;
}

int pass_run_one(LLVMModuleRef mod, const pass *p, pass_opts *o, int verify)
{
	if (!pass_applies(p, o))
		return 0;
	int before = diag_errors();
	if ((p->run ? p->run(mod, o) : p->run_module(mod)) != 0 || diag_errors() > before)
		return -1;
	char *verr = NULL;
	if (verify && LLVMVerifyModule(mod, LLVMReturnStatusAction, &verr)) {
		diag_error(NULL, 0, 0, "internal error: the IR does not verify after pass '%s': %s", p->name,
		           verr);
		LLVMDisposeMessage(verr);
		return -1;
	}
	LLVMDisposeMessage(verr);
	return 0;
}

int passes_run(LLVMModuleRef mod, enum pass_stage stage, pass_opts *o, const pass_control *c)
{
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
		const pass *p = &table[i];
		if (p->stage != stage)
			continue;
		if (pass_run_one(mod, p, o, c && c->verify_each) != 0)
			return -1;
		if (c && (c->print_after == p || c->stop_after == p) && write_after(mod, p, o, c) != 0)
			return -1;
		if (c && c->stop_after == p)
			return 1;
	}
	return 0;
}

int pipeline_parse_stop(const char *s, enum pipeline_stop *st, const pass **p)
{
	static const struct {
		const char *name;
		enum pipeline_stop st;
	} stages[] = {
	    {"ir", STOP_IR}, {"postlink", STOP_POSTLINK}, {"schedule", STOP_SCHEDULE}, {"rtl", STOP_RTL}};
	*p = NULL;
	for (size_t i = 0; i < sizeof stages / sizeof stages[0]; i++)
		if (!strcmp(s, stages[i].name)) {
			*st = stages[i].st;
			return 0;
		}
	*p = pass_find(s);
	*st = *p ? STOP_AFTER_PASS : STOP_NONE;
	return *p ? 0 : -1;
}
