// SPDX-License-Identifier: Apache-2.0
// the heap: a linked list, a binary tree and a growing array of malloc'd memory, calloc, realloc, strdup,
// strndup, malloc(0), blocks reused after free, and sizes no heap holds
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	int key;
	struct node *left, *right;
};

static struct node *insert(struct node *root, int key)
{
	struct node **at = &root;
	while (*at)
		at = key < (*at)->key ? &(*at)->left : &(*at)->right;
	*at = calloc(1, sizeof **at);
	if (*at)
		(*at)->key = key;
	return root;
}

/* in order, without recursion: an explicit stack of malloc'd memory */
static long walk(struct node *root, int *count)
{
	struct node **stack = malloc(64 * sizeof *stack);
	int top = 0;
	long weighted = 0;
	struct node *n = root;
	*count = 0;
	while (n || top) {
		while (n) {
			stack[top++] = n;
			n = n->left;
		}
		n = stack[--top];
		weighted += (long)n->key * ++*count;
		struct node *r = n->right;
		free(n);
		n = r;
	}
	free(stack);
	return weighted;
}

int main(void)
{
	int fails = 0;
	struct node *root = NULL;
	unsigned x = 12345;
	for (int i = 0; i < 40; i++) {
		x = x * 1103515245u + 12345u;
		root = insert(root, (int)(x >> 16) % 1000);
	}
	int count;
	long w = walk(root, &count);
	printf("tree: %d nodes, weighted sum %ld\n", count, w);
	fails += count != 40;

	/* a growing array */
	double *v = NULL;
	size_t cap = 0, n = 0;
	for (int i = 0; i < 300; i++) {
		if (n == cap) {
			cap = cap ? cap * 2 : 2;
			double *g = realloc(v, cap * sizeof *v);
			if (!g) {
				fails++;
				break;
			}
			v = g;
		}
		v[n++] = i * 0.5;
	}
	double sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	printf("array: %zu elements, sum %.1f\n", n, sum);
	v = realloc(v, 10 * sizeof *v); /* shrinking keeps the first elements */
	fails += v[9] != 4.5;
	free(v);

	char *s = strdup("kiln heap"), *t = strndup("abcdefgh", 3);
	s[0] = 'K';
	printf("%s %s %zu\n", s, t, strlen(t));
	free(s);
	free(t);

	/* malloc(0) is a unique pointer; blocks come back 16-byte aligned */
	void *z1 = malloc(0), *z2 = malloc(0);
	fails += !z1 || !z2 || z1 == z2 || (uintptr_t)z1 % 16 || (uintptr_t)z2 % 16;
	free(z1);
	free(z2);

	/* the same memory serves again and again */
	long total = 0;
	for (int round = 0; round < 2000; round++) {
		int *b = malloc(100 * sizeof *b);
		if (!b) {
			fails++;
			break;
		}
		for (int i = 0; i < 100; i++)
			b[i] = round + i;
		total += b[99];
		free(b);
	}
	printf("2000 rounds: %ld\n", total);

	/* no heap holds these (kept in a volatile: clang may take an allocation nothing uses to succeed) */
	static void *volatile got[3];
	got[0] = malloc((size_t)1 << 40);
	got[1] = calloc(SIZE_MAX / 2, 4);
	int *keep = malloc(8);
	got[2] = realloc(keep, (size_t)1 << 40); /* and the old block stays */
	fails += got[0] != NULL || got[1] != NULL || got[2] != NULL;
	keep[0] = 7;
	free(keep);
	printf("%s\n", fails ? "failed" : "ok");
	return fails;
}
