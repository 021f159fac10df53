// SPDX-License-Identifier: Apache-2.0
// volatile objects: every read and write happens, in order, including read-modify-write
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

static volatile int reg;
static volatile unsigned char bytes[4];

int main(void)
{
	int seen = 0;
	for (int i = 0; i < 10; i++) {
		reg = i;
		seen += reg;
		reg += 1;
		seen += reg;
	}
	CHECK(seen == 45 + 55);
	for (int i = 0; i < 4; i++)
		bytes[i] = (unsigned char)(0x10 * (i + 1));
	unsigned w = 0;
	for (int i = 3; i >= 0; i--)
		w = (w << 8) | bytes[i];
	volatile int local = 5;
	local *= 3;
	printf("%d %x %d %d\n", seen, w, local, reg);
	CHECK(w == 0x40302010u && local == 15 && reg == 10);
	return done();
}
