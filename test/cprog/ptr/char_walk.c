// SPDX-License-Identifier: Apache-2.0
// walking strings with char pointers: copy, reverse, count without library calls
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

static char buf[32];

int main(void)
{
	const char *src = "hardware";
	char *d = buf;
	while ((*d++ = *src++))
		;
	CHECK(d - buf == 9);
	char *l = buf, *r = buf;
	while (*r)
		r++;
	for (r--; l < r; l++, r--) {
		char t = *l;
		*l = *r;
		*r = t;
	}
	int vowels = 0;
	for (const char *p = buf; *p; p++)
		vowels += *p == 'a' || *p == 'e';
	printf("%s %d\n", buf, vowels);
	CHECK(buf[0] == 'e' && buf[7] == 'h' && vowels == 3);
	return done();
}
