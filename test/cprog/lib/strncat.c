// SPDX-License-Identifier: Apache-2.0
// strncat: at most n bytes appended, always terminated
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

static char buf[32];
static const char *srcs[] = {"cdef", "xy", "zzz", "12345", ""};
static const int lens[] = {2, 10, 0, 5, 3};
static const char *want[] = {"abcd", "abcdxy", "abcdxy", "abcdxy12345", "abcdxy12345"};

int main(void)
{
	strcpy(buf, "ab");
	for (int k = 0; k < 5; k++) {
		char *r = strncat(buf, srcs[k], (size_t)lens[k]);
		CHECK(r == buf);
		CHECK(strcmp(buf, want[k]) == 0);
		printf("%s %zu\n", buf, strlen(buf));
	}
	return done();
}
