// SPDX-License-Identifier: Apache-2.0
/* Recursion in hardware (issue 30): each set of functions that call each other in a cycle becomes one
 * function whose calls among themselves push a frame onto stacks in on-chip memory and jump, and whose
 * returns pop one and jump back: a call-return state machine that LLVM can then inline like any other. */
#ifndef KILN_LOWER_RECURSION_H
#define KILN_LOWER_RECURSION_H
#include <llvm-c/Core.h>

#include "../../host/common/propset.h"

/* Frames a recursion's stack holds unless KILN_RECURSION_DEPTH or kiln-cc --recursion-depth says. */
#define RECURSION_DEFAULT_DEPTH 64u
/* The most frames either may ask for. */
#define RECURSION_MAX_DEPTH 65536u

/* The string attribute KILN_RECURSION_DEPTH(n) puts on a function (the annotations pass). */
#define RECURSION_DEPTH_ATTR "kiln-recursion-depth"

/* A depth as KILN_RECURSION_DEPTH and --recursion-depth spell it: the N bytes at S, a decimal number from 1
 * to RECURSION_MAX_DEPTH (a C literal's u allowed). 0 with *OUT set, or -1. */
int recursion_parse_depth(const char *s, size_t n, unsigned *out);

/* Before inlining: recursion that LLVM's tail-call elimination cannot turn into a loop becomes a state
 * machine with a stack of OPTION frames (0: RECURSION_DEFAULT_DEPTH), or more when a function of the cycle
 * asks for more; a call deeper than that stops the kernel (KILN_STOP_STACK) naming the function. A cycle
 * through a kernel, or a function of one whose frame has no fixed size, gets a diagnostic at its call.
 * Returns the number of diagnostics. */
int lower_recursion(LLVMModuleRef mod, unsigned option);

/* Adds the set [Kiln/recursion] (one property per recursion: its first function's name, its depth) to PS
 * when MOD has one; 0 or -1. */
int recursion_propset(LLVMModuleRef mod, kiln_propsets *ps);

#endif
