// SPDX-License-Identifier: Apache-2.0
/* tgmath.h: C99's type-generic math, by C11's _Generic (gcc and clang alike, so that the library's native
 * tests build the same programs): an argument of type float picks the f function, long double the l one,
 * a complex argument the c function, and any integer counts as double. With two or three generic
 * arguments the type is that of their sum after integers became double. Each argument is evaluated once
 * (the controlling expressions are not evaluated). __extension__ keeps C99 and C89 programs with -pedantic
 * quiet about _Generic. */
#ifndef KILN_LIBC_TGMATH_H
#define KILN_LIBC_TGMATH_H

#include <complex.h>
#include <math.h>

/* (clang-format 14 would split _Generic's associations at their colons) */
// clang-format off
/* X as its generic type: integers as double */
#define __KILN_TG(x)                                                                                         \
	_Generic((x), float: (x), double: (x), long double: (x), float _Complex: (x), double _Complex: (x),  \
	         long double _Complex: (x), default: (double)(x))
/* the real function for the type of E */
#define __KILN_TGR(fn, e) __extension__ _Generic((e), float: fn##f, long double: fn##l, default: fn)
/* the real or complex function for the type of E */
#define __KILN_TGRC(fn, cfn, e)                                                                              \
	__extension__ _Generic((e), float: fn##f, long double: fn##l, float _Complex: cfn##f,                \
	                       double _Complex: cfn, long double _Complex: cfn##l, default: fn)
/* the complex function for the type of E (a real argument is a complex one of its type) */
#define __KILN_TGC(cfn, e)                                                                                   \
	__extension__ _Generic((e), float: cfn##f, float _Complex: cfn##f, long double: cfn##l,              \
	                       long double _Complex: cfn##l, default: cfn)
// clang-format on

/* real and complex */
#define acos(x) __KILN_TGRC(acos, cacos, __KILN_TG(x))(x)
#define asin(x) __KILN_TGRC(asin, casin, __KILN_TG(x))(x)
#define atan(x) __KILN_TGRC(atan, catan, __KILN_TG(x))(x)
#define acosh(x) __KILN_TGRC(acosh, cacosh, __KILN_TG(x))(x)
#define asinh(x) __KILN_TGRC(asinh, casinh, __KILN_TG(x))(x)
#define atanh(x) __KILN_TGRC(atanh, catanh, __KILN_TG(x))(x)
#define cos(x) __KILN_TGRC(cos, ccos, __KILN_TG(x))(x)
#define sin(x) __KILN_TGRC(sin, csin, __KILN_TG(x))(x)
#define tan(x) __KILN_TGRC(tan, ctan, __KILN_TG(x))(x)
#define cosh(x) __KILN_TGRC(cosh, ccosh, __KILN_TG(x))(x)
#define sinh(x) __KILN_TGRC(sinh, csinh, __KILN_TG(x))(x)
#define tanh(x) __KILN_TGRC(tanh, ctanh, __KILN_TG(x))(x)
#define exp(x) __KILN_TGRC(exp, cexp, __KILN_TG(x))(x)
#define log(x) __KILN_TGRC(log, clog, __KILN_TG(x))(x)
#define pow(x, y) __KILN_TGRC(pow, cpow, __KILN_TG(x) + __KILN_TG(y))((x), (y))
#define sqrt(x) __KILN_TGRC(sqrt, csqrt, __KILN_TG(x))(x)
#define fabs(x) __KILN_TGRC(fabs, cabs, __KILN_TG(x))(x)

/* real only */
#define cbrt(x) __KILN_TGR(cbrt, __KILN_TG(x))(x)
#define ceil(x) __KILN_TGR(ceil, __KILN_TG(x))(x)
#define erf(x) __KILN_TGR(erf, __KILN_TG(x))(x)
#define erfc(x) __KILN_TGR(erfc, __KILN_TG(x))(x)
#define exp2(x) __KILN_TGR(exp2, __KILN_TG(x))(x)
#define expm1(x) __KILN_TGR(expm1, __KILN_TG(x))(x)
#define floor(x) __KILN_TGR(floor, __KILN_TG(x))(x)
#define lgamma(x) __KILN_TGR(lgamma, __KILN_TG(x))(x)
#define log10(x) __KILN_TGR(log10, __KILN_TG(x))(x)
#define log1p(x) __KILN_TGR(log1p, __KILN_TG(x))(x)
#define log2(x) __KILN_TGR(log2, __KILN_TG(x))(x)
#define logb(x) __KILN_TGR(logb, __KILN_TG(x))(x)
#define nearbyint(x) __KILN_TGR(nearbyint, __KILN_TG(x))(x)
#define rint(x) __KILN_TGR(rint, __KILN_TG(x))(x)
#define round(x) __KILN_TGR(round, __KILN_TG(x))(x)
#define tgamma(x) __KILN_TGR(tgamma, __KILN_TG(x))(x)
#define trunc(x) __KILN_TGR(trunc, __KILN_TG(x))(x)
#define atan2(x, y) __KILN_TGR(atan2, __KILN_TG(x) + __KILN_TG(y))((x), (y))
#define copysign(x, y) __KILN_TGR(copysign, __KILN_TG(x) + __KILN_TG(y))((x), (y))
#define fdim(x, y) __KILN_TGR(fdim, __KILN_TG(x) + __KILN_TG(y))((x), (y))
#define fmax(x, y) __KILN_TGR(fmax, __KILN_TG(x) + __KILN_TG(y))((x), (y))
#define fmin(x, y) __KILN_TGR(fmin, __KILN_TG(x) + __KILN_TG(y))((x), (y))
#define fmod(x, y) __KILN_TGR(fmod, __KILN_TG(x) + __KILN_TG(y))((x), (y))
#define hypot(x, y) __KILN_TGR(hypot, __KILN_TG(x) + __KILN_TG(y))((x), (y))
#define nextafter(x, y) __KILN_TGR(nextafter, __KILN_TG(x) + __KILN_TG(y))((x), (y))
#define remainder(x, y) __KILN_TGR(remainder, __KILN_TG(x) + __KILN_TG(y))((x), (y))
#define fma(x, y, z) __KILN_TGR(fma, __KILN_TG(x) + __KILN_TG(y) + __KILN_TG(z))((x), (y), (z))
#define remquo(x, y, q) __KILN_TGR(remquo, __KILN_TG(x) + __KILN_TG(y))((x), (y), (q))
#define frexp(x, e) __KILN_TGR(frexp, __KILN_TG(x))((x), (e))
#define ldexp(x, e) __KILN_TGR(ldexp, __KILN_TG(x))((x), (e))
#define scalbn(x, n) __KILN_TGR(scalbn, __KILN_TG(x))((x), (n))
#define scalbln(x, n) __KILN_TGR(scalbln, __KILN_TG(x))((x), (n))
#define nexttoward(x, y) __KILN_TGR(nexttoward, __KILN_TG(x))((x), (y))
#define ilogb(x) __KILN_TGR(ilogb, __KILN_TG(x))((x))
#define llrint(x) __KILN_TGR(llrint, __KILN_TG(x))((x))
#define llround(x) __KILN_TGR(llround, __KILN_TG(x))((x))
#define lrint(x) __KILN_TGR(lrint, __KILN_TG(x))((x))
#define lround(x) __KILN_TGR(lround, __KILN_TG(x))((x))

/* complex only */
#define carg(x) __KILN_TGC(carg, __KILN_TG(x))(x)
#define cimag(x) __KILN_TGC(cimag, __KILN_TG(x))(x)
#define conj(x) __KILN_TGC(conj, __KILN_TG(x))(x)
#define cproj(x) __KILN_TGC(cproj, __KILN_TG(x))(x)
#define creal(x) __KILN_TGC(creal, __KILN_TG(x))(x)

#endif
