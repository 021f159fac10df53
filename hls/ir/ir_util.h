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
