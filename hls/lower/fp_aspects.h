// SPDX-License-Identifier: Apache-2.0
/* Floating point against the board's aspects: a board declares fp32 and fp64 when it has room for the
 * floating-point units of that width (configs/boards/<board>.json). */
#ifndef KILN_FP_ASPECTS_H
#define KILN_FP_ASPECTS_H
#include <llvm-c/Core.h>

#include "../../host/common/board.h"

/* Reports, at its line, the first instruction of kernel FN that computes on or holds a double (float) when
 * BOARD lacks fp64 (fp32); the number of errors reported. */
int check_fp_aspects(LLVMValueRef fn, const kiln_board_config *board);
/* Gives each function of MOD that computes on or holds a double (float) the fp64 (fp32) aspect in its
 * !sycl_used_aspects, as DPC++ marks what a function uses, so that post-link's aspect rules (virtual-function
 * sets) see C sources' floating point. 0, or -1 when out of memory. */
int mark_fp_aspects(LLVMModuleRef mod);

#endif
