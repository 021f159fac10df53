// SPDX-License-Identifier: Apache-2.0
// a table of string pointers: static const char *names[], indexed and walked
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

static const char *names[] = {"zero", "one", "two", "three", "four", "five", "six", "seven"};
static const char *const *const table = names;

int main(void)
{
	size_t total = 0;
	for (int i = 0; i < 8; i++) {
		printf("%d %s\n", i, names[i]);
		total += strlen(names[i]);
	}
	CHECK(total == 31);
	CHECK(table[3][2] == 'r');
	CHECK(names[7] + 2 == strchr(names[7], 'v'));
	int longest = 0;
	for (int i = 1; i < 8; i++)
		if (strlen(names[i]) > strlen(names[longest]))
			longest = i;
	CHECK(longest == 3);
	return done();
}
