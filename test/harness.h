// SPDX-License-Identifier: Apache-2.0
/* Minimal test harness: each check prints "ok - NAME" or "not ok - NAME: why"; scripts/run-tests counts them.
 */
#ifndef KILN_TEST_HARNESS_H
#define KILN_TEST_HARNESS_H
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int kt_failures;
/* Prefix of every check name (a test program run twice on different builds tells its runs apart). */
static const char *kt_label = "";

/* Records one named check whose truth is OK; returns OK so callers can stop early. The condition is
 * evaluated exactly once, by the caller. */
static inline int kt_check(int ok, const char *name, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static inline int kt_check(int ok, const char *name, const char *file, int line, const char *fmt, ...)
{
	if (ok) {
		printf("ok - %s%s\n", kt_label, name);
		return 1;
	}
	va_list ap;
	va_start(ap, fmt);
	kt_failures++;
	printf("not ok - %s%s: ", kt_label, name);
	vprintf(fmt, ap);
	printf(" (%s:%d)\n", file, line);
	va_end(ap);
	return 0;
}

#define KT_CHECK(cond, name, ...) kt_check(!!(cond), (name), __FILE__, __LINE__, __VA_ARGS__)

static inline int kt_eq_u64(unsigned long long a, unsigned long long b, const char *name, const char *file,
                            int line)
{
	return kt_check(a == b, name, file, line, "got 0x%llx, want 0x%llx", a, b);
}
#define KT_EQ_U64(a, b, name)                                                                                \
	kt_eq_u64((unsigned long long)(a), (unsigned long long)(b), (name), __FILE__, __LINE__)

static inline int kt_eq_str(const char *a, const char *b, const char *name, const char *file, int line)
{
	return kt_check(a && strcmp(a, b) == 0, name, file, line, "got \"%s\", want \"%s\"", a ? a : "(null)",
	                b);
}
#define KT_EQ_STR(a, b, name) kt_eq_str((a), (b), (name), __FILE__, __LINE__)

/* Reads all of PATH into a malloc'd, NUL-terminated buffer (*LEN bytes, LEN may be NULL); NULL when it
 * cannot. */
/* A and B are both in TEXT (NULL: neither is), A's first occurrence before B's: a bare strstr(A) <
 * strstr(B) holds when A is missing (NULL sorts first), so an order check must not be written that way. */
static inline int kt_in_order(const char *text, const char *a, const char *b)
{
	const char *x = text ? strstr(text, a) : NULL, *y = text ? strstr(text, b) : NULL;
	return x && y && x < y;
}

static inline char *kt_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n = -1;
	if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (f)
		fclose(f);
	if (buf) {
		buf[n] = 0;
		if (len)
			*len = (size_t)n;
	}
	return buf;
}

/* Writes TEXT to PATH, replacing it (a failure shows in the checks that read it). */
static inline void kt_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* "BASE:N" in OUT: the base name of source file PATH and the line of its first MARKER (-1 when absent), as
 * a diagnostic names that line. */
static inline void kt_line_of(const char *path, const char *marker, char *out, size_t n)
{
	char *text = kt_read_file(path, NULL), *at = text ? strstr(text, marker) : NULL;
	int line = 1;
	for (char *p = text; at && p < at; p++)
		line += *p == '\n';
	const char *base = strrchr(path, '/');
	snprintf(out, n, "%s:%d", base ? base + 1 : path, at ? line : -1);
	free(text);
}

/* Exit status of a test program: non-zero when any check failed. */
#define KT_DONE() (fflush(stdout), kt_failures ? 1 : 0)

#endif
