// SPDX-License-Identifier: Apache-2.0
// isspace, isblank, iscntrl: all of 0..255 and EOF
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
	unsigned sum = 0;
	int ns = 0, nb = 0, nc = 0;
	for (int c = -1; c < 256; c++) {
		int s = isspace(c) != 0, b = isblank(c) != 0, k = iscntrl(c) != 0;
		ns += s, nb += b, nc += k;
		sum = sum * 31u + (unsigned)(s | b << 1 | k << 2);
		CHECK(s == (c == ' ' || (c >= '\t' && c <= '\r')));
		CHECK(b == (c == ' ' || c == '\t'));
		CHECK(k == ((c >= 0 && c < 32) || c == 127));
	}
	printf("space %d blank %d cntrl %d sum %u\n", ns, nb, nc, sum);
	CHECK(ns == 6 && nb == 2 && nc == 33);
	return done();
}
