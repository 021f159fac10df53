// SPDX-License-Identifier: Apache-2.0
/* The names a device module brings (kernels, their arguments, device globals and their unique ids) are
 * copied into every output: RTL, register maps, JSON, property sets, C. Those that no output could carry are
 * refused here, at their line, before any output is written; the rest is escaped where it is printed
 * (host/common/text_escape.h). */
#ifndef KILN_INPUT_NAMES_H
#define KILN_INPUT_NAMES_H
#include <llvm-c/Core.h>

/* Reports an error for each name of MOD that holds a NUL, a line break or another control character, or
 * bytes that are not UTF-8, and for each unique id or kernel name a property set cannot hold; with FOR_RTL,
 * also for two kernels whose names give the same Verilog module name. Returns the number of errors. */
int postlink_check_names(LLVMModuleRef mod, int for_rtl);

#endif
