// SPDX-License-Identifier: Apache-2.0
// memmove: zero length, identical source and destination, distinct buffers
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

static unsigned char x[16], y[16];

int main(void)
{
	for (int i = 0; i < 16; i++) {
		x[i] = (unsigned char)(i * 3);
		y[i] = 0xEE;
	}
	CHECK(memmove(y, x, 0) == y);
	CHECK(y[0] == 0xEE);
	CHECK(memmove(x, x, 16) == x);
	for (int i = 0; i < 16; i++)
		CHECK(x[i] == i * 3);
	memmove(y + 2, x + 4, 12);
	unsigned s = 0;
	for (int i = 0; i < 16; i++)
		s = s * 7u + y[i];
	CHECK(y[1] == 0xEE && y[2] == 12 && y[13] == 45);
	printf("y checksum %u\n", s);
	return done();
}
