// SPDX-License-Identifier: Apache-2.0
// strcpy: return value, terminator copied, copying into the middle of a buffer
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

static char dst[32];

int main(void)
{
	memset(dst, '#', sizeof dst);
	char *r = strcpy(dst, "kiln");
	CHECK(r == dst);
	CHECK(dst[4] == 0 && dst[5] == '#');
	r = strcpy(dst + 4, "-fpga");
	CHECK(r == dst + 4);
	CHECK(strcmp(dst, "kiln-fpga") == 0);
	strcpy(dst + 2, "");
	CHECK(dst[2] == 0 && dst[3] == 'n');
	printf("%s|%s\n", dst, dst + 3);
	return done();
}
