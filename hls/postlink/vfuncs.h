// SPDX-License-Identifier: Apache-2.0
/* Virtual-function sets in post-link (seed 001, "Device code split and device images", JIT and AOT flows;
 * REFERENCE §3): a function of a set carries "indirectly-callable"="<set>", a kernel that calls through sets
 * "calls-indirectly"="<a>,<b>". The split (split.c) outlines each set into images of its own and leaves the
 * users' images declarations; this file checks the attributes, makes the declarations and the dummy images,
 * writes [SYCL/virtual functions], and drops the sets a board cannot run for AOT. */
#ifndef KILN_VFUNCS_H
#define KILN_VFUNCS_H
#include <stddef.h>

#include <llvm-c/Core.h>

#include "../../host/common/propset.h"
#include "../ir/ir_util.h"

/* The set FN belongs to (its "indirectly-callable" value, *LEN bytes), or NULL. */
const char *vf_set_of(LLVMValueRef fn, unsigned *len);
/* Whether FN is a function of a set with a body here. */
int vf_is_defined_member(LLVMValueRef fn);
/* Reports, at the function's line where debug information has one, each malformed attribute: an empty set
 * name, a function in two sets ("a,b"), an empty name in a calls-indirectly list, an indirectly callable
 * kernel. The number of errors. */
int vf_check(LLVMModuleRef mod);
/* Turns FN into a declaration as sycl-post-link's cleanup does: no body, no comdat (a declaration cannot have
 * one), no metadata, external linkage; its attributes stay, so it is still known as a set's function. */
void vf_make_declaration(LLVMValueRef fn);
/* Whether image M defines a function of a set that uses an optional feature (a non-negative aspect), so that
 * it needs a dummy twin. */
int vf_needs_dummy(LLVMModuleRef m);
/* FN's body becomes `entry: ret` of void or of the return type's zero, without its metadata (so without
 * aspects): a function that is never called, or a kernel that is never launched, needs no hardware. */
void vf_stub_body(LLVMValueRef fn);
/* A copy of image M whose every function body is `entry: ret` of void or of the return type's zero, with no
 * metadata (so no aspect): the dummy image. NULL when out of memory. */
LLVMModuleRef vf_make_dummy(LLVMModuleRef m);
/* Adds [SYCL/virtual functions] for image M (a DUMMY image or not) to PS when it has something to say. 0, or
 * -1 when out of memory. */
int vf_propset(LLVMModuleRef m, int dummy, kiln_propsets *ps);
/* AOT for a board (seed 001, "AOT flow"): after propagating aspects, removes every function of each set that
 * uses an aspect outside the N names of SUPPORTED (its uses, such as vtable slots, become null), so that the
 * module holds only sets the board can run. Appends each dropped set's name to *DROPPED (malloc'd array of
 * malloc'd strings, *NDROPPED of them) when DROPPED is not NULL. 0, or -1 when out of memory. */
int vf_drop_unsupported_sets(LLVMModuleRef mod, const char *const *supported, size_t n, char ***dropped,
                             size_t *ndropped);

#endif
