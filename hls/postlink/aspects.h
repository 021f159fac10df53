// SPDX-License-Identifier: Apache-2.0
/* Optional kernel features in post-link: the aspects each function uses (DPC++'s !sycl_used_aspects, SYCL
 * aspect numbers), their propagation along calls and into kernels that call through virtual-function sets
 * (seed 001, "Aspects propagation"), and an image's [SYCL/device requirements] aspects. */
#ifndef KILN_POSTLINK_ASPECTS_H
#define KILN_POSTLINK_ASPECTS_H
#include <stddef.h>
#include <stdint.h>

#include <llvm-c/Core.h>

/* The aspects FN's !sycl_used_aspects names (plain i32 operands, or DPC++'s {!"name", i32 N} pairs), sorted
 * and without repeats, into malloc'd *OUT (NULL when none): the count, or -1 when out of memory. */
int postlink_fn_aspects(LLVMValueRef fn, int32_t **out);
/* Adds the N aspects NUMS to FN's !sycl_used_aspects (kept sorted, without repeats). 0, or -1 when out of
 * memory. */
int postlink_add_fn_aspects(LLVMValueRef fn, const int32_t *nums, size_t n);
/* Gives every function the aspects of the functions it calls directly and, with "calls-indirectly", of every
 * function of each set it names, to a fixed point; !sycl_used_aspects is rewritten only where it grew. A
 * reference that is not a call (a vtable naming a function) adds nothing. 0, or -1 when out of memory. */
int postlink_propagate_aspects(LLVMModuleRef mod);
/* The [SYCL/device requirements] aspects of image M as sycl-post-link computes them: the non-negative
 * aspects of all its functions, sorted, unique, into malloc'd *OUT. The count, or -1. */
int postlink_image_aspects(LLVMModuleRef m, uint32_t **out);
/* The first non-negative aspect of FN that the N names of SUPPORTED lack: its name, or (for a number the
 * aspect table does not know) "aspect N" written into BUF; NULL when all are supported. */
const char *postlink_missing_aspect(LLVMValueRef fn, const char *const *supported, size_t n, char *buf,
                                    size_t blen);

#endif
