// SPDX-License-Identifier: Apache-2.0
/* The points-to analysis unify_pointers rewrites by (unify_ptr.h), on its own: for every pointer of one
 * kernel, the memories it may reach. A set holds device memory, null, "anything whose address escaped" (a
 * pointer loaded from memory or made from an integer), code (a function's address), then the kernel's
 * on-chip objects (its allocas and the globals its code names, theirs through initialisers, and the tables of
 * the virtual-function sets it calls through). The sets grow to a fixpoint over the kernel's pointer
 * instructions; then "anything escaped" is spelled out as the objects whose addresses were stored, turned
 * into numbers or passed to calls, and null. */
#ifndef KILN_POINTS_TO_H
#define KILN_POINTS_TO_H
#include <stdint.h>
#include <stdio.h>

#include <llvm-c/Core.h>

#include "../ir/vmap.h"

/* The bits of a set: PT_OBJ + i is object i. */
enum { PT_DEV, PT_NULL, PT_ANY, PT_FUNC, PT_OBJ };

/* How a pointer is represented in hardware: a device address (or null), an offset into one on-chip object,
 * or a unified address that may name any of several memories. */
enum pt_kind { PT_KIND_DEV, PT_KIND_OBJ, PT_KIND_UNIFIED };

typedef struct points_to {
	LLVMModuleRef mod;
	LLVMValueRef fn;
	LLVMValueRef *objs; /* the kernel's on-chip objects */
	int nobj, cobj;
	vmap obj; /* object -> index in objs */
	vmap row; /* pointer instruction -> row of sets */
	uint64_t *sets;
	int nrow, crow, words;
	uint64_t *esc; /* what escaped */
} points_to;

/* Starts the analysis of kernel FN of MOD: finds its objects (PT->objs), which the rewrite may use before
 * solving. */
void pt_collect(points_to *pt, LLVMModuleRef mod, LLVMValueRef fn);
/* Runs the analysis to its fixpoint on the kernel as it is now. */
void pt_solve(points_to *pt);
/* How pointer V is represented; for PT_KIND_OBJ, its object goes to *OBJ (when OBJ is not NULL). */
enum pt_kind pt_kind(points_to *pt, LLVMValueRef v, int *obj);
/* The on-chip objects pointer V may reach, into CAND (room for PT->nobj); their number. *DEV: device memory
 * too. */
int pt_targets(points_to *pt, LLVMValueRef v, int *cand, int *dev);
/* After pt_solve: new instruction V, made by a rewrite, points where FROM does. */
void pt_same_as(points_to *pt, LLVMValueRef v, LLVMValueRef from);
/* After pt_solve: new instruction V points into object OBJ only, or into device memory only when OBJ < 0. */
void pt_only(points_to *pt, LLVMValueRef v, int obj);
/* Writes each pointer instruction of the kernel with its kind and targets, one per line, to OUT: what
 * kiln-opt --print-points-to shows, for tests. */
void pt_print(points_to *pt, FILE *out);
/* Frees what PT holds. */
void pt_free(points_to *pt);

#endif
