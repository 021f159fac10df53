// SPDX-License-Identifier: Apache-2.0
/* Direct calls through a prototype other than the definition's (issue 30). */
#ifndef KILN_LOWER_CALL_CASTS_H
#define KILN_LOWER_CALL_CASTS_H
#include <llvm-c/Core.h>

/* Rewrites every call in M that names a function through a cast of another type (`int strlen(char *);`
 * against `size_t strlen(const char *)`, a K&R declaration) into a call of the function's own type, its
 * arguments and result converted as C converts values; a diagnostic at the call where no conversion exists.
 * Returns how many diagnostics. */
int lower_call_casts(LLVMModuleRef m);

#endif
