// SPDX-License-Identifier: Apache-2.0
// callbacks with a void * context argument, each interpreting the context differently
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

struct counter {
	int n, sum;
};
struct range {
	int lo, hi, inside;
};

static void count_cb(void *ctx, int v)
{
	struct counter *c = ctx;
	c->n++;
	c->sum += v;
}
static void range_cb(void *ctx, int v)
{
	struct range *r = ctx;
	r->inside += v >= r->lo && v <= r->hi;
}
static void max_cb(void *ctx, int v)
{
	int *m = ctx;
	if (v > *m)
		*m = v;
}

static void each(const int *v, int n, void (*cb)(void *, int), void *ctx)
{
	for (int i = 0; i < n; i++)
		cb(ctx, v[i]);
}

int main(void)
{
	static const int data[10] = {5, -3, 12, 8, 0, 7, 19, -11, 4, 6};
	struct counter c = {0, 0};
	struct range r = {0, 7, 0};
	int m = -1000;
	each(data, 10, count_cb, &c);
	each(data, 10, range_cb, &r);
	each(data, 10, max_cb, &m);
	printf("%d %d %d %d\n", c.n, c.sum, r.inside, m);
	CHECK(c.n == 10 && c.sum == 47 && r.inside == 5 && m == 19);
	return done();
}
