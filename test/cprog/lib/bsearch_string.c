// SPDX-License-Identifier: Apache-2.0
// bsearch: a string key in a sorted table of string pointers
#include <stdio.h>
#include <stdlib.h>
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

static const char *const names[] = {"add", "and", "div", "load", "mul", "or", "store", "sub", "xor"};

static int cmp_key(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

int main(void)
{
	static const char *const look[] = {"mul", "nop", "add", "xor", "zzz", "", "store"};
	int hits = 0;
	for (int i = 0; i < 7; i++) {
		const char *const *p = bsearch(look[i], names, 9, sizeof names[0], cmp_key);
		printf("%s -> %d\n", look[i], p ? (int)(p - names) : -1);
		hits += p != NULL;
		if (p)
			CHECK(strcmp(*p, look[i]) == 0);
	}
	CHECK(hits == 4);
	return done();
}
