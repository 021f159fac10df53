// SPDX-License-Identifier: Apache-2.0
/* assert.h: C's assert. A failed assertion calls glibc's __assert_fail, which kiln-cc lowers (there is no
 * process to abort). Like every C assert.h, this one may be included again after NDEBUG changes: only the
 * declaration below is guarded, the macro is defined anew each time. */
#ifndef KILN_LIBC_ASSERT_H
#define KILN_LIBC_ASSERT_H
void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
    __attribute__((noreturn));
#endif

#undef assert
#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
#define assert(expr) ((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)
#undef static_assert
#define static_assert _Static_assert
#endif
