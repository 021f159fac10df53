// SPDX-License-Identifier: Apache-2.0
// strtol: overflow clamps to LONG_MAX/LONG_MIN and sets errno to ERANGE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static int fails;

static void check(int ok, int line)
{
	if (!ok) {
		printf("FAIL line %d\n", line);
		fails++;
	}
}

#define CHECK(c) check(!!(c), __LINE__)

static int done(void)
{
	if (fails)
		printf("failed %d\n", fails);
	else
		printf("ok\n");
	return fails;
}

static const char *in[] = {"9223372036854775807",  "9223372036854775808",     "-9223372036854775808",
                           "-9223372036854775809", "99999999999999999999999", "42"};
static const long want[] = {LONG_MAX, LONG_MAX, LONG_MIN, LONG_MIN, LONG_MAX, 42};
static const int range[] = {0, 1, 0, 1, 1, 0};

int main(void)
{
	for (int i = 0; i < 6; i++) {
		char *end;
		errno = 0;
		long r = strtol(in[i], &end, 10);
		int e = errno == ERANGE;
		printf("%ld %d %d\n", r, e, (int)(end - in[i]));
		CHECK(r == want[i]);
		CHECK(e == range[i]);
		CHECK(*end == 0);
	}
	errno = 0;
	CHECK(strtol("ffffffffffffffffff", NULL, 16) == LONG_MAX && errno == ERANGE);
	return done();
}
