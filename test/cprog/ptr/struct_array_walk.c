// SPDX-License-Identifier: Apache-2.0
// walking an array of structs with a struct pointer and ->
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

struct acc {
	const char *name;
	int balance;
	int tx;
};
static struct acc accs[5] = {{"ann", 100, 0}, {"bob", 50, 0}, {"cy", 0, 0}, {"di", 75, 0}, {"ed", 20, 0}};

int main(void)
{
	static const int amounts[10] = {5, -20, 30, 7, -1, 12, -50, 3, 9, 4};
	struct acc *end = accs + 5;
	struct acc *p = accs;
	for (int i = 0; i < 10; i++) {
		p->balance += amounts[i];
		p->tx++;
		if (++p == end)
			p = accs;
	}
	int total = 0;
	for (const struct acc *q = accs; q < end; q++) {
		printf("%s %d %d\n", q->name, q->balance, q->tx);
		total += q->balance;
	}
	CHECK(total == 245 + (-1));
	CHECK(accs[1].balance == 50 - 20 - 50 && accs[4].tx == 2);
	return done();
}
