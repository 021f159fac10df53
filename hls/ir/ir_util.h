// SPDX-License-Identifier: Apache-2.0
/* Small queries on LLVM IR shared by every stage of the compiler. */
#ifndef KILN_IR_UTIL_H
#define KILN_IR_UTIL_H
#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* Whether FN carries a free-function kernel marker (sycl-single-task-kernel or sycl-nd-range-kernel). */
int ir_is_kernel(LLVMValueRef fn);
/* Whether FN is a kernel with a body in this module. */
int ir_is_defined_kernel(LLVMValueRef fn);
/* The function call or invoke IN reaches directly (through the bitcasts of an unprototyped call and
 * address-space casts), or NULL for an indirect call, inline assembly or anything that is not a call. */
LLVMValueRef ir_direct_callee(LLVMValueRef in);
/* Adds to TO the attributes FROM has at INDEX (LLVM's: 0 the result, 1.. the parameters,
 * LLVMAttributeFunctionIndex the function); each of FROM and TO a function or a call. */
void ir_copy_attrs(LLVMValueRef from, LLVMValueRef to, unsigned index);
/* Calls VISIT(CALL, CTX) on every call instruction of M, in order; VISIT may erase CALL. The sum of what it
 * returns. */
int ir_each_call(LLVMModuleRef m, int (*visit)(LLVMValueRef call, void *ctx), void *ctx);
/* DPC++'s prefix of a free function kernel's native name (REFERENCE §4). */
#define IR_KERNEL_PREFIX "__sycl_kernel_"
/* FN's name as the user wrote it (*LEN bytes, not terminated): its IR name without IR_KERNEL_PREFIX. */
const char *ir_kernel_name(LLVMValueRef fn, size_t *len);
/* DPC++'s attributes of virtual-function sets (seed 001): the set a function belongs to, and the sets a
 * kernel calls through ("a,b"). */
#define VF_ATTR_SET "indirectly-callable"
#define VF_ATTR_CALLS "calls-indirectly"
/* The value of FN's string attribute KEY (*LEN bytes, not terminated), or NULL when FN has none. */
const char *ir_fn_attr(LLVMValueRef fn, const char *key, unsigned *len);
/* Whether V's type is a pointer. */
int ir_is_pointer(LLVMValueRef v);
/* Whether G is a device global: a global variable with DPC++'s sycl-device-global-size. */
int ir_is_device_global(LLVMValueRef g);
/* Whether device global G has device_image_scope (the attribute bare or with any value but "false"). */
int ir_dg_image_scoped(LLVMValueRef g);
/* The operands of metadata node MD (as values; NULL for ones that are not), malloc'd, their number in *N;
 * NULL when there are none or out of memory. */
LLVMValueRef *ir_md_operands(LLVMValueRef md, unsigned *n);
/* Operand I of metadata node MD (as a value), or NULL when it has none there or it is not a value. */
LLVMValueRef ir_md_operand(LLVMValueRef md, unsigned i);
/* FN's attached metadata node of kind NAME (as a value), or NULL. */
LLVMValueRef ir_fn_md(LLVMValueRef fn, const char *name);
/* Whether the comma-separated LIST (LEN bytes) holds the item NAME (NLEN bytes). */
int ir_list_has(const char *list, unsigned len, const char *name, unsigned nlen);
/* Whether global G is DPC++'s device_global<T> without device_image_scope (seed 002's USM-backed form): a
 * class whose first member is `usmptr`, the pointer to the T the runtime allocates, optionally followed by
 * `init_val`, T's initial value (current DPC++ headers): { T addrspace(N)* [, T] }, while
 * sycl-device-global-size is sizeof(T). */
int ir_is_usm_dg_class(LLVMValueRef g);
/* Removes from llvm.used and llvm.compiler.used every global value DROP(value, CTX) selects (an array that
 * becomes empty goes); other entries stay in order. */
