// SPDX-License-Identifier: Apache-2.0
// GNU case ranges (case 'a' ... 'z':) in a character classifier
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

static int kind(int c)
{
	switch (c) {
	case '0' ... '9':
		return 1;
	case 'a' ... 'z':
	case 'A' ... 'Z':
		return 2;
	case ' ':
	case '\t':
		return 3;
	case 0x80 ... 0xFF:
		return 4;
	default:
		return 0;
	}
}

int main(void)
{
	int counts[5] = {0};
	for (int c = 0; c < 256; c++)
		counts[kind(c)]++;
	printf("%d %d %d %d %d\n", counts[0], counts[1], counts[2], counts[3], counts[4]);
	CHECK(counts[1] == 10 && counts[2] == 52 && counts[3] == 2 && counts[4] == 128 && counts[0] == 64);
	return done();
}
