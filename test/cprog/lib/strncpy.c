// SPDX-License-Identifier: Apache-2.0
// strncpy: truncation without a terminator and zero padding
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

static char dst[16];
static const char *srcs[] = {"abc", "abcdefgh", "", "xyz"};
static const int lens[] = {8, 4, 3, 0};

int main(void)
{
	for (int k = 0; k < 4; k++) {
		memset(dst, '#', sizeof dst);
		int n = lens[k], l = (int)strlen(srcs[k]);
		char *r = strncpy(dst, srcs[k], (size_t)n);
		CHECK(r == dst);
		for (int i = 0; i < 16; i++) {
			char want = i >= n ? '#' : i < l ? srcs[k][i] : 0;
			CHECK(dst[i] == want);
			putchar(dst[i] ? dst[i] : '.');
		}
		putchar('\n');
	}
	return done();
}
