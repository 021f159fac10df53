// SPDX-License-Identifier: Apache-2.0
/* math.h: the C99 double and float functions and the classification macros for kernels, with glibc's values
 * on x86-64. The functions are declarations here; their definitions are another part of the library. */
#ifndef KILN_LIBC_MATH_H
#define KILN_LIBC_MATH_H

#include "_kiln_cdefs.h"

/* FLT_EVAL_METHOD is 0: float and double expressions are evaluated in their own type. */
typedef float float_t;
typedef double double_t;

#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))

#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)
#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
/* Neither: kernels compile with -fno-math-errno, and the floating-point units keep no exception flags
 * (fenv.h). */
#define math_errhandling 0

/* Type-generic through the compiler's builtins, as glibc does for GCC and clang (so isinf gives -1 for
 * negative infinity, as on x86-64 Linux). */
#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
#define isfinite(x) __builtin_isfinite(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isnan(x) __builtin_isnan(x)
#define isnormal(x) __builtin_isnormal(x)
#define signbit(x) __builtin_signbit(x)
#define isgreater(x, y) __builtin_isgreater(x, y)
#define isgreaterequal(x, y) __builtin_isgreaterequal(x, y)
#define isless(x, y) __builtin_isless(x, y)
#define islessequal(x, y) __builtin_islessequal(x, y)
#define islessgreater(x, y) __builtin_islessgreater(x, y)
#define isunordered(x, y) __builtin_isunordered(x, y)

/* The constants of glibc's math.h, where glibc has them: always in Kiln's gnu11, hidden by a strict -std=c11
 * unless a feature macro asks for them. */
#if !defined(__STRICT_ANSI__) || defined(_DEFAULT_SOURCE) || defined(_GNU_SOURCE) ||                         \
    defined(_XOPEN_SOURCE) || defined(_BSD_SOURCE)
#define M_E 2.7182818284590452354         /* e */
#define M_LOG2E 1.4426950408889634074     /* log_2 e */
#define M_LOG10E 0.43429448190325182765   /* log_10 e */
#define M_LN2 0.69314718055994530942      /* log_e 2 */
#define M_LN10 2.30258509299404568402     /* log_e 10 */
#define M_PI 3.14159265358979323846       /* pi */
#define M_PI_2 1.57079632679489661923     /* pi/2 */
#define M_PI_4 0.78539816339744830962     /* pi/4 */
#define M_1_PI 0.31830988618379067154     /* 1/pi */
#define M_2_PI 0.63661977236758134308     /* 2/pi */
#define M_2_SQRTPI 1.12837916709551257390 /* 2/sqrt(pi) */
#define M_SQRT2 1.41421356237309504880    /* sqrt(2) */
#define M_SQRT1_2 0.70710678118654752440  /* 1/sqrt(2) */
#endif

double acos(double x);
float acosf(float x);
double asin(double x);
float asinf(float x);
double atan(double x);
float atanf(float x);
double cos(double x);
float cosf(float x);
double sin(double x);
float sinf(float x);
double tan(double x);
float tanf(float x);
double acosh(double x);
float acoshf(float x);
double asinh(double x);
float asinhf(float x);
double atanh(double x);
float atanhf(float x);
double cosh(double x);
float coshf(float x);
double sinh(double x);
float sinhf(float x);
double tanh(double x);
float tanhf(float x);
double exp(double x);
float expf(float x);
double exp2(double x);
float exp2f(float x);
double expm1(double x);
float expm1f(float x);
double log(double x);
float logf(float x);
double log10(double x);
float log10f(float x);
double log1p(double x);
float log1pf(float x);
double log2(double x);
float log2f(float x);
double logb(double x);
float logbf(float x);
double cbrt(double x);
float cbrtf(float x);
double fabs(double x);
float fabsf(float x);
double sqrt(double x);
float sqrtf(float x);
double erf(double x);
float erff(float x);
double erfc(double x);
float erfcf(float x);
double lgamma(double x);
float lgammaf(float x);
double tgamma(double x);
float tgammaf(float x);
double ceil(double x);
float ceilf(float x);
double floor(double x);
float floorf(float x);
double nearbyint(double x);
float nearbyintf(float x);
double rint(double x);
float rintf(float x);
double round(double x);
float roundf(float x);
double trunc(double x);
float truncf(float x);
double atan2(double x, double y);
float atan2f(float x, float y);
double fmod(double x, double y);
float fmodf(float x, float y);
double hypot(double x, double y);
float hypotf(float x, float y);
double pow(double x, double y);
float powf(float x, float y);
double remainder(double x, double y);
float remainderf(float x, float y);
double copysign(double x, double y);
float copysignf(float x, float y);
double nextafter(double x, double y);
float nextafterf(float x, float y);
double fdim(double x, double y);
float fdimf(float x, float y);
double fmax(double x, double y);
float fmaxf(float x, float y);
double fmin(double x, double y);
float fminf(float x, float y);
double fma(double x, double y, double z);
float fmaf(float x, float y, float z);
double frexp(double x, int *exp);
float frexpf(float x, int *exp);
double ldexp(double x, int exp);
float ldexpf(float x, int exp);
double scalbn(double x, int n);
float scalbnf(float x, int n);
double scalbln(double x, long int n) __KILN_LONG_ABI(scalbln);
float scalblnf(float x, long int n) __KILN_LONG_ABI(scalblnf);
int ilogb(double x);
int ilogbf(float x);
double modf(double x, double *iptr);
float modff(float x, float *iptr);
double remquo(double x, double y, int *quo);
float remquof(float x, float y, int *quo);
double nan(const char *tagp);
float nanf(const char *tagp);
long int lrint(double x) __KILN_LONG_ABI(lrint);
long int lrintf(float x) __KILN_LONG_ABI(lrintf);
long long int llrint(double x);
long long int llrintf(float x);
long int lround(double x) __KILN_LONG_ABI(lround);
long int lroundf(float x) __KILN_LONG_ABI(lroundf);
long long int llround(double x);
long long int llroundf(float x);

