// SPDX-License-Identifier: Apache-2.0
/* IR that came back from SPIR-V (llvm-spirv-15 -r --spirv-target-env=SPV-IR) has lost DPC++'s sycl-* string
 * attributes but keeps the !spirv.Decorations of REFERENCE §2 and the spir_kernel calling convention. This
 * restores the attributes from them so that the rest of kiln-cc sees the same IR contract. */
#ifndef KILN_SPIRV_IMPORT_H
#define KILN_SPIRV_IMPORT_H
#include <llvm-c/Core.h>

/* Gives every global with a HostAccessINTEL (6147) decoration and no sycl-device-global-size the
 * device-global attributes its decorations imply (kernels need nothing: ir_is_kernel knows them by calling
 * convention). Returns the number of globals it restored. */
int lower_spirv_import(LLVMModuleRef mod);

#endif
