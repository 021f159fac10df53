// SPDX-License-Identifier: Apache-2.0
/* A kernel written for a 32-bit long (kiln-cc --data-model llp64, test/hls/data-model-test.sh): long wraps
 * and ends at 32 bits, the kernel C library's long functions and %l conversions take 32-bit longs, div and
 * ldiv return their structures, and the preprocessor sees spir64, not the x86-64 Windows it is compiled as.
 * Each check that holds sets a bit of the result: 255 when all do. */
#include <errno.h>
#include <kiln/device.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(long) == 4 && sizeof(void *) == 8 && sizeof(long long) == 8 && sizeof(size_t) == 8,
               "LLP64: a 32-bit long beside 64-bit pointers");
#if defined(_WIN32) || defined(__x86_64__) || defined(__MINGW32__) || !defined(__SPIR64__)
#error "the preprocessor sees Windows or x86-64"
#endif

KILN_SINGLE_TASK_KERNEL void run(int *result)
{
	volatile long zero = 0;
	unsigned long u = 0xffffffffUL + (unsigned long)zero;
	u += 2; /* wraps at 32 bits */
	long m = LONG_MAX;
	char buf[64];
	char *end;
	errno = 0;
	long big = strtol("5000000000", &end, 10);
	int range = errno == ERANGE && big == LONG_MAX && *end == 0;
	unsigned long neg = strtoul("-1", NULL, 10);
	snprintf(buf, sizeof buf, "%ld %lu %lx", -5L + zero, 4294967295UL + zero, 0xabcdef01UL + zero);
	long sc = 0;
	sscanf("-42 7", "%ld", &sc);
	div_t q = div((int)zero - 100, 7);
	ldiv_t l = ldiv(zero - 100, 7L);
	printf("long %d bits: u=%lu m=%ld labs=%ld strtol=%ld strtoul=%lu lrint=%ld snprintf='%s' sscanf=%ld "
	       "div=%d,%d ldiv=%ld,%ld\n",
	       (int)(sizeof(long) * 8), u, m, labs(zero - 7), big, neg, lrint(2.5 + (double)zero), buf, sc,
	       q.quot, q.rem, l.quot, l.rem);
	*result = (u == 1) + (m == 2147483647L) * 2 + range * 4 + (neg == 4294967295UL) * 8 +
	          !strcmp(buf, "-5 4294967295 abcdef01") * 16 + (sc == -42) * 32 +
	          (labs(zero - 7) == 7) * 64 +
	          (q.quot == -14 && q.rem == -2 && l.quot == -14 && l.rem == -2) * 128;
}
