// SPDX-License-Identifier: Apache-2.0
/* Post-link: the device-global duties of sycl-post-link (seed 002) on a linked device module: collect every
 * device global with its properties and initial value, emit the !spirv.Decorations DPC++ emits (REFERENCE
 * §2), and build the [SYCL/device globals] property set (REFERENCE §3). */
#ifndef KILN_POSTLINK_H
#define KILN_POSTLINK_H
#include <llvm-c/Core.h>

#include "../../host/common/desc.h"
#include "../../host/common/propset.h"

/* Device global G's unique id (*LEN bytes, not terminated): its sycl-unique-id, or its IR name without one.
 */
const char *postlink_dg_unique_id(LLVMValueRef g, size_t *len);
/* Appends a kiln_dg_desc for each device global of MOD to D (unspecified properties get Kiln's defaults),
 * reporting nothing: the properties are checked once, on the module before the split (postlink_check_dgs).
 * Returns the number of problems. */
int postlink_collect_dgs(LLVMModuleRef mod, kiln_desc *d);
/* Reports every device global of MOD whose properties are wrong (a size that is not the type's, an unknown
 * host access, an initializer hardware cannot hold); returns how many. */
int postlink_check_dgs(LLVMModuleRef mod);
/* Puts MOD in the form llvm-spirv expects of DPC++ device IR: device globals in address space 1 and accessed
 * there, no llvm.used pins. 0, or -1 after reporting why. */
int postlink_spirv_ready(LLVMModuleRef mod);
/* Adds !spirv.Decorations to every device global of MOD (ImplementInCSR 6149, InitMode 6148, HostAccess
 * 6147). */
void postlink_add_spirv_decorations(LLVMModuleRef mod);
/* Adds the [SYCL/device globals] set for D's globals to PS. 0 or -1 when out of memory. */
int postlink_dg_propset(const kiln_desc *d, kiln_propsets *ps);

/* Adds sycl-post-link's [SYCL/program metadata] for image MOD to PS when it has anything to say: each
 * kernel's <name>@reqd_work_group_size (uint32 per dimension, in !reqd_work_group_size's order, x first),
 * then each device global's <unique id>@global_id_mapping (its IR name). 0, or -1 when out of memory. */
int postlink_program_metadata(LLVMModuleRef mod, kiln_propsets *ps);

#endif
