// SPDX-License-Identifier: Apache-2.0
// memmove: overlapping copy to a lower address (dst < src)
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

int main(void)
{
	for (int n = 1; n <= 8; n++) {
		strcpy(buf, "abcdefghijklmnop");
		char *r = memmove(buf, buf + n, 8);
		CHECK(r == buf);
		for (int i = 0; i < 8; i++)
			CHECK(buf[i] == 'a' + n + i);
		CHECK(buf[8] == 'i');
		printf("%d %s\n", n, buf);
	}
	return done();
}
