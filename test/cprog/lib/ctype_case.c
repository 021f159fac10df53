// SPDX-License-Identifier: Apache-2.0
// toupper and tolower: all of 0..255 and EOF
#include <ctype.h>
#include <stdio.h>

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

int main(void)
{
	unsigned su = 0, sl = 0;
	for (int c = -1; c < 256; c++) {
		int u = toupper(c), l = tolower(c);
		su = su * 31u + (unsigned)u;
		sl = sl * 31u + (unsigned)l;
		CHECK(u == (c >= 'a' && c <= 'z' ? c - 32 : c));
		CHECK(l == (c >= 'A' && c <= 'Z' ? c + 32 : c));
	}
	printf("upper %u lower %u\n", su, sl);
	CHECK(toupper(EOF) == EOF && tolower(EOF) == EOF);
	for (const char *p = "Kiln FPGA hls 42!"; *p; p++)
		putchar(toupper((unsigned char)*p));
	putchar('\n');
	return done();
}
