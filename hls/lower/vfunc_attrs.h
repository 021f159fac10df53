// SPDX-License-Identifier: Apache-2.0
/* kiln/device.h's virtual-function properties (seed 001) as DPC++'s attributes: KILN_INDIRECTLY_CALLABLE(set)
 * becomes "indirectly-callable"="set" on the function, KILN_CALLS_INDIRECTLY(a, b) "calls-indirectly"="a,b"
 * on the kernel; an empty set list names the default set, "_ZTSv" as DPC++ spells it. */
#ifndef KILN_VFUNC_ATTRS_H
#define KILN_VFUNC_ATTRS_H
#include <llvm-c/Core.h>
#include <stddef.h>

/* DPC++'s name of the default set (the unique stable name of void). */
#define VFUNC_DEFAULT_SET "_ZTSv"

/* Lowers annotation A (ALEN bytes, at FILE:LINE) on function FN when it is one of the two properties: 1 when
 * it was (diagnostics reported), 0 when A is something else. */
int vfunc_lower_annotation(LLVMValueRef fn, const char *a, size_t alen, const char *file, unsigned line);

/* After kernels are marked: reports each calls-indirectly on a function that is not a kernel and each
 * indirectly-callable kernel. Returns the number of diagnostics. */
int vfunc_check_kernels(LLVMModuleRef mod);

#endif
