// SPDX-License-Identifier: Apache-2.0
// strtol: decimal conversion with signs, white space and the end pointer
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static const char *in[] = {"123", "-456", "  +7", "0", "12abc", "\t\n-0009", "2147483648", "-99999999999"};
static const long want[] = {123, -456, 7, 0, 12, -9, 2147483648L, -99999999999L};
static const int used[] = {3, 4, 4, 1, 2, 7, 10, 12};

int main(void)
{
	for (int i = 0; i < 8; i++) {
		char *end;
		long r = strtol(in[i], &end, 10);
		printf("%ld +%d\n", r, (int)(end - in[i]));
		CHECK(r == want[i]);
		CHECK(end == in[i] + used[i]);
	}
	CHECK(strtol("55", NULL, 10) == 55);
	return done();
}
