// SPDX-License-Identifier: Apache-2.0
/* kiln-cc --single-source (seed 000's single-pass compiler): one clang run over one C file, the split into a
 * device module (which then takes kiln-cc's usual device flow) and a host module, and the host program with
 * its integration footer and the device image linked into one executable. */
#ifndef KILN_SINGLE_SOURCE_H
#define KILN_SINGLE_SOURCE_H
#include <llvm-c/Core.h>

#include "../frontend/frontend.h"
#include "host_side.h"

/* Compiles INPUT once (FO's flags, single_source set here) and splits it. Returns the device module, ready
 * for the device flow after lower_annotations (kernels renamed, SPIR conventions); the host module goes to
 * *HOST and what its footer needs to INFO. Keeps single.ll (the one module the split reads), device-split.ll
 * and host.ll in FO->workdir. NULL after diagnostics. */
LLVMModuleRef single_front(LLVMContextRef ctx, const char *input, const frontend_opts *fo,
                           LLVMModuleRef *host, single_host *info);
/* Writes the footer (footer.c in WORKDIR) naming IMAGE and, when EXE is not NULL, compiles HOST and the
 * footer with clang-15 and links them with libkiln into the executable EXE. 0, or 1 after a diagnostic. */
int single_link(LLVMModuleRef host, const single_host *info, const char *workdir, const char *image,
                const char *exe, const char *source);

#endif
