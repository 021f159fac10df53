// SPDX-License-Identifier: Apache-2.0
// bzero from strings.h: clearing parts of a buffer
#include <stdio.h>
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

static unsigned char buf[24];

int main(void)
{
	for (int n = 0; n < 8; n++) {
		for (int i = 0; i < 24; i++)
			buf[i] = (unsigned char)(i + 1);
		bzero(buf + n, (size_t)(2 * n));
		for (int i = 0; i < 24; i++)
			CHECK(buf[i] == ((i >= n && i < 3 * n) ? 0 : i + 1));
		printf("%d: %u %u\n", n, buf[n], buf[3 * n]);
	}
	return done();
}
