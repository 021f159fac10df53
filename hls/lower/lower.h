// SPDX-License-Identifier: Apache-2.0
/* Lowering of kiln/device.h annotations to the attributes DPC++ emits (REFERENCE §1 and §4), and the
 * per-translation-unit kernel rules of seed 003. Runs on each translation unit before linking. */
#ifndef KILN_LOWER_H
#define KILN_LOWER_H
#include <llvm-c/Core.h>

/* Rewrites the annotations of MOD (compiled from SOURCE_PATH) into DPC++ attributes, renames kernels to
 * "__sycl_kernel_<name>" and checks the kernel declaration rules. Reports diagnostics; returns their count.
 */
int lower_annotations(LLVMModuleRef mod, const char *source_path);

/* Gives every function of MOD but intrinsics and kernels, and every call to one, SPIR's spir_func calling
 * convention (sources are compiled with C's, which K&R C needs). */
void lower_spir_calls(LLVMModuleRef mod);

#endif
