// SPDX-License-Identifier: Apache-2.0
/* The kernel C library under its test names (kl_ prefix, see kl_rename.h), for libc_test.c, which sees
 * glibc's headers. kiln_headers.c includes this file after Kiln's own headers with KL_CHECK defined: there
 * every prototype below must agree with Kiln's declaration, or that file does not compile. And kiln_headers.c
 * exports what libc_test needs of the headers themselves (macro tables, type layouts, assert and math.h
 * macros run on values). */
#ifndef KILN_TEST_KL_H
#define KILN_TEST_KL_H

#include <fenv.h>
#include <locale.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <wchar.h>
#include <wctype.h>

#ifdef KL_CHECK
typedef div_t kl_div_t;
typedef ldiv_t kl_ldiv_t;
typedef lldiv_t kl_lldiv_t;
typedef imaxdiv_t kl_imaxdiv_t;
#else
typedef struct {
	int quot;
	int rem;
} kl_div_t;
typedef struct {
	long int quot;
	long int rem;
} kl_ldiv_t;
typedef struct {
	long long int quot;
	long long int rem;
} kl_lldiv_t;
typedef struct {
	intmax_t quot;
	intmax_t rem;
} kl_imaxdiv_t;
#endif

/* string.h */
void *kl_memcpy(void *restrict dest, const void *restrict src, size_t n);
void *kl_memmove(void *dest, const void *src, size_t n);
void *kl_memset(void *s, int c, size_t n);
int kl_memcmp(const void *s1, const void *s2, size_t n);
void *kl_memchr(const void *s, int c, size_t n);
size_t kl_strlen(const char *s);
size_t kl_strnlen(const char *s, size_t maxlen);
char *kl_strcpy(char *restrict dest, const char *restrict src);
char *kl_strncpy(char *restrict dest, const char *restrict src, size_t n);
char *kl_strcat(char *restrict dest, const char *restrict src);
char *kl_strncat(char *restrict dest, const char *restrict src, size_t n);
int kl_strcmp(const char *s1, const char *s2);
int kl_strncmp(const char *s1, const char *s2, size_t n);
char *kl_strchr(const char *s, int c);
char *kl_strrchr(const char *s, int c);
char *kl_strstr(const char *haystack, const char *needle);
size_t kl_strspn(const char *s, const char *accept);
size_t kl_strcspn(const char *s, const char *reject);
char *kl_strpbrk(const char *s, const char *accept);
char *kl_strtok(char *restrict s, const char *restrict delim);

/* strings.h */
void kl_bzero(void *s, size_t n);
void kl_bcopy(const void *src, void *dest, size_t n);
int kl_bcmp(const void *s1, const void *s2, size_t n);
int kl_strcasecmp(const char *s1, const char *s2);
int kl_strncasecmp(const char *s1, const char *s2, size_t n);
int kl_ffs(int i);
int kl_ffsl(long int l);
int kl_ffsll(long long int ll);

/* stdlib.h */
int kl_abs(int j);
long int kl_labs(long int j);
long long int kl_llabs(long long int j);
kl_div_t kl_div(int numer, int denom);
kl_ldiv_t kl_ldiv(long int numer, long int denom);
kl_lldiv_t kl_lldiv(long long int numer, long long int denom);
int kl_atoi(const char *nptr);
long int kl_atol(const char *nptr);
long long int kl_atoll(const char *nptr);
long int kl_strtol(const char *restrict nptr, char **restrict endptr, int base);
unsigned long int kl_strtoul(const char *restrict nptr, char **restrict endptr, int base);
long long int kl_strtoll(const char *restrict nptr, char **restrict endptr, int base);
unsigned long long int kl_strtoull(const char *restrict nptr, char **restrict endptr, int base);
/* vprintf and vfprintf print through the board's debug channel; the board tests them (cprog) */
int kl_vprintf(const char *restrict fmt, va_list ap);
double kl_strtod(const char *restrict nptr, char **restrict endptr);
float kl_strtof(const char *restrict nptr, char **restrict endptr);
double kl_atof(const char *nptr);
double kl_wcstod(const wchar_t *restrict nptr, wchar_t **restrict endptr);
float kl_wcstof(const wchar_t *restrict nptr, wchar_t **restrict endptr);
int kl_rand(void);
void kl_srand(unsigned int seed);
void kl_qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *));
void *kl_bsearch(const void *key, const void *base, size_t nmemb, size_t size,
                 int (*compar)(const void *, const void *));

