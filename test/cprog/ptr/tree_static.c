// SPDX-License-Identifier: Apache-2.0
// a binary search tree in a static node array: iterative insertion through pointer-to-pointer, lookups
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

struct tn {
	int key;
	struct tn *l, *r;
};
static struct tn nodes[15];
static struct tn *root;

int main(void)
{
	static const int keys[15] = {50, 30, 70, 20, 40, 60, 80, 35, 45, 65, 10, 90, 55, 25, 75};
	for (int i = 0; i < 15; i++) {
		struct tn **slot = &root;
		while (*slot)
			slot = keys[i] < (*slot)->key ? &(*slot)->l : &(*slot)->r;
		nodes[i].key = keys[i];
		*slot = &nodes[i];
	}
	int found = 0, depth_sum = 0;
	for (int k = 0; k <= 100; k += 5) {
		int d = 0;
		struct tn *t = root;
		while (t && t->key != k) {
			t = k < t->key ? t->l : t->r;
			d++;
		}
		if (t) {
			found++;
			depth_sum += d;
		}
	}
	printf("found %d depth %d\n", found, depth_sum);
	CHECK(found == 15 && depth_sum == 34);
	CHECK(root->l->r->l->key == 35 && root->r->r->r->key == 90);
	return done();
}
