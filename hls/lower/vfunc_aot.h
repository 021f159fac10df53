// SPDX-License-Identifier: Apache-2.0
/* Virtual-function sets when kiln-cc compiles for one board (seed 001's AOT flow, the board configuration as
 * the device configuration file): the sets whose aspects the board lacks are dropped, the rest stay in the
 * one self-contained image, and no property set is needed. */
#ifndef KILN_VFUNC_AOT_H
#define KILN_VFUNC_AOT_H
#include <llvm-c/Core.h>

#include "../../host/common/board.h"

/* Marks what MOD's functions use (mark_fp_aspects), drops every virtual-function set that uses an aspect
 * BOARD lacks, and empties each kernel that calls through sets and so needs an aspect BOARD lacks (a dropped
 * set's, or one post-link propagated from a set that came as a dummy image), recording its sets in its
 * "kiln-missing-sets" (the image description's missing_sets, so the runtime refuses to launch it, as SYCL's
 * kernel_not_supported); notes say what was dropped. Returns the number of errors. */
int vfunc_aot(LLVMModuleRef mod, const kiln_board_config *board);

#endif
