// SPDX-License-Identifier: Apache-2.0
// bcopy and bcmp from strings.h: argument order (source first) and overlap
#include <stdio.h>
#include <string.h>
#include <strings.h>

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

int main(void)
{
	strcpy(buf, "0123456789");
	bcopy(buf, buf + 2, 6);
	CHECK(memcmp(buf, "0101234589", 10) == 0);
	bcopy(buf + 4, buf, 4);
	CHECK(memcmp(buf, "2345234589", 10) == 0);
	printf("%s\n", buf);
	CHECK(bcmp("abc", "abc", 3) == 0);
	CHECK(bcmp("abc", "abd", 3) != 0);
	CHECK(bcmp("abc", "xyz", 0) == 0);
	return done();
}
