// SPDX-License-Identifier: Apache-2.0
// objects with a pointer to a constant table of operations (a C-style vtable)
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

struct obj;
struct ops {
	int (*get)(const struct obj *);
	void (*bump)(struct obj *, int);
	const char *kind;
};
struct obj {
	const struct ops *ops;
	int a, b;
};

static int sum_get(const struct obj *o)
{
	return o->a + o->b;
}
static void sum_bump(struct obj *o, int d)
{
	o->a += d;
}
static int prod_get(const struct obj *o)
{
	return o->a * o->b;
}
static void prod_bump(struct obj *o, int d)
{
	o->b += d;
}
static int diff_get(const struct obj *o)
{
	return o->a - o->b;
}
static const struct ops sum_ops = {sum_get, sum_bump, "sum"};
static const struct ops prod_ops = {prod_get, prod_bump, "prod"};
static const struct ops diff_ops = {diff_get, sum_bump, "diff"};
static struct obj objs[5] = {
    {&sum_ops, 1, 2}, {&prod_ops, 3, 4}, {&diff_ops, 9, 5}, {&prod_ops, -2, 6}, {&sum_ops, 0, 0}};

int main(void)
{
	int total = 0;
	for (int round = 0; round < 3; round++)
		for (int i = 0; i < 5; i++) {
			objs[i].ops->bump(&objs[i], round + i);
			total += objs[i].ops->get(&objs[i]);
		}
	for (int i = 0; i < 5; i++)
		printf("%s %d\n", objs[i].ops->kind, objs[i].ops->get(&objs[i]));
	CHECK(objs[1].b == 4 + 1 + 2 + 3 && objs[2].a == 9 + 2 + 3 + 4);
	CHECK(total == 55);
	return done();
}
