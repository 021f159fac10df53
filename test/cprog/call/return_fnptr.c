// SPDX-License-Identifier: Apache-2.0
// a function that returns a function pointer, chosen by an opcode
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

typedef unsigned (*binop)(unsigned, unsigned);

static unsigned op_and(unsigned a, unsigned b)
{
	return a & b;
}
static unsigned op_or(unsigned a, unsigned b)
{
	return a | b;
}
static unsigned op_xor(unsigned a, unsigned b)
{
	return a ^ b;
}
static unsigned op_shl(unsigned a, unsigned b)
{
	return a << (b & 31);
}

static binop decode(char c)
{
	switch (c) {
	case '&':
		return op_and;
	case '|':
		return op_or;
	case '^':
		return op_xor;
	default:
		return op_shl;
	}
}

int main(void)
{
	const char *prog = "|^&<|^<|";
	unsigned acc = 0x1234u;
	for (int i = 0; prog[i]; i++) {
		binop f = decode(prog[i]);
		acc = f(acc, 0x0F0Fu + (unsigned)i);
		printf("%c %x\n", prog[i], acc);
	}
	CHECK(decode('&') == op_and && decode('?') == op_shl);
	CHECK(acc == 0xE00F16u);
	return done();
}
