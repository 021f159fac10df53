// SPDX-License-Identifier: Apache-2.0
/* The kernel C library (hls/libc/, built into one bitcode file under share/kiln/libc/): linked into the
 * device module so that library calls the kernels make have a body that is inlined like any other helper. */
#ifndef KILN_KERNEL_LIBC_H
#define KILN_KERNEL_LIBC_H
#include <llvm-c/Core.h>

/* The string attribute the library's functions carry once linked (lower/share_calls.h shares the large ones).
 */
#define KERNEL_LIBC_ATTR "kiln-libc"
/* Where the library's debug locations say its code is: hls/module.mk builds it with -ffile-prefix-map from
 * the source tree to ".", so its files are "hls/libc/..." in directory ".". */
#define KERNEL_LIBC_DEBUG_DIR "hls/libc/"

/* The module flag the front end gives each C source: the bits of its long (64, or 32 with kiln-cc
 * --data-model llp64); LLVM refuses to link sources of both. */
#define KILN_LONG_BITS_FLAG "kiln.long_bits"

/* Path of the library's bitcode (KILN_LIBC overrides it). */
const char *kernel_libc_path(void);

/* Links into MOD the library functions it calls and does not define itself (a definition in the kernel
 * sources wins over the library's); they become internal, so unused ones disappear. The library learns the
 * width of the kernels' long (KILN_LONG_BITS_FLAG). A call whose type is not the library function's (a
 * structure passed or returned by value under x86-64's conventions, which a source compiled for x86-64
 * uses) is an error at its line. 0, or -1 with a diagnostic. */
int kernel_libc_link(LLVMModuleRef mod);

#endif
