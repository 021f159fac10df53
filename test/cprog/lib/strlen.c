// SPDX-License-Identifier: Apache-2.0
// strlen: strings of lengths 0..31 built at run time and from literals
#include <stdio.h>
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

static char buf[40];
static const char *lits[] = {"", "a", "hello", "hello, world", "\x80\xff"};

int main(void)
{
	for (int n = 0; n < 32; n++) {
		memset(buf, 'x', (size_t)n);
		buf[n] = 0;
		CHECK(strlen(buf) == (size_t)n);
		CHECK(strlen(buf + n / 2) == (size_t)(n - n / 2));
	}
	for (int i = 0; i < 5; i++)
		printf("%d: %zu\n", i, strlen(lits[i]));
	CHECK(strlen(lits[3]) == 12 && strlen(lits[4]) == 2);
	return done();
}
