// SPDX-License-Identifier: Apache-2.0
// file-scope structs initialised with addresses of other file-scope objects
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

struct item {
	const char *name;
	int *count;
	struct item *next;
};
static int n_a = 1, n_b = 2, n_c = 3;
static struct item c_item = {"c", &n_c, 0};
static struct item b_item = {"b", &n_b, &c_item};
static struct item a_item = {"a", &n_a, &b_item};
static struct item *first = &a_item;

int main(void)
{
	int total = 0;
	for (struct item *i = first; i; i = i->next) {
		*i->count *= 5;
		printf("%s=%d\n", i->name, *i->count);
		total += *i->count;
	}
	CHECK(total == 30);
	CHECK(first->next->next == &c_item && c_item.count == &n_c);
	return done();
}
