// SPDX-License-Identifier: Apache-2.0
// bsearch with different comparators over a table sorted by one key and another sorted by a second
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

struct op {
	int code;
	const char *mnem;
};
static const struct op by_code[6] = {{1, "nop"},  {4, "add"},  {9, "sub"},
                                     {12, "mul"}, {20, "and"}, {33, "xor"}};
static const struct op by_name[6] = {{4, "add"}, {20, "and"}, {12, "mul"},
                                     {1, "nop"}, {9, "sub"},  {33, "xor"}};

static int cmp_code(const void *k, const void *e)
{
	int a = *(const int *)k, b = ((const struct op *)e)->code;
	return (a > b) - (a < b);
}
static int cmp_name(const void *k, const void *e)
{
	return strcmp(k, ((const struct op *)e)->mnem);
}

int main(void)
{
	int (*cmps[2])(const void *, const void *) = {cmp_code, cmp_name};
	const struct op *tables[2] = {by_code, by_name};
	static const int codes[4] = {12, 5, 33, 1};
	static const char *names[4] = {"sub", "or", "xor", "add"};
	int hits = 0;
	for (int i = 0; i < 8; i++) {
		int t = i & 1;
		const void *key = t ? (const void *)names[i / 2] : (const void *)&codes[i / 2];
		const struct op *r = bsearch(key, tables[t], 6, sizeof(struct op), cmps[t]);
		printf("%d: %s %d\n", i, r ? r->mnem : "-", r ? r->code : -1);
		hits += r != NULL;
	}
	CHECK(hits == 6);
	return done();
}
