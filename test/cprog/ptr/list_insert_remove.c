// SPDX-License-Identifier: Apache-2.0
// a sorted linked list in a static array: insertion and removal through pointer-to-pointer
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
	int key;
	struct node *next;
};
static struct node pool[10];
static struct node *head;

static void insert(struct node *n)
{
	struct node **pp = &head;
	while (*pp && (*pp)->key < n->key)
		pp = &(*pp)->next;
	n->next = *pp;
	*pp = n;
}

static int remove_key(int key)
{
	for (struct node **pp = &head; *pp; pp = &(*pp)->next)
		if ((*pp)->key == key) {
			*pp = (*pp)->next;
			return 1;
		}
	return 0;
}

int main(void)
{
	static const int keys[10] = {50, 20, 80, 10, 60, 30, 90, 0, 70, 40};
	for (int i = 0; i < 10; i++) {
		pool[i].key = keys[i];
		insert(&pool[i]);
	}
	CHECK(remove_key(0) && remove_key(90) && remove_key(50) && !remove_key(55));
	int prev = -1, n = 0;
	for (struct node *p = head; p; p = p->next, n++) {
		printf("%d ", p->key);
		CHECK(p->key > prev);
		prev = p->key;
	}
	printf("\n");
	CHECK(n == 7 && head == &pool[3]);
	return done();
}
