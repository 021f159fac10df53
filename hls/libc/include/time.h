// SPDX-License-Identifier: Apache-2.0
/* time.h: time for kernels (definitions in hls/libc/time.c). A kernel has no clock: clock() and time()
 * return -1, as C says they do when the time is not available, and timespec_get 0. The calendar arithmetic
 * works (gmtime, mktime, timegm, difftime), in UTC, the kernel's only time zone; formatting dates as text is
 * refused at the call. Types and struct tm are glibc's on x86-64. */
#ifndef KILN_LIBC_TIME_H
#define KILN_LIBC_TIME_H

#define __need_size_t
#define __need_NULL
#include <stddef.h>

#include "_kiln_cdefs.h"

typedef __KILN_LONG64 int clock_t;
typedef __KILN_LONG64 int time_t;
#define CLOCKS_PER_SEC ((clock_t)1000000)
#define TIME_UTC 1

struct timespec {
	time_t tv_sec;
	__KILN_LONG64 int tv_nsec;
};

struct tm {
	int tm_sec;
	int tm_min;
	int tm_hour;
	int tm_mday;
	int tm_mon;
	int tm_year;
	int tm_wday;
	int tm_yday;
	int tm_isdst;
	__KILN_LONG64 int tm_gmtoff;
	const char *tm_zone;
};

clock_t clock(void);
time_t time(time_t *tloc);
int timespec_get(struct timespec *ts, int base);
double difftime(time_t time1, time_t time0);
/* UTC: the fields of TM normalised (tm_wday, tm_yday set), the seconds since the epoch returned; -1 with
 * EOVERFLOW when they do not fit. */
time_t mktime(struct tm *tm);
time_t timegm(struct tm *tm);
struct tm *gmtime(const time_t *timep);
struct tm *gmtime_r(const time_t *__restrict timep, struct tm *__restrict result);
struct tm *localtime(const time_t *timep);
struct tm *localtime_r(const time_t *__restrict timep, struct tm *__restrict result);

/* C's fixed date text, "Sun Sep 16 01:03:52 1973\n", as glibc writes it (out-of-range fields included). */
char *asctime(const struct tm *tm);
char *asctime_r(const struct tm *__restrict tm, char *__restrict buf);
char *ctime(const time_t *timep);
char *ctime_r(const time_t *__restrict timep, char *__restrict buf);
/* C's conversions in the C locale as glibc writes them (hls/libc/time.c); GNU's flags and widths are not
 * in the library (copied as written). */
size_t strftime(char *__restrict s, size_t max, const char *__restrict format,
                const struct tm *__restrict tm);

#endif
