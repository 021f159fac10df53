// SPDX-License-Identifier: Apache-2.0
// strnlen: the length bounded by maxlen, also over unterminated arrays
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

static const char s[] = "abcdef";
static const char unterminated[4] = {'w', 'x', 'y', 'z'};
static const char *strs[] = {"", "a", "kiln"};

int main(void)
{
	for (size_t m = 0; m <= 9; m++) {
		size_t r = strnlen(s, m);
		printf("%zu -> %zu\n", m, r);
		CHECK(r == (m < 6 ? m : 6));
	}
	for (size_t m = 0; m <= 4; m++)
		CHECK(strnlen(unterminated, m) == m);
	for (int i = 0; i < 3; i++)
		for (size_t m = 0; m < 6; m++)
			CHECK(strnlen(strs[i], m) == (m < strlen(strs[i]) ? m : strlen(strs[i])));
	return done();
}
