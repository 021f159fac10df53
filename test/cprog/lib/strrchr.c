// SPDX-License-Identifier: Apache-2.0
// strrchr: last occurrence and the terminator
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

static const char path[] = "/usr/share/kiln/board.kimg";

int main(void)
{
	const char *slash = strrchr(path, '/');
	CHECK(slash == path + 15);
	printf("base %s\n", slash + 1);
	CHECK(strrchr(path, '.') == path + 21);
	CHECK(strrchr(path, 'x') == NULL);
	CHECK(strrchr(path, 0) == path + 26);
	CHECK(strrchr("a", 'a') != NULL);
	CHECK(strrchr("", 'a') == NULL);
	for (int c = 'a'; c <= 'e'; c++) {
		const char *p = strrchr(path, c);
		printf("%c: %d\n", c, p ? (int)(p - path) : -1);
	}
	return done();
}
