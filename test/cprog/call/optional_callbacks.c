// SPDX-License-Identifier: Apache-2.0
// optional callbacks: a NULL function pointer means "skip", checked before the call
#include <stddef.h>
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

struct hooks {
	void (*before)(int);
	int (*transform)(int);
	void (*after)(int);
};
static int log_sum, log_count;

static void note(int v)
{
	log_sum += v;
	log_count++;
}
static int triple(int v)
{
	return 3 * v;
}

static int apply(const struct hooks *h, int v)
{
	if (h->before)
		h->before(v);
	if (h->transform != NULL)
		v = h->transform(v);
	if (h->after)
		h->after(v);
	return v;
}

int main(void)
{
	static const struct hooks hs[4] = {
	    {note, triple, note}, {NULL, triple, NULL}, {note, NULL, NULL}, {0, 0, 0}};
	int total = 0;
	for (int i = 0; i < 4; i++)
		total += apply(&hs[i], i + 1);
	printf("%d %d %d\n", total, log_sum, log_count);
	CHECK(total == 3 + 6 + 3 + 4);
	CHECK(log_sum == 1 + 3 + 3 && log_count == 3);
	return done();
}
