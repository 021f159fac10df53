/* Minimal test harness: each check prints "ok - NAME" or "not ok - NAME: why"; scripts/run-tests counts them. */
#ifndef KILN_TEST_HARNESS_H
#define KILN_TEST_HARNESS_H
#include <stdio.h>
#include <string.h>

static int kt_failures;

/* Records one named check; returns its truth so callers can stop early. */
#define KT_CHECK(cond, name, ...)                                                                            \
	(((cond) ? printf("ok - %s\n", (name))                                                               \
		 : (kt_failures++, printf("not ok - %s: ", (name)), printf(__VA_ARGS__), printf(" (%s:%d)\n",    \
											      __FILE__, __LINE__))), \
	 (cond))

#define KT_EQ_U64(a, b, name)                                                                                \
	KT_CHECK((unsigned long long)(a) == (unsigned long long)(b), name, "got 0x%llx, want 0x%llx",         \
		 (unsigned long long)(a), (unsigned long long)(b))

#define KT_EQ_STR(a, b, name)                                                                                \
	KT_CHECK((a) && strcmp((a), (b)) == 0, name, "got \"%s\", want \"%s\"", (a) ? (a) : "(null)", (b))

/* Exit status of a test program: non-zero when any check failed. */
#define KT_DONE() (fflush(stdout), kt_failures ? 1 : 0)

#endif
