// SPDX-License-Identifier: Apache-2.0
// a doubly linked ring with a sentinel in a static array, unlinking and walking both ways
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

struct dn {
	int v;
	struct dn *prev, *next;
};
static struct dn sent, nodes[6];

int main(void)
{
	sent.prev = sent.next = &sent;
	for (int i = 0; i < 6; i++) {
		struct dn *n = &nodes[i];
		n->v = i + 1;
		n->prev = sent.prev;
		n->next = &sent;
		sent.prev->next = n;
		sent.prev = n;
	}
	for (int i = 1; i < 6; i += 2) {
		nodes[i].prev->next = nodes[i].next;
		nodes[i].next->prev = nodes[i].prev;
	}
	int fw = 0, bw = 0;
	for (struct dn *n = sent.next; n != &sent; n = n->next)
		fw = fw * 10 + n->v;
	for (struct dn *n = sent.prev; n != &sent; n = n->prev)
		bw = bw * 10 + n->v;
	printf("%d %d\n", fw, bw);
	CHECK(fw == 135 && bw == 531);
	CHECK(sent.next->next->next->next == &sent);
	return done();
}
