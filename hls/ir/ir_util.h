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
/* Writes constant C's bytes at OUT (N bytes available), little-endian, laid out as TD says; integers,
 * float/double, arrays, structs and zero/undef. 0, or -1 for a constant it cannot lay out. */
int ir_const_bytes(LLVMTargetDataRef td, LLVMValueRef c, uint8_t *out, size_t n);

/* Runs the new-pass-manager pipeline PASSES on MOD (vectorizers and unrolling off); reports a failure as
 * "WHAT failed: ..." and returns -1, else 0. */
int ir_run_passes(LLVMModuleRef mod, const char *passes, const char *what);
/* Sets the LLVM command-line options every Kiln tool relies on, once per process: no vectorizers (hardware
 * schedules scalar operations, and without a target machine the pass builder's switches are not enough), and
 * the default address space treated as generic so that address-space inference can work on SPIR IR. */
void ir_llvm_init(void);

#endif
