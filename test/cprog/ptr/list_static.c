// SPDX-License-Identifier: Apache-2.0
// a singly linked list built in a static array of nodes and walked
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

struct node {
	int val;
	struct node *next;
};
static struct node pool[8];

int main(void)
{
	static const int order[8] = {3, 6, 0, 7, 1, 4, 2, 5};
	struct node *head = NULL;
	for (int i = 0; i < 8; i++) {
		struct node *n = &pool[order[i]];
		n->val = order[i] * 10;
		n->next = head;
		head = n;
	}
	int sum = 0, count = 0;
	for (struct node *n = head; n; n = n->next) {
		printf("%d ", n->val);
		sum += n->val * ++count;
	}
	printf("\n");
	CHECK(count == 8);
	CHECK(head == &pool[5] && head->next == &pool[2]);
	CHECK(sum == 50 + 40 + 120 + 40 + 350 + 0 + 420 + 240);
	return done();
}