void ir_unpin(LLVMModuleRef mod, int (*drop)(LLVMValueRef g, void *ctx), void *ctx);
/* Appends global G to llvm.compiler.used (made when missing), so that optimisation keeps it. */
void ir_pin(LLVMModuleRef mod, LLVMValueRef g);
/* The section that marks the kernel C library's own state (errno, rand's): each kernel that uses it gets a
 * copy, where a plain global written by several kernels is refused. */
#define IR_LIBRARY_STATE_SECTION "kiln.libc.state"
/* Whether global G is such state. */
int ir_is_library_state(LLVMValueRef g);
/* Writes constant C's bytes at OUT (N bytes available), little-endian, laid out as TD says; integers,
 * float/double, arrays, structs and zero/undef. 0, or -1 for a constant it cannot lay out. */
int ir_const_bytes(LLVMTargetDataRef td, LLVMValueRef c, uint8_t *out, size_t n);
/* ir_const_bytes, where a non-null pointer constant P is laid out as the address ADDR(CTX, P, &a) gives
 * (0, or -1 to refuse the constant). */
int ir_const_bytes_ptr(LLVMTargetDataRef td, LLVMValueRef c, uint8_t *out, size_t n,
                       int (*addr)(void *ctx, LLVMValueRef p, uint64_t *a), void *ctx);

/* The byte offset a getelementptr (instruction or constant expression) adds to its base, term by term:
 *   ir_gep_iter it = ir_gep_begin(g);
 *   while ((r = ir_gep_next(td, &it, &idx, &scale)) > 0) off += idx ? value(idx) * scale : scale;
 * A struct field comes as IDX NULL and SCALE its offset; ir_gep_next returns 0 at the end, -1 at an index
 * into a type it cannot lay out (a vector). */
typedef struct ir_gep_iter {
	LLVMValueRef g;
	LLVMTypeRef ty;
	unsigned i, n;
} ir_gep_iter;
ir_gep_iter ir_gep_begin(LLVMValueRef g);
int ir_gep_next(LLVMTargetDataRef td, ir_gep_iter *it, LLVMValueRef *idx, uint64_t *scale);

/* Runs the new-pass-manager pipeline PASSES on MOD (vectorizers off; unrolling as ir_set_loop_unrolling
 * says); reports a failure as "WHAT failed: ..." and returns -1, else 0. */
int ir_run_passes(LLVMModuleRef mod, const char *passes, const char *what);
/* Whether later ir_run_passes pipelines unroll loops of known trip count on their own (kiln-cc
 * -funroll-loops: 1) or not (-fno-unroll-loops: 0, which also turns Kiln's small-loop rule off); loop
 * directives are honoured either way. */
void ir_set_loop_unrolling(int on);
/* What ir_set_loop_unrolling() last set, or -1 when it was not called (Kiln's small-loop rule applies). */
int ir_loop_unrolling(void);
/* Sets the LLVM command-line options every Kiln tool relies on, once per process: no vectorizers (hardware
 * schedules scalar operations, and without a target machine the pass builder's switches are not enough), and
 * the default address space treated as generic so that address-space inference can work on SPIR IR. */
void ir_llvm_init(void);

/* Appends V to *LIST (*N of *CAP used, grown as needed); 0, or -1 when out of memory. */
int ir_push(LLVMValueRef **list, int *n, int *cap, LLVMValueRef v);

/* The bytes of constant array C when it is a string of i8 (LLVMIsConstantString reads any other constant as
 * one and crashes): its length, the NUL included, to *LEN; an all-zero array is "" (length 1). NULL else. */
const char *ir_const_string(LLVMValueRef c, size_t *len);
/* The string global V (constant expressions around it looked through) holds, without its closing NUL;
 * NULL when it holds none. */
const char *ir_global_string(LLVMValueRef v, size_t *len);

/* The IEEE-754 bits of floating-point constant C (a float's in the low 32 bits). */
uint64_t ir_fp_const_bits(LLVMValueRef c);

#endif
