// SPDX-License-Identifier: Apache-2.0
/* fenv.h: the floating-point environment of a kernel (definitions in hls/libc/fenv.c). The units round to
 * nearest, ties to even, and run non-stop; they keep no exception flags. So the rounding mode can be read
 * and set to FE_TONEAREST (any other is refused, as C allows), the environment saved and restored, and
 * clearing flags succeeds; testing, raising or saving the flags is refused at the call. The values are
 * glibc's on x86-64. */
#ifndef KILN_LIBC_FENV_H
#define KILN_LIBC_FENV_H

#include "_kiln_cdefs.h"

#define FE_INVALID 0x01
#define FE_DIVBYZERO 0x04
#define FE_OVERFLOW 0x08
#define FE_UNDERFLOW 0x10
#define FE_INEXACT 0x20
#define FE_ALL_EXCEPT (FE_INEXACT | FE_DIVBYZERO | FE_UNDERFLOW | FE_OVERFLOW | FE_INVALID)

#define FE_TONEAREST 0
#define FE_DOWNWARD 0x400
#define FE_UPWARD 0x800
#define FE_TOWARDZERO 0xc00

typedef unsigned short int fexcept_t;
/* glibc's layout (the x87 environment and MXCSR, 32 bytes). */
typedef struct {
	unsigned short int __control_word;
	unsigned short int __glibc_reserved1;
	unsigned short int __status_word;
	unsigned short int __glibc_reserved2;
	unsigned short int __tags;
	unsigned short int __glibc_reserved3;
	unsigned int __eip;
	unsigned short int __cs_selector;
	unsigned int __opcode : 11;
	unsigned int __glibc_reserved4 : 5;
	unsigned int __data_offset;
	unsigned short int __data_selector;
	unsigned short int __glibc_reserved5;
	unsigned int __mxcsr;
} fenv_t;
#define FE_DFL_ENV ((const fenv_t *)-1)

#define __KILN_NO_FLAGS                                                                                      \
	__KILN_NOT_IN_HARDWARE("the floating-point units keep no exception flags: test the operands or "     \
	                       "the result instead (isnan, isinf, a comparison)")

int fegetround(void);
int fesetround(int round);
int fegetenv(fenv_t *envp);
int fesetenv(const fenv_t *envp);
int feholdexcept(fenv_t *envp);
int feupdateenv(const fenv_t *envp);
int feclearexcept(int excepts);
int fetestexcept(int excepts) __KILN_NO_FLAGS;
int feraiseexcept(int excepts) __KILN_NO_FLAGS;
int fegetexceptflag(fexcept_t *flagp, int excepts) __KILN_NO_FLAGS;
int fesetexceptflag(const fexcept_t *flagp, int excepts) __KILN_NO_FLAGS;

#endif
