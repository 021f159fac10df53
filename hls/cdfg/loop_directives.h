// SPDX-License-Identifier: Apache-2.0
/* The loop directives a kernel's source wrote, read off LLVM's loop metadata (see loop_directives.c). */
#ifndef KILN_LOOP_DIRECTIVES_H
#define KILN_LOOP_DIRECTIVES_H
#include <llvm-c/Core.h>

#include "kir.h"

/* Sets the directive fields of F's blocks (kblock.pipe_off, ii_target, ivdep, dir_line) from the
 * llvm.loop metadata of FN's back edges, F's blocks being FN's in order: each goes to the loop's header, the
 * back edge's target. */
void loop_directives(kfunc *f, LLVMValueRef fn);

#endif
