// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's <time.h>. No clock reaches a kernel, so the clocks report the time as unavailable,
 * as C allows; the calendar conversions are Howard Hinnant's days-from-civil algorithms (exact for every
 * year that fits, negative times included), whose divisions by constants kiln-cc makes multiplications. */
#include <errno.h>
#include <limits.h>
#include <time.h>

clock_t clock(void)
{
	return (clock_t)-1;
}

time_t time(time_t *tloc)
{
	if (tloc)
		*tloc = (time_t)-1;
	return (time_t)-1;
}

int timespec_get(struct timespec *ts, int base)
{
	(void)ts;
	(void)base;
	return 0;
}

double difftime(time_t time1, time_t time0)
{
	return (double)(time1 - time0);
}

/* Days from 1970-01-01 to Y-M-D of the proleptic Gregorian calendar (M 1..12). */
static long long int days_from_civil(long long int y, int m, int d)
{
	y -= m <= 2;
	long long int era = (y >= 0 ? y : y - 399) / 400;
	long long int yoe = y - era * 400;
	long long int doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

static const char gmt[] = "GMT";

struct tm *gmtime_r(const time_t *restrict timep, struct tm *restrict result)
{
	long long int t = *timep, days = t / 86400, secs = t % 86400;
	if (secs < 0) {
		secs += 86400;
		days--;
	}
	long long int z = days + 719468;
	long long int era = (z >= 0 ? z : z - 146096) / 146097;
	long long int doe = z - era * 146097;
	long long int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long long int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long long int mp = (5 * doy + 2) / 153;
	int mon = (int)(mp < 10 ? mp + 3 : mp - 9);
	long long int year = yoe + era * 400 + (mon <= 2);
	if (year - 1900 > INT_MAX || year - 1900 < INT_MIN) {
		errno = EOVERFLOW;
		return NULL;
	}
	result->tm_sec = (int)(secs % 60);
	result->tm_min = (int)(secs / 60 % 60);
	result->tm_hour = (int)(secs / 3600);
	result->tm_mday = (int)(doy - (153 * mp + 2) / 5 + 1);
	result->tm_mon = mon - 1;
	result->tm_year = (int)(year - 1900);
	long long int wd = (days + 4) % 7; /* 1970-01-01 was a Thursday */
	result->tm_wday = (int)(wd < 0 ? wd + 7 : wd);
	result->tm_yday = (int)(days - days_from_civil(year, 1, 1));
	result->tm_isdst = 0;
	result->tm_gmtoff = 0;
	result->tm_zone = gmt;
	return result;
}

static struct tm shared_tm;

struct tm *gmtime(const time_t *timep)
{
	return gmtime_r(timep, &shared_tm);
}

/* The kernel's time zone is UTC. */
struct tm *localtime_r(const time_t *restrict timep, struct tm *restrict result)
{
	return gmtime_r(timep, result);
}

struct tm *localtime(const time_t *timep)
{
	return gmtime_r(timep, &shared_tm);
}

time_t timegm(struct tm *tm)
{
	long long int mon = tm->tm_mon, y = (long long int)tm->tm_year + 1900 + mon / 12;
	mon %= 12;
	if (mon < 0) {
		mon += 12;
		y--;
	}
	long long int t = (days_from_civil(y, (int)mon + 1, 1) + tm->tm_mday - 1) * 86400 +
	                  (long long int)tm->tm_hour * 3600 + (long long int)tm->tm_min * 60 + tm->tm_sec;
	time_t r = (time_t)t;
	if (!gmtime_r(&r, tm))
		return (time_t)-1;
	return r;
}

time_t mktime(struct tm *tm)
{
	return timegm(tm);
}
