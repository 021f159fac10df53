// SPDX-License-Identifier: Apache-2.0
// Recursion over data: a binary search tree in the heap (insert, height, in-order walk, free) and towers of
// Hanoi writing through pointers the first call was given.
#include <stdio.h>
#include <stdlib.h>

struct node {
	int key;
	struct node *l, *r;
};

static struct node *insert(struct node *t, int k)
{
	if (!t) {
		t = malloc(sizeof *t);
		if (!t)
			exit(3);
		t->key = k;
		t->l = t->r = NULL;
		return t;
	}
	if (k < t->key)
		t->l = insert(t->l, k);
	else
		t->r = insert(t->r, k);
	return t;
}

static int height(const struct node *t)
{
	if (!t)
		return 0;
	int a = height(t->l), b = height(t->r);
	return 1 + (a > b ? a : b);
}

static void inorder(const struct node *t, int *out, int *n)
{
	if (!t)
		return;
	inorder(t->l, out, n);
	out[(*n)++] = t->key;
	inorder(t->r, out, n);
}

static void destroy(struct node *t)
{
	if (!t)
		return;
	destroy(t->l);
	destroy(t->r);
	free(t);
}

static void hanoi(int n, int from, int to, int via, int *moves, int *log)
{
	if (n == 0)
		return;
	hanoi(n - 1, from, via, to, moves, log);
	log[(*moves)++ % 64] = from * 10 + to;
	hanoi(n - 1, via, to, from, moves, log);
}

int main(void)
{
	struct node *t = NULL;
	unsigned s = 12345;
	for (int i = 0; i < 60; i++) {
		s = s * 1103515245u + 12345u;
		t = insert(t, (int)(s >> 16) % 1000);
	}
	int out[60], n = 0;
	inorder(t, out, &n);
	for (int i = 0; i < n; i++)
		printf("%d%c", out[i], i == n - 1 ? '\n' : ' ');
	printf("height %d\n", height(t));
	destroy(t);
	int moves = 0, log[64];
	hanoi(6, 1, 3, 2, &moves, log);
	printf("hanoi %d moves: %d %d %d %d\n", moves, log[0], log[7], log[31], log[62]);
	for (int i = 1; i < n; i++)
		if (out[i - 1] > out[i])
			return 1;
	if (n != 60 || moves != 63)
		return 1;
	printf("ok\n");
	return 0;
}
