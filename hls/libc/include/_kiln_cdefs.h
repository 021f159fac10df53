// SPDX-License-Identifier: Apache-2.0
/* What Kiln's headers share: the mark of a function hardware cannot run. A type two headers both declare
 * (FILE, wint_t) is declared in each under a guard __KILN_<TYPE>_DEFINED: a typedef repeated is an error
 * before C11, and a header here would put it in the namespace of headers C does not give it to. */
#ifndef KILN_LIBC_CDEFS_H
#define KILN_LIBC_CDEFS_H

/* A function declared so that C programs compile, which hardware cannot run: clang keeps WHY as the
 * function's "dontcall-error", and kiln-cc reports "NAME: WHY" at every call that reaches a kernel (NAME
 * without the prefix __kiln_, which marks the functions a macro puts in the place of a name clang knows as a
 * builtin: such a name's first declaration is clang's own, and takes no attribute). */
#define __KILN_NOT_IN_HARDWARE(why) __attribute__((__error__(why)))

/* The mark of a long double function: long double is double on the device, so there the function is its
 * double form NAME under a second name (the same symbol); natively (the library's own tests) it is the
 * system's. */
#if __SIZEOF_LONG_DOUBLE__ == __SIZEOF_DOUBLE__
#define __KILN_LDBL(name) __asm__(#name)
#else
#define __KILN_LDBL(name)
#endif

/* The mark of a function whose interface has C's long: a kernel compiled with a 32-bit long (kiln-cc
 * --data-model llp64) calls its 32-bit form __kiln_l32_NAME (long32.c); the library itself, and every other
 * kernel, NAME. */
#if __SIZEOF_LONG__ == 4 && !defined(__KILN_LIBC__)
#define __KILN_LONG_ABI(name) __asm__("__kiln_l32_" #name)
#else
#define __KILN_LONG_ABI(name)
#endif

/* A long of the library's interface that keeps 64 bits whatever a kernel's long (time_t, clock_t, the
 * fields of its structures), so that the library and the kernels agree on its layout. */
#if __SIZEOF_LONG__ == 4
#define __KILN_LONG64 long long
#else
#define __KILN_LONG64 long
#endif

#endif