/* inttypes.h */
intmax_t kl_imaxabs(intmax_t j);
kl_imaxdiv_t kl_imaxdiv(intmax_t numer, intmax_t denom);
intmax_t kl_strtoimax(const char *restrict nptr, char **restrict endptr, int base);
uintmax_t kl_strtoumax(const char *restrict nptr, char **restrict endptr, int base);

/* ctype.h */
int kl_isalnum(int c);
int kl_isalpha(int c);
int kl_isblank(int c);
int kl_iscntrl(int c);
int kl_isdigit(int c);
int kl_isgraph(int c);
int kl_islower(int c);
int kl_isprint(int c);
int kl_ispunct(int c);
int kl_isspace(int c);
int kl_isupper(int c);
int kl_isxdigit(int c);
int kl_tolower(int c);
int kl_toupper(int c);
int kl_isascii(int c);
int kl_toascii(int c);

/* wchar.h, and the multibyte functions of stdlib.h */
size_t kl_wcslen(const wchar_t *s);
size_t kl_wcsnlen(const wchar_t *s, size_t maxlen);
wchar_t *kl_wcscpy(wchar_t *restrict dest, const wchar_t *restrict src);
wchar_t *kl_wcsncpy(wchar_t *restrict dest, const wchar_t *restrict src, size_t n);
wchar_t *kl_wcscat(wchar_t *restrict dest, const wchar_t *restrict src);
wchar_t *kl_wcsncat(wchar_t *restrict dest, const wchar_t *restrict src, size_t n);
int kl_wcscmp(const wchar_t *s1, const wchar_t *s2);
int kl_wcsncmp(const wchar_t *s1, const wchar_t *s2, size_t n);
int kl_wcscoll(const wchar_t *s1, const wchar_t *s2);
size_t kl_wcsxfrm(wchar_t *restrict dest, const wchar_t *restrict src, size_t n);
wchar_t *kl_wcschr(const wchar_t *s, wchar_t c);
wchar_t *kl_wcsrchr(const wchar_t *s, wchar_t c);
wchar_t *kl_wcsstr(const wchar_t *haystack, const wchar_t *needle);
size_t kl_wcsspn(const wchar_t *s, const wchar_t *accept);
size_t kl_wcscspn(const wchar_t *s, const wchar_t *reject);
wchar_t *kl_wcspbrk(const wchar_t *s, const wchar_t *accept);
wchar_t *kl_wcstok(wchar_t *restrict s, const wchar_t *restrict delim, wchar_t **restrict ptr);
wchar_t *kl_wmemcpy(wchar_t *restrict dest, const wchar_t *restrict src, size_t n);
wchar_t *kl_wmemmove(wchar_t *dest, const wchar_t *src, size_t n);
wchar_t *kl_wmemset(wchar_t *s, wchar_t c, size_t n);
int kl_wmemcmp(const wchar_t *s1, const wchar_t *s2, size_t n);
wchar_t *kl_wmemchr(const wchar_t *s, wchar_t c, size_t n);
long int kl_wcstol(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
unsigned long int kl_wcstoul(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
long long int kl_wcstoll(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
unsigned long long int kl_wcstoull(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
intmax_t kl_wcstoimax(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
uintmax_t kl_wcstoumax(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
wint_t kl_btowc(int c);
int kl_wctob(wint_t c);
int kl_mbsinit(const mbstate_t *ps);
size_t kl_mbrlen(const char *restrict s, size_t n, mbstate_t *restrict ps);
size_t kl_mbrtowc(wchar_t *restrict pwc, const char *restrict s, size_t n, mbstate_t *restrict ps);
size_t kl_mbrtoc16(uint_least16_t *restrict pc16, const char *restrict s, size_t n, mbstate_t *restrict ps);
size_t kl_c16rtomb(char *restrict s, uint_least16_t c16, mbstate_t *restrict ps);
size_t kl_mbrtoc32(uint_least32_t *restrict pc32, const char *restrict s, size_t n, mbstate_t *restrict ps);
size_t kl_c32rtomb(char *restrict s, uint_least32_t c32, mbstate_t *restrict ps);
size_t kl_wcrtomb(char *restrict s, wchar_t wc, mbstate_t *restrict ps);
size_t kl_mbsrtowcs(wchar_t *restrict dest, const char **restrict src, size_t len, mbstate_t *restrict ps);
size_t kl_wcsrtombs(char *restrict dest, const wchar_t **restrict src, size_t len, mbstate_t *restrict ps);
int kl_mblen(const char *s, size_t n);
int kl_mbtowc(wchar_t *restrict pwc, const char *restrict s, size_t n);
int kl_wctomb(char *s, wchar_t wc);
size_t kl_mbstowcs(wchar_t *restrict dest, const char *restrict src, size_t n);
size_t kl_wcstombs(char *restrict dest, const wchar_t *restrict src, size_t n);

/* wctype.h */
int kl_iswalnum(wint_t wc);
int kl_iswalpha(wint_t wc);
int kl_iswblank(wint_t wc);
int kl_iswcntrl(wint_t wc);
int kl_iswdigit(wint_t wc);
int kl_iswgraph(wint_t wc);
int kl_iswlower(wint_t wc);
int kl_iswprint(wint_t wc);
int kl_iswpunct(wint_t wc);
int kl_iswspace(wint_t wc);
int kl_iswupper(wint_t wc);
int kl_iswxdigit(wint_t wc);
wint_t kl_towlower(wint_t wc);
wint_t kl_towupper(wint_t wc);
wctype_t kl_wctype(const char *name);
int kl_iswctype(wint_t wc, wctype_t desc);
wctrans_t kl_wctrans(const char *name);
wint_t kl_towctrans(wint_t wc, wctrans_t desc);

/* locale.h, signal.h (without its header: glibc's needs POSIX types), fenv.h */
char *kl_setlocale(int category, const char *locale);
struct lconv *kl_localeconv(void);
void (*kl_signal(int sig, void (*handler)(int)))(int);
int kl_raise(int sig);
int kl_fegetround(void);
int kl_fesetround(int round);
int kl_fegetenv(fenv_t *envp);
int kl_fesetenv(const fenv_t *envp);
int kl_feholdexcept(fenv_t *envp);
int kl_feupdateenv(const fenv_t *envp);
int kl_feclearexcept(int excepts);

/* time.h */
clock_t kl_clock(void);
time_t kl_time(time_t *tloc);
int kl_timespec_get(struct timespec *ts, int base);
double kl_difftime(time_t time1, time_t time0);
time_t kl_mktime(struct tm *tm);
time_t kl_timegm(struct tm *tm);
struct tm *kl_gmtime(const time_t *timep);
struct tm *kl_gmtime_r(const time_t *restrict timep, struct tm *restrict result);
struct tm *kl_localtime(const time_t *timep);
struct tm *kl_localtime_r(const time_t *restrict timep, struct tm *restrict result);
char *kl_asctime(const struct tm *tm);
char *kl_asctime_r(const struct tm *restrict tm, char *restrict buf);
char *kl_ctime(const time_t *timep);
char *kl_ctime_r(const time_t *restrict timep, char *restrict buf);
size_t kl_strftime(char *restrict s, size_t max, const char *restrict format, const struct tm *restrict tm);

/* stdio.h's formatting into memory (format.c) */
int kl_sprintf(char *restrict s, const char *restrict fmt, ...);
int kl_snprintf(char *restrict s, size_t n, const char *restrict fmt, ...);
int kl_vsprintf(char *restrict s, const char *restrict fmt, va_list ap);
int kl_vsnprintf(char *restrict s, size_t n, const char *restrict fmt, va_list ap);
int kl_swprintf(wchar_t *restrict s, size_t n, const wchar_t *restrict fmt, ...);
size_t kl_wcsftime(wchar_t *restrict s, size_t max, const wchar_t *restrict format,
                   const struct tm *restrict tm);
/* stdio.h's and wchar.h's scanning of strings (scanf.c) */
int kl_sscanf(const char *restrict s, const char *restrict fmt, ...);
int kl_vsscanf(const char *restrict s, const char *restrict fmt, va_list ap);
int kl_swscanf(const wchar_t *restrict s, const wchar_t *restrict fmt, ...);
int kl_vswscanf(const wchar_t *restrict s, const wchar_t *restrict fmt, va_list ap);
/* stdio.h's stream functions that do nothing on the device (print.c) */
int kl_fflush(FILE *stream);
int kl_setvbuf(FILE *restrict stream, char *restrict buf, int mode, size_t size);
int kl_ferror(FILE *stream);
int kl_feof(FILE *stream);

/* string.h's strerror (errno.c) */
char *kl_strerror(int errnum);

/* errno.h */
extern int kl_errno;

/* assert.h: libc_test defines it (it records its arguments and jumps back). */
void kl___assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
    __attribute__((noreturn));

/* Exported by kiln_headers.c. */
struct kl_int_macro {
	const char *name;
	long long value;
};
struct kl_str_macro {
	const char *name;
	const char *value;
};
struct kl_dbl_macro {
	const char *name;
	double value;
};
extern const struct kl_int_macro kl_int_macros[];
extern const struct kl_str_macro kl_str_macros[];
extern const struct kl_dbl_macro kl_dbl_macros[];
extern const size_t kl_n_int_macros, kl_n_str_macros, kl_n_dbl_macros;

/* Sizes and member offsets of the library's structure types, in this order: div_t, ldiv_t, lldiv_t,
 * imaxdiv_t (size, offset of quot, offset of rem each), then sizeof float_t, double_t. */
extern const size_t kl_layout[14];

/* math.h's classification macros on X (double) and on (float)X: fpclassify, isfinite, isinf, isnan,
 * isnormal, !!signbit into R[0..5] and R[6..11]. */
void kl_classify(double x, int r[12]);
/* isgreater, isgreaterequal, isless, islessequal, islessgreater, isunordered on X, Y into R[0..5]. */
void kl_compare(double x, double y, int r[6]);
/* Whether NAN is a quiet NaN of type float and INFINITY a float. */
int kl_nan_is_float_nan(void);

/* assert.h: each runs assert(x == 1) (the line is in *LINE); the first with assertions on, the second
 * after NDEBUG was defined and assert.h included again (the expression is then not evaluated: *EVALS counts
 * its evaluations), the third after NDEBUG was undefined and assert.h included a third time. */
void kl_assert_on(int x, unsigned *line);
void kl_assert_off(int x, int *evals);
void kl_assert_again(int x, unsigned *line);
/* Whether static_assert is defined as a macro by <assert.h> (C11). */
extern const int kl_has_static_assert;

/* math.h's functions (math_*.c). */
double kl_exp(double x);
double kl_exp2(double x);
double kl_expm1(double x);
double kl_log(double x);
double kl_log2(double x);
double kl_log10(double x);
double kl_log1p(double x);
double kl_pow(double x, double y);
double kl_fmod(double x, double y);
double kl_frexp(double x, int *e);
double kl_ldexp(double x, int e);
double kl_scalbn(double x, int e);
double kl_scalbln(double x, long e);
double kl_modf(double x, double *ip);
int kl_ilogb(double x);
double kl_logb(double x);
double kl_nextafter(double x, double y);
double kl_fdim(double x, double y);
double kl_remainder(double x, double y);
double kl_remquo(double x, double y, int *quo);
double kl_nan(const char *tag);
double kl_hypot(double x, double y);
double kl_cbrt(double x);
double kl_sin(double x);
double kl_cos(double x);
double kl_tan(double x);
double kl_atan(double x);
double kl_atan2(double y, double x);
double kl_asin(double x);
double kl_acos(double x);
double kl_sinh(double x);
double kl_cosh(double x);
double kl_tanh(double x);
double kl_asinh(double x);
double kl_acosh(double x);
double kl_atanh(double x);
double kl_erf(double x);
double kl_erfc(double x);
double kl_tgamma(double x);
double kl_lgamma(double x);
float kl_expf(float x);
float kl_exp2f(float x);
float kl_expm1f(float x);
float kl_logf(float x);
float kl_log2f(float x);
float kl_log10f(float x);
float kl_log1pf(float x);
float kl_powf(float x, float y);
float kl_fmodf(float x, float y);
float kl_frexpf(float x, int *e);
float kl_ldexpf(float x, int e);
float kl_scalbnf(float x, int e);
float kl_scalblnf(float x, long e);
float kl_modff(float x, float *ip);
int kl_ilogbf(float x);
float kl_logbf(float x);
float kl_nextafterf(float x, float y);
float kl_fdimf(float x, float y);

/* math.h: nexttoward; complex.h, and the complex multiply and divide the compiler calls */
double kl_nexttoward(double x, long double y);
float kl_nexttowardf(float x, long double y);
double _Complex kl_cacos(double _Complex z);
float _Complex kl_cacosf(float _Complex z);
double _Complex kl_casin(double _Complex z);
float _Complex kl_casinf(float _Complex z);
double _Complex kl_catan(double _Complex z);
float _Complex kl_catanf(float _Complex z);
double _Complex kl_ccos(double _Complex z);
float _Complex kl_ccosf(float _Complex z);
double _Complex kl_csin(double _Complex z);
float _Complex kl_csinf(float _Complex z);
double _Complex kl_ctan(double _Complex z);
float _Complex kl_ctanf(float _Complex z);
double _Complex kl_cacosh(double _Complex z);
float _Complex kl_cacoshf(float _Complex z);
double _Complex kl_casinh(double _Complex z);
float _Complex kl_casinhf(float _Complex z);
double _Complex kl_catanh(double _Complex z);
float _Complex kl_catanhf(float _Complex z);
double _Complex kl_ccosh(double _Complex z);
float _Complex kl_ccoshf(float _Complex z);
double _Complex kl_csinh(double _Complex z);
float _Complex kl_csinhf(float _Complex z);
double _Complex kl_ctanh(double _Complex z);
float _Complex kl_ctanhf(float _Complex z);
double _Complex kl_cexp(double _Complex z);
float _Complex kl_cexpf(float _Complex z);
double _Complex kl_clog(double _Complex z);
float _Complex kl_clogf(float _Complex z);
double _Complex kl_csqrt(double _Complex z);
float _Complex kl_csqrtf(float _Complex z);
double _Complex kl_cproj(double _Complex z);
float _Complex kl_cprojf(float _Complex z);
double _Complex kl_conj(double _Complex z);
float _Complex kl_conjf(float _Complex z);
double kl_creal(double _Complex z);
float kl_crealf(float _Complex z);
double kl_cimag(double _Complex z);
float kl_cimagf(float _Complex z);
double kl_cabs(double _Complex z);
float kl_cabsf(float _Complex z);
double kl_carg(double _Complex z);
float kl_cargf(float _Complex z);
double _Complex kl_cpow(double _Complex x, double _Complex y);
float _Complex kl_cpowf(float _Complex x, float _Complex y);
double _Complex kl___muldc3(double a, double b, double c, double d);
double _Complex kl___divdc3(double a, double b, double c, double d);
float _Complex kl___mulsc3(float a, float b, float c, float d);
float _Complex kl___divsc3(float a, float b, float c, float d);

float kl_remainderf(float x, float y);
float kl_remquof(float x, float y, int *quo);
float kl_nanf(const char *tag);
float kl_hypotf(float x, float y);
float kl_cbrtf(float x);
float kl_sinf(float x);
float kl_cosf(float x);
float kl_tanf(float x);
float kl_atanf(float x);
float kl_atan2f(float y, float x);
float kl_asinf(float x);
float kl_acosf(float x);
float kl_sinhf(float x);
float kl_coshf(float x);
float kl_tanhf(float x);
float kl_asinhf(float x);
float kl_acoshf(float x);
float kl_atanhf(float x);
float kl_erff(float x);
float kl_erfcf(float x);
float kl_tgammaf(float x);
float kl_lgammaf(float x);

/* threads.h: Kiln's types (glibc's sizes) under their own names here, since libc_test sees glibc's */
#ifdef KL_CHECK
typedef mtx_t kl_mtx_t;
typedef cnd_t kl_cnd_t;
typedef once_flag kl_once_flag;
typedef thrd_t kl_thrd_t;
typedef tss_t kl_tss_t;
#else
typedef union {
	struct {
		int type, count;
	} k;
	char size[40];
	long int align;
} kl_mtx_t;
typedef union {
	char size[48];
	long long int align;
} kl_cnd_t;
typedef struct {
	int done;
} kl_once_flag;
typedef unsigned long int kl_thrd_t;
typedef unsigned int kl_tss_t;
#endif
kl_thrd_t kl_thrd_current(void);
int kl_thrd_equal(kl_thrd_t lhs, kl_thrd_t rhs);
int kl_thrd_sleep(const struct timespec *duration, struct timespec *remaining);
void kl_thrd_yield(void);
void kl_call_once(kl_once_flag *flag, void (*func)(void));
int kl_mtx_init(kl_mtx_t *mtx, int type);
int kl_mtx_lock(kl_mtx_t *mtx);
int kl_mtx_timedlock(kl_mtx_t *restrict mtx, const struct timespec *restrict ts);
int kl_mtx_trylock(kl_mtx_t *mtx);
int kl_mtx_unlock(kl_mtx_t *mtx);
void kl_mtx_destroy(kl_mtx_t *mtx);
int kl_cnd_init(kl_cnd_t *cond);
int kl_cnd_signal(kl_cnd_t *cond);
int kl_cnd_broadcast(kl_cnd_t *cond);
int kl_cnd_wait(kl_cnd_t *cond, kl_mtx_t *mtx);
int kl_cnd_timedwait(kl_cnd_t *restrict cond, kl_mtx_t *restrict mtx, const struct timespec *restrict ts);
void kl_cnd_destroy(kl_cnd_t *cond);
int kl_tss_create(kl_tss_t *key, void (*dtor)(void *));
void *kl_tss_get(kl_tss_t key);
int kl_tss_set(kl_tss_t key, void *val);
void kl_tss_delete(kl_tss_t key);

#endif
