// SPDX-License-Identifier: Apache-2.0
// an opcode interpreter dispatching through a table, checked against a switch
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

static unsigned f_add(unsigned a, unsigned b)
{
	return a + b;
}
static unsigned f_sub(unsigned a, unsigned b)
{
	return a - b;
}
static unsigned f_mul(unsigned a, unsigned b)
{
	return a * b;
}
static unsigned f_rot(unsigned a, unsigned b)
{
	b &= 31;
	return b ? (a << b) | (a >> (32 - b)) : a;
}
static unsigned (*const tab[4])(unsigned, unsigned) = {f_add, f_sub, f_mul, f_rot};

static unsigned by_switch(int op, unsigned a, unsigned b)
{
	switch (op) {
	case 0:
		return f_add(a, b);
	case 1:
		return f_sub(a, b);
	case 2:
		return f_mul(a, b);
	default:
		return f_rot(a, b);
	}
}

int main(void)
{
	unsigned x = 1, y = 1, seed = 12345;
	for (int i = 0; i < 64; i++) {
		seed = seed * 1103515245u + 12345u;
		int op = (int)(seed >> 16) & 3;
		unsigned arg = (seed >> 8) & 0xffff;
		x = tab[op](x, arg);
		y = by_switch(op, y, arg);
		CHECK(x == y);
	}
	printf("%u\n", x);
	return done();
}
