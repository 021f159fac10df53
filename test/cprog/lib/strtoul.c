// SPDX-License-Identifier: Apache-2.0
// strtoul: unsigned long conversion, the full range and overflow
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

static const char *in[] = {"4294967295", "18446744073709551615", "18446744073709551616", "0x10", "  077",
                           "z"};
static const unsigned long want[] = {4294967295UL, ULONG_MAX, ULONG_MAX, 16, 63, 0};
static const int range[] = {0, 0, 1, 0, 0, 0};

int main(void)
{
	for (int i = 0; i < 6; i++) {
		char *end;
		errno = 0;
		unsigned long r = strtoul(in[i], &end, 0);
		int e = errno == ERANGE;
		printf("%lu %d %d\n", r, e, (int)(end - in[i]));
		CHECK(r == want[i]);
		CHECK(e == range[i]);
	}
	return done();
}
