// SPDX-License-Identifier: Apache-2.0
/* setjmp.h: declared so that programs compile; a call is refused at its line (non-local jumps need a call
 * stack, and hardware inlines every call). */
#ifndef KILN_LIBC_SETJMP_H
#define KILN_LIBC_SETJMP_H

#include "_kiln_cdefs.h"

/* glibc's layout on x86-64 (200 bytes), so that structures that hold one keep their size. */
typedef struct __jmp_buf_tag {
	long int __jmpbuf[8];
	int __mask_was_saved;
	unsigned long int __saved_mask[16];
} jmp_buf[1];
typedef jmp_buf sigjmp_buf;

#define __KILN_NO_JUMP                                                                                       \
	__KILN_NOT_IN_HARDWARE("setjmp and longjmp jump between the frames of calls, and hardware, which "   \
	                       "inlines every call, has no frames to jump between: return an error instead")

/* Macros, as glibc's setjmp is: clang knows these names as builtins, whose first declaration is its own. */
#define setjmp(env) __kiln_setjmp(env)
#define _setjmp(env) __kiln_setjmp(env)
#define sigsetjmp(env, savesigs) __kiln_sigsetjmp(env, savesigs)
#define longjmp(env, val) __kiln_longjmp(env, val)
#define _longjmp(env, val) __kiln_longjmp(env, val)
#define siglongjmp(env, val) __kiln_siglongjmp(env, val)
int __kiln_setjmp(jmp_buf env) __attribute__((__returns_twice__)) __KILN_NO_JUMP;
int __kiln_sigsetjmp(sigjmp_buf env, int savesigs) __attribute__((__returns_twice__)) __KILN_NO_JUMP;
void __kiln_longjmp(jmp_buf env, int val) __attribute__((__noreturn__)) __KILN_NO_JUMP;
void __kiln_siglongjmp(sigjmp_buf env, int val) __attribute__((__noreturn__)) __KILN_NO_JUMP;

#endif