/* C99's nexttoward: toward a long double (on the device, a double, where it is nextafter). */
double nexttoward(double x, long double y);
float nexttowardf(float x, long double y);

/* The long double functions (__KILN_LDBL: the double ones on the device). */
long double acosl(long double x) __KILN_LDBL(acos);
long double asinl(long double x) __KILN_LDBL(asin);
long double atanl(long double x) __KILN_LDBL(atan);
long double cosl(long double x) __KILN_LDBL(cos);
long double sinl(long double x) __KILN_LDBL(sin);
long double tanl(long double x) __KILN_LDBL(tan);
long double acoshl(long double x) __KILN_LDBL(acosh);
long double asinhl(long double x) __KILN_LDBL(asinh);
long double atanhl(long double x) __KILN_LDBL(atanh);
long double coshl(long double x) __KILN_LDBL(cosh);
long double sinhl(long double x) __KILN_LDBL(sinh);
long double tanhl(long double x) __KILN_LDBL(tanh);
long double expl(long double x) __KILN_LDBL(exp);
long double exp2l(long double x) __KILN_LDBL(exp2);
long double expm1l(long double x) __KILN_LDBL(expm1);
long double logl(long double x) __KILN_LDBL(log);
long double log10l(long double x) __KILN_LDBL(log10);
long double log1pl(long double x) __KILN_LDBL(log1p);
long double log2l(long double x) __KILN_LDBL(log2);
long double logbl(long double x) __KILN_LDBL(logb);
long double cbrtl(long double x) __KILN_LDBL(cbrt);
long double fabsl(long double x) __KILN_LDBL(fabs);
long double sqrtl(long double x) __KILN_LDBL(sqrt);
long double erfl(long double x) __KILN_LDBL(erf);
long double erfcl(long double x) __KILN_LDBL(erfc);
long double lgammal(long double x) __KILN_LDBL(lgamma);
long double tgammal(long double x) __KILN_LDBL(tgamma);
long double ceill(long double x) __KILN_LDBL(ceil);
long double floorl(long double x) __KILN_LDBL(floor);
long double nearbyintl(long double x) __KILN_LDBL(nearbyint);
long double rintl(long double x) __KILN_LDBL(rint);
long double roundl(long double x) __KILN_LDBL(round);
long double truncl(long double x) __KILN_LDBL(trunc);
long double atan2l(long double x, long double y) __KILN_LDBL(atan2);
long double fmodl(long double x, long double y) __KILN_LDBL(fmod);
long double hypotl(long double x, long double y) __KILN_LDBL(hypot);
long double powl(long double x, long double y) __KILN_LDBL(pow);
long double remainderl(long double x, long double y) __KILN_LDBL(remainder);
long double copysignl(long double x, long double y) __KILN_LDBL(copysign);
long double nextafterl(long double x, long double y) __KILN_LDBL(nextafter);
long double fdiml(long double x, long double y) __KILN_LDBL(fdim);
long double fmaxl(long double x, long double y) __KILN_LDBL(fmax);
long double fminl(long double x, long double y) __KILN_LDBL(fmin);
long double fmal(long double x, long double y, long double z) __KILN_LDBL(fma);
long double frexpl(long double x, int *exp) __KILN_LDBL(frexp);
long double ldexpl(long double x, int exp) __KILN_LDBL(ldexp);
long double scalbnl(long double x, int n) __KILN_LDBL(scalbn);
long double scalblnl(long double x, long int n) __KILN_LDBL(scalbln);
int ilogbl(long double x) __KILN_LDBL(ilogb);
long double modfl(long double x, long double *iptr) __KILN_LDBL(modf);
long double remquol(long double x, long double y, int *quo) __KILN_LDBL(remquo);
long double nanl(const char *tagp) __KILN_LDBL(nan);
long int lrintl(long double x) __KILN_LDBL(lrint);
long long int llrintl(long double x) __KILN_LDBL(llrint);
long int lroundl(long double x) __KILN_LDBL(lround);
long long int llroundl(long double x) __KILN_LDBL(llround);
long double nexttowardl(long double x, long double y) __KILN_LDBL(nextafter);

#endif
