// SPDX-License-Identifier: Apache-2.0
// a circular singly linked ring: Josephus elimination by unlinking nodes
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

struct rn {
	int id;
	struct rn *next;
};
static struct rn ring[10];

int main(void)
{
	for (int i = 0; i < 10; i++) {
		ring[i].id = i + 1;
		ring[i].next = &ring[(i + 1) % 10];
	}
	struct rn *prev = &ring[9];
	int left = 10;
	while (left > 1) {
		for (int k = 0; k < 2; k++)
			prev = prev->next;
		printf("%d ", prev->next->id);
		prev->next = prev->next->next;
		left--;
	}
	printf("\nlast %d\n", prev->id);
	CHECK(prev->id == 4 && prev->next == prev);
	return done();
}
