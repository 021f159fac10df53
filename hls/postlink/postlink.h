// SPDX-License-Identifier: Apache-2.0
/* Post-link: the device-global duties of sycl-post-link (seed 002) on a linked device module: collect every
 * device global with its properties and initial value, emit the !spirv.Decorations DPC++ emits (REFERENCE
 * §2), and build the [SYCL/device globals] property set (REFERENCE §3). */
#ifndef KILN_POSTLINK_H
#define KILN_POSTLINK_H
#include <llvm-c/Core.h>

#include "../../host/common/desc.h"
#include "../../host/common/propset.h"

/* Appends a kiln_dg_desc for each device global of MOD to D (unspecified properties get Kiln's defaults).
 * Returns the number of diagnostics. */
int postlink_collect_dgs(LLVMModuleRef mod, kiln_desc *d);
/* Puts MOD in the form llvm-spirv expects of DPC++ device IR: device globals in address space 1 and accessed
 * there, no llvm.used pins. 0, or -1 after reporting why. */
int postlink_spirv_ready(LLVMModuleRef mod);
/* Adds !spirv.Decorations to every device global of MOD (ImplementInCSR 6149, InitMode 6148, HostAccess
 * 6147). */
void postlink_add_spirv_decorations(LLVMModuleRef mod);
/* Adds the [SYCL/device globals] set for D's globals to PS. 0 or -1 when out of memory. */
int postlink_dg_propset(const kiln_desc *d, kiln_propsets *ps);

/* Adds sycl-post-link's [SYCL/program metadata] for image MOD to PS when it has anything to say: each
 * kernel's <name>@reqd_work_group_size (uint32 per dimension, SYCL's order), then each device global's
 * <unique id>@global_id_mapping (its IR name). 0, or -1 when out of memory. */
int postlink_program_metadata(LLVMModuleRef mod, kiln_propsets *ps);

#endif
