// SPDX-License-Identifier: Apache-2.0
// bsearch: a key struct against a table of records sorted by id
#include <stdio.h>
#include <stdlib.h>

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

struct rec {
	unsigned id;
	const char *name;
};
static const struct rec table[] = {
    {3, "three"}, {7, "seven"}, {11, "eleven"}, {19, "nineteen"}, {40, "forty"}};

static int by_id(const void *a, const void *b)
{
	unsigned x = ((const struct rec *)a)->id, y = ((const struct rec *)b)->id;
	return (x > y) - (x < y);
}

int main(void)
{
	static const unsigned keys[] = {7, 40, 3, 4, 19, 0, 41, 11};
	int hits = 0;
	for (int i = 0; i < 8; i++) {
		struct rec key = {keys[i], NULL};
		const struct rec *r = bsearch(&key, table, 5, sizeof table[0], by_id);
		printf("%u: %s\n", keys[i], r ? r->name : "-");
		if (r) {
			CHECK(r->id == keys[i]);
			hits++;
		}
	}
	CHECK(hits == 5);
	return done();
}
