// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's headers, compiled as a kernel sees them (Kiln's headers and the compiler's own, no
 * system header; natively with kl_rename.h forced in): exports their macros, type layouts and the behaviour
 * of assert.h and math.h's macros, for libc_test.c to compare with glibc's; and checks at compile time that
 * kl.h's prototypes agree with Kiln's declarations. Every Kiln header is included, so this file also shows
 * that they compile together. */
#include <assert.h>
#include <complex.h>
#include <ctype.h>
#include <errno.h>
#include <fenv.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <threads.h>
#include <time.h>
#include <uchar.h>
#include <wchar.h>
#include <wctype.h>

#define KL_CHECK 1
#include "kl.h"

#define KL_INT(m) {#m, (m)},
#define KL_STR(m)
#define KL_DBL(m)
const struct kl_int_macro kl_int_macros[] = {
#include "macros.def"
};
#undef KL_INT
#undef KL_STR
#define KL_INT(m)
#define KL_STR(m) {#m, m},
const struct kl_str_macro kl_str_macros[] = {
#include "macros.def"
};
#undef KL_STR
#undef KL_DBL
#define KL_STR(m)
#define KL_DBL(m) {#m, (m)},
const struct kl_dbl_macro kl_dbl_macros[] = {
#include "macros.def"
};
const size_t kl_n_int_macros = sizeof kl_int_macros / sizeof kl_int_macros[0];
const size_t kl_n_str_macros = sizeof kl_str_macros / sizeof kl_str_macros[0];
const size_t kl_n_dbl_macros = sizeof kl_dbl_macros / sizeof kl_dbl_macros[0];

#define KL_LAYOUT(t) sizeof(t), offsetof(t, quot), offsetof(t, rem)
const size_t kl_layout[14] = {KL_LAYOUT(div_t),     KL_LAYOUT(ldiv_t), KL_LAYOUT(lldiv_t),
                              KL_LAYOUT(imaxdiv_t), sizeof(float_t),   sizeof(double_t)};

/* The library's types are those of x86-64 Linux. */
_Static_assert(_Generic((ldiv_t){0}.quot, long int : 1, default : 0), "ldiv_t holds long");
_Static_assert(_Generic((lldiv_t){0}.quot, long long int : 1, default : 0), "lldiv_t holds long long");
/* glibc's is a call, of 1 in the C locale: the only one a kernel has. */
_Static_assert(MB_CUR_MAX == 1, "MB_CUR_MAX");
_Static_assert(sizeof(long) == 8 && sizeof(void *) == 8 && sizeof(size_t) == 8, "LP64");
_Static_assert(sizeof(intmax_t) == 8 && sizeof(imaxdiv_t) == 16, "64-bit intmax_t");
_Static_assert(_Generic(RAND_MAX, int : 1, default : 0) && _Generic(EOF, int : 1, default : 0), "int macros");
_Static_assert(_Generic(HUGE_VAL, double : 1, default : 0) && _Generic(INFINITY, float : 1, default : 0) &&
                   _Generic(NAN, float : 1, default : 0) && _Generic(HUGE_VALF, float : 1, default : 0),
               "floating macros' types");
_Static_assert(_Generic(M_PI, double : 1, default : 0), "M_PI is a double");
/* The streams are FILE pointers and distinct. */
_Static_assert(_Generic(stdout, FILE * : 1, default : 0) && _Generic(stdin, FILE * : 1, default : 0) &&
                   _Generic(stderr, FILE * : 1, default : 0),
               "standard streams");

void kl_classify(double x, int r[12])
{
	float f = (float)x;
	r[0] = fpclassify(x);
	r[1] = !!isfinite(x);
	r[2] = isinf(x);
	r[3] = !!isnan(x);
	r[4] = !!isnormal(x);
	r[5] = !!signbit(x);
	r[6] = fpclassify(f);
	r[7] = !!isfinite(f);
	r[8] = isinf(f);
	r[9] = !!isnan(f);
	r[10] = !!isnormal(f);
	r[11] = !!signbit(f);
}

void kl_compare(double x, double y, int r[6])
{
	r[0] = !!isgreater(x, y);
	r[1] = !!isgreaterequal(x, y);
	r[2] = !!isless(x, y);
	r[3] = !!islessequal(x, y);
	r[4] = !!islessgreater(x, y);
	r[5] = !!isunordered(x, y);
}

int kl_nan_is_float_nan(void)
{
	float n = NAN, i = INFINITY;
	return isnan(n) && isinf(i) == 1 && isinf(-i) == -1 && sizeof(NAN) == sizeof(float);
}

/* assert.h, three times. */
void kl_assert_on(int x, unsigned *line)
{
	*line = __LINE__ + 1;
	assert(x == 1);
}

#define NDEBUG
#include <assert.h>

void kl_assert_off(int x, int *evals)
{
	(void)x; /* used by nothing else once assert is off */
	(void)evals;
	assert((++*evals, x == 1));
}

#undef NDEBUG
#include <assert.h>

void kl_assert_again(int x, unsigned *line)
{
	*line = __LINE__ + 1;
	assert(x == 1);
}

#ifdef static_assert
const int kl_has_static_assert = 1;
static_assert(sizeof(int) == 4, "static_assert works");
#else
const int kl_has_static_assert = 0;
#endif
