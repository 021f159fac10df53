// SPDX-License-Identifier: Apache-2.0
/* kiln-cc --checks, a checked build in the manner of a sanitizer: every access to an on-chip memory (a local
 * array, a table, a global), the arms of ambiguous accesses included, first checks that it lies inside that
 * memory; one that does not stops the kernel (a KILN_STOP_BOUNDS stop through the debug channel) at its
 * source line instead of wrapping inside the memory. Device memory needs no check: the shell reports accesses
 * outside it. Runs on each image's module after unify_pointers, before debug_lower_stops lowers the stops. */
#ifndef KILN_BOUNDS_CHECKS_H
#define KILN_BOUNDS_CHECKS_H
#include <llvm-c/Core.h>

/* Adds the checks above to every defined kernel of MOD; returns how many it added. */
int bounds_checks(LLVMModuleRef mod);

#endif
