// SPDX-License-Identifier: Apache-2.0
// memset: lengths 0..24 at several offsets, the byte value is converted to unsigned char
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

static unsigned char buf[40];

int main(void)
{
	unsigned s = 0;
	for (int n = 0; n <= 24; n++) {
		memset(buf, 0, sizeof buf);
		int v = 0x100 + n * 11;
		unsigned char *r = memset(buf + (n % 5), v, (size_t)n);
		CHECK(r == buf + n % 5);
		for (int i = 0; i < 40; i++) {
			int in = i >= n % 5 && i < n % 5 + n;
			CHECK(buf[i] == (in ? (unsigned char)v : 0));
			s = s * 3u + buf[i];
		}
	}
	printf("checksum %u\n", s);
	return done();
}
