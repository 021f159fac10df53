// SPDX-License-Identifier: Apache-2.0
/* complex.h: C99's complex functions for kernels (math_complex.c), with Annex G's values at zeros,
 * infinities and NaNs. The long double functions are the double ones on the device (__KILN_LDBL). */
#ifndef KILN_LIBC_COMPLEX_H
#define KILN_LIBC_COMPLEX_H

#include "_kiln_cdefs.h"

#define complex _Complex
#define _Complex_I (__extension__ 1.0iF)
#define I _Complex_I
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))
#define CMPLXL(x, y) __builtin_complex((long double)(x), (long double)(y))

/* Each function in its double, float and long double forms; __extension__ because a C89 program with
 * -pedantic may include the header too. */
__extension__ double _Complex cacos(double _Complex z);
__extension__ float _Complex cacosf(float _Complex z);
__extension__ long double _Complex cacosl(long double _Complex z) __KILN_LDBL(cacos);
__extension__ double _Complex casin(double _Complex z);
__extension__ float _Complex casinf(float _Complex z);
__extension__ long double _Complex casinl(long double _Complex z) __KILN_LDBL(casin);
__extension__ double _Complex catan(double _Complex z);
__extension__ float _Complex catanf(float _Complex z);
__extension__ long double _Complex catanl(long double _Complex z) __KILN_LDBL(catan);
__extension__ double _Complex ccos(double _Complex z);
__extension__ float _Complex ccosf(float _Complex z);
__extension__ long double _Complex ccosl(long double _Complex z) __KILN_LDBL(ccos);
__extension__ double _Complex csin(double _Complex z);
__extension__ float _Complex csinf(float _Complex z);
__extension__ long double _Complex csinl(long double _Complex z) __KILN_LDBL(csin);
__extension__ double _Complex ctan(double _Complex z);
__extension__ float _Complex ctanf(float _Complex z);
__extension__ long double _Complex ctanl(long double _Complex z) __KILN_LDBL(ctan);
__extension__ double _Complex cacosh(double _Complex z);
__extension__ float _Complex cacoshf(float _Complex z);
__extension__ long double _Complex cacoshl(long double _Complex z) __KILN_LDBL(cacosh);
__extension__ double _Complex casinh(double _Complex z);
__extension__ float _Complex casinhf(float _Complex z);
__extension__ long double _Complex casinhl(long double _Complex z) __KILN_LDBL(casinh);
__extension__ double _Complex catanh(double _Complex z);
__extension__ float _Complex catanhf(float _Complex z);
__extension__ long double _Complex catanhl(long double _Complex z) __KILN_LDBL(catanh);
__extension__ double _Complex ccosh(double _Complex z);
__extension__ float _Complex ccoshf(float _Complex z);
__extension__ long double _Complex ccoshl(long double _Complex z) __KILN_LDBL(ccosh);
__extension__ double _Complex csinh(double _Complex z);
__extension__ float _Complex csinhf(float _Complex z);
__extension__ long double _Complex csinhl(long double _Complex z) __KILN_LDBL(csinh);
__extension__ double _Complex ctanh(double _Complex z);
__extension__ float _Complex ctanhf(float _Complex z);
__extension__ long double _Complex ctanhl(long double _Complex z) __KILN_LDBL(ctanh);
__extension__ double _Complex cexp(double _Complex z);
__extension__ float _Complex cexpf(float _Complex z);
__extension__ long double _Complex cexpl(long double _Complex z) __KILN_LDBL(cexp);
__extension__ double _Complex clog(double _Complex z);
__extension__ float _Complex clogf(float _Complex z);
__extension__ long double _Complex clogl(long double _Complex z) __KILN_LDBL(clog);
__extension__ double cabs(double _Complex z);
__extension__ float cabsf(float _Complex z);
__extension__ long double cabsl(long double _Complex z) __KILN_LDBL(cabs);
__extension__ double _Complex cpow(double _Complex x, double _Complex y);
__extension__ float _Complex cpowf(float _Complex x, float _Complex y);
__extension__ long double _Complex cpowl(long double _Complex x, long double _Complex y) __KILN_LDBL(cpow);
__extension__ double _Complex csqrt(double _Complex z);
__extension__ float _Complex csqrtf(float _Complex z);
__extension__ long double _Complex csqrtl(long double _Complex z) __KILN_LDBL(csqrt);
__extension__ double carg(double _Complex z);
__extension__ float cargf(float _Complex z);
__extension__ long double cargl(long double _Complex z) __KILN_LDBL(carg);
__extension__ double cimag(double _Complex z);
__extension__ float cimagf(float _Complex z);
__extension__ long double cimagl(long double _Complex z) __KILN_LDBL(cimag);
__extension__ double _Complex conj(double _Complex z);
__extension__ float _Complex conjf(float _Complex z);
__extension__ long double _Complex conjl(long double _Complex z) __KILN_LDBL(conj);
__extension__ double _Complex cproj(double _Complex z);
__extension__ float _Complex cprojf(float _Complex z);
__extension__ long double _Complex cprojl(long double _Complex z) __KILN_LDBL(cproj);
__extension__ double creal(double _Complex z);
__extension__ float crealf(float _Complex z);
__extension__ long double creall(long double _Complex z) __KILN_LDBL(creal);

#endif
