// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's <time.h>. No clock reaches a kernel, so the clocks report the time as unavailable,
 * as C allows; the calendar conversions are Howard Hinnant's days-from-civil algorithms (exact for every
 * year that fits, negative times included), whose divisions by constants kiln-cc makes multiplications. */
#include <errno.h>
#include <limits.h>
#include <time.h>
#include <wchar.h>

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

/* ---- date text ---- */

/* Date text being written: S (narrow) or WS (wide) of MAX characters, N written so far (counted past MAX
 * too). */
typedef struct {
	char *s;
	wchar_t *ws;
	size_t max, n;
} tout;

static void tput(tout *o, wchar_t c)
{
	if (o->n < o->max) {
		if (o->ws)
			o->ws[o->n] = c;
		else
			o->s[o->n] = (char)c;
	}
	o->n++;
}

static void tputs(tout *o, const char *t, int len)
{
	for (int i = 0; t[i] && (len < 0 || i < len); i++)
		tput(o, t[i]);
}

/* V as printf's "%W.Pd" writes it: at least DIGITS digits, spaces before the sign up to WIDTH; long long
 * for years past int. */
static void tnum(tout *o, long long int v, int width, int digits)
{
	char d[24];
	int n = 0;
	unsigned long long int u = v < 0 ? 0ull - (unsigned long long int)v : (unsigned long long int)v;
	do {
		d[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	while (n < digits)
		d[n++] = '0';
	for (int pad = width - n - (v < 0); pad > 0; pad--)
		tput(o, ' ');
	if (v < 0)
		tput(o, '-');
	while (n)
		tput(o, d[--n]);
}

static const char day_names[] = "SunMonTueWedThuFriSat";
static const char month_names[] = "JanFebMarAprMayJunJulAugSepOctNovDec";

/* glibc's "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n" of TM into BUF of CAP bytes (an unknown day or month is
 * "???"); NULL with EOVERFLOW when it does not fit or the year is past int. */
static char *date_text(const struct tm *tm, char *buf, size_t cap)
{
	if (!tm) {
		errno = EINVAL;
		return NULL;
	}
	if (tm->tm_year > INT_MAX - 1900) {
		errno = EOVERFLOW;
		return NULL;
	}
	tout o = {buf, NULL, cap, 0};
	const char *day = tm->tm_wday >= 0 && tm->tm_wday < 7 ? day_names + 3 * tm->tm_wday : "???";
	const char *mon = tm->tm_mon >= 0 && tm->tm_mon < 12 ? month_names + 3 * tm->tm_mon : "???";
	tputs(&o, day, 3);
	tput(&o, ' ');
	tputs(&o, mon, 3);
	tnum(&o, tm->tm_mday, 3, 1);
	tput(&o, ' ');
	tnum(&o, tm->tm_hour, 0, 2);
	tput(&o, ':');
	tnum(&o, tm->tm_min, 0, 2);
	tput(&o, ':');
	tnum(&o, tm->tm_sec, 0, 2);
	tput(&o, ' ');
	tnum(&o, (long long int)tm->tm_year + 1900, 0, 1);
	tput(&o, '\n');
	if (o.n >= cap) {
		errno = EOVERFLOW;
		return NULL;
	}
	buf[o.n] = 0;
	return buf;
}

/* glibc's sizes: asctime's static text holds any fields, asctime_r's caller gives C's 26 bytes. */
static char date_buf[114];

char *asctime(const struct tm *tm)
{
	return date_text(tm, date_buf, sizeof date_buf);
}

char *asctime_r(const struct tm *restrict tm, char *restrict buf)
{
	return date_text(tm, buf, 26);
}

char *ctime(const time_t *timep)
{
	return asctime(localtime(timep));
}

char *ctime_r(const time_t *restrict timep, char *restrict buf)
{
	struct tm tm;
	return asctime_r(localtime_r(timep, &tm), buf);
}

/* ---- strftime ---- */

static const char *const day_full[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                       "Thursday", "Friday", "Saturday"};
static const char *const month_full[] = {"January",   "February", "March",    "April",
                                         "May",       "June",     "July",     "August",
                                         "September", "October",  "November", "December"};

static int is_leap(long long int y)
{
	return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

/* Days from the first day of an ISO week-based year's week 1 to day YDAY (glibc's iso_week_days). */
static int iso_week_days(int yday, int wday)
{
	int big = (366 / 7 + 2) * 7;
	return yday - (yday - wday + 4 + big) % 7 + 4 - 1;
}

static long long int floor_div(long long int a, long long int b)
{
	return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

/* A format being read: narrow N or wide W. */
typedef struct {
	const char *n;
	const wchar_t *w;
} tsrc;

static wchar_t tat(tsrc f, size_t i)
{
	return f.n ? (unsigned char)f.n[i] : f.w[i];
}

/* F's characters [FROM, TO), as written. */
static void tcopy(tout *o, tsrc f, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		tput(o, tat(f, i));
}

/* C's conversions in the C locale, with glibc's readings of what C leaves open (years not padded, %C and
 * %y of negative years by floor division, GNU's %k %l %P %s); E and O modifiers are the plain
 * conversions here. A conversion it does not know (GNU's flags and widths included) is copied as written,
 * as glibc copies an unknown one. Composite conversions (%c, %D, ...) run their sub-format in the same
 * loop, so no call recurses. Writes into O and terminates it: the count, or 0 when the text and its
 * terminator do not fit (C's strftime and wcsftime). */
static size_t format_time(tout *o, tsrc f, const struct tm *tm)
{
	tsrc outer = {NULL, NULL};
	size_t p = 0, resume = 0;
	int nested = 0;
	long long int year = (long long int)tm->tm_year + 1900;
	for (;;) {
		if (!tat(f, p)) {
			if (!nested)
				break;
			f = outer;
			p = resume;
			nested = 0;
			continue;
		}
		if (tat(f, p) != '%') {
			tput(o, tat(f, p++));
			continue;
		}
		size_t start = p++;
		char mod = 0;
		if (tat(f, p) == 'E' || tat(f, p) == 'O')
			mod = (char)tat(f, p++);
		wchar_t c = tat(f, p);
		if (!c) { /* a '%' (and modifier) ending the format: as written */
			tcopy(o, f, start, p);
			continue;
		}
		p++;
		int ok_e = c == 'c' || c == 'C' || c == 'x' || c == 'X' || c == 'y' || c == 'Y';
		int ok_o = c == 'd' || c == 'e' || c == 'H' || c == 'I' || c == 'm' || c == 'M' || c == 'S' ||
		           c == 'u' || c == 'U' || c == 'V' || c == 'w' || c == 'W' || c == 'y' || c == 'b' ||
		           c == 'B' ||
		           c == 'h'; /* glibc's alternative month names (%Ob) are the names in the C locale */
		if ((mod == 'E' && !ok_e) || (mod == 'O' && !ok_o)) {
			tcopy(o, f, start, p);
			continue;
		}
		const char *sub = NULL;
		int wday_ok = tm->tm_wday >= 0 && tm->tm_wday < 7,
		    mon_ok = tm->tm_mon >= 0 && tm->tm_mon < 12;
		int hour12 = tm->tm_hour % 12 ? tm->tm_hour % 12 : 12;
		switch (c) {
		case 'a':
			tputs(o, wday_ok ? day_names + 3 * tm->tm_wday : "?", wday_ok ? 3 : -1);
			break;
		case 'A':
			tputs(o, wday_ok ? day_full[tm->tm_wday] : "?", -1);
			break;
		case 'b':
		case 'h':
			tputs(o, mon_ok ? month_names + 3 * tm->tm_mon : "?", mon_ok ? 3 : -1);
			break;
		case 'B':
			tputs(o, mon_ok ? month_full[tm->tm_mon] : "?", -1);
			break;
		case 'c':
			sub = "%a %b %e %H:%M:%S %Y";
			break;
		case 'C':
			tnum(o, floor_div(year, 100), 0, 1);
			break;
		case 'd':
			tnum(o, tm->tm_mday, 0, 2);
			break;
		case 'D':
		case 'x':
			sub = "%m/%d/%y";
			break;
		case 'e':
			tnum(o, tm->tm_mday, 2, 1);
			break;
		case 'F':
			sub = "%Y-%m-%d";
			break;
		case 'g':
		case 'G':
		case 'V': {
			int adjust = 0, days = iso_week_days(tm->tm_yday, tm->tm_wday);
			if (days < 0) { /* the week is the previous year's */
				adjust = -1;
				days = iso_week_days(tm->tm_yday + 365 + is_leap(year - 1), tm->tm_wday);
			} else {
				int d = iso_week_days(tm->tm_yday - (365 + is_leap(year)), tm->tm_wday);
				if (d >= 0) { /* the next year's */
					adjust = 1;
					days = d;
				}
			}
			if (c == 'G')
				tnum(o, year + adjust, 0, 1);
			else if (c == 'g')
				tnum(o, year + adjust - 100 * floor_div(year + adjust, 100), 0, 2);
			else
				tnum(o, days / 7 + 1, 0, 2);
			break;
		}
		case 'H':
			tnum(o, tm->tm_hour, 0, 2);
			break;
		case 'I':
			tnum(o, hour12, 0, 2);
			break;
		case 'j':
			tnum(o, tm->tm_yday + 1, 0, 3);
			break;
		case 'k':
			tnum(o, tm->tm_hour, 2, 1);
			break;
		case 'l':
			tnum(o, hour12, 2, 1);
			break;
		case 'm':
			tnum(o, tm->tm_mon + 1, 0, 2);
			break;
		case 'M':
			tnum(o, tm->tm_min, 0, 2);
			break;
		case 'n':
			tput(o, '\n');
			break;
		case 'p':
			tputs(o, tm->tm_hour >= 12 ? "PM" : "AM", -1);
			break;
		case 'P':
			tputs(o, tm->tm_hour >= 12 ? "pm" : "am", -1);
			break;
		case 'r':
			sub = "%I:%M:%S %p";
			break;
		case 'R':
			sub = "%H:%M";
			break;
		case 's': {
			struct tm copy = *tm;
			tnum(o, mktime(&copy), 0, 1);
			break;
		}
		case 'S':
			tnum(o, tm->tm_sec, 0, 2);
			break;
		case 't':
			tput(o, '\t');
			break;
		case 'T':
		case 'X':
			sub = "%H:%M:%S";
			break;
		case 'u':
			tnum(o, (tm->tm_wday - 1 + 7) % 7 + 1, 0, 1);
			break;
		case 'U':
			tnum(o, (tm->tm_yday - tm->tm_wday + 7) / 7, 0, 2);
			break;
		case 'w':
			tnum(o, tm->tm_wday, 0, 1);
			break;
		case 'W':
			tnum(o, (tm->tm_yday - (tm->tm_wday - 1 + 7) % 7 + 7) / 7, 0, 2);
			break;
		case 'y':
			tnum(o, year - 100 * floor_div(year, 100), 0, 2);
			break;
		case 'Y':
			tnum(o, year, 0, 1);
			break;
		case 'z': {
			long int off = tm->tm_gmtoff;
			tput(o, off < 0 ? '-' : '+');
			off = off < 0 ? -off : off;
			tnum(o, off / 3600 * 100 + off / 60 % 60, 0, 4);
			break;
		}
		case 'Z':
			tputs(o, tm->tm_zone ? tm->tm_zone : "", -1);
			break;
		case '%':
			tput(o, '%');
			break;
		default:
			tcopy(o, f, start, p);
			break;
		}
		if (sub) {
			outer = f;
			resume = p;
			f = (tsrc){sub, NULL};
			p = 0;
			nested = 1;
		}
	}
	if (o->n >= o->max)
		return 0;
	tput(o, 0);
	return o->n - 1;
}

size_t strftime(char *restrict s, size_t max, const char *restrict format, const struct tm *restrict tm)
{
	tout o = {s, NULL, max, 0};
	return format_time(&o, (tsrc){format, NULL}, tm);
}

size_t wcsftime(wchar_t *restrict s, size_t max, const wchar_t *restrict format, const struct tm *restrict tm)
{
	tout o = {NULL, s, max, 0};
	return format_time(&o, (tsrc){NULL, format}, tm);
}
