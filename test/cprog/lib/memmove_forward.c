// SPDX-License-Identifier: Apache-2.0
// memmove: overlapping copy to a higher address (dst > src)
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
		char *r = memmove(buf + n, buf, 10);
		CHECK(r == buf + n);
		for (int i = 0; i < 10; i++)
			CHECK(buf[n + i] == 'a' + i);
		for (int i = 0; i < n; i++)
			CHECK(buf[i] == 'a' + i);
		printf("%d %s\n", n, buf);
	}
	return done();
}
