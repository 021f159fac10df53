// SPDX-License-Identifier: Apache-2.0
// Recursion through function pointers: an expression tree whose nodes evaluate their children through a
// table of operations, each of which calls back into the evaluator.
#include <stdio.h>

struct node;
typedef int (*op_fn)(const struct node *);

struct node {
	op_fn op;
	int value;
	const struct node *l, *r;
};

static int eval(const struct node *n)
{
	return n->op(n);
}

static int leaf(const struct node *n)
{
	return n->value;
}

static int add(const struct node *n)
{
	return eval(n->l) + eval(n->r);
}

static int mul(const struct node *n)
{
	int a = eval(n->l);
	return a * eval(n->r);
}

static int neg(const struct node *n)
{
	return -eval(n->l);
}

/* The tree in postfix order, built at run time: 'n' a number (the next value), '+', '*', '~' (negate). */
static volatile char program[] = "n3n4+n5n2n6+*~*n7+";

int main(void)
{
	static const op_fn ops[128] = {['+'] = add, ['*'] = mul, ['~'] = neg, ['n'] = leaf};
	struct node pool[16], *stack[16];
	int top = 0, used = 0;
	for (int i = 0; program[i]; i++) {
		struct node *n = &pool[used++];
		char c = program[i];
		n->op = ops[(unsigned char)c];
		n->value = c == 'n' ? program[++i] - '0' : 0;
		n->r = c == '+' || c == '*' ? stack[--top] : 0;
		n->l = c != 'n' ? stack[--top] : 0;
		stack[top++] = n;
	}
	int v = eval(stack[0]);
	printf("%d %d %d\n", v, eval(&pool[7]), eval(&pool[2]));
	if (v != -273)
		return 1;
	printf("ok\n");
	return 0;
}
