// SPDX-License-Identifier: Apache-2.0
// function pointers in file-scope struct initialisers (a command table searched by name)
#include <stdio.h>
#include <string.h>

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

struct cmd {
	const char *name;
	int (*run)(int);
};
static int c_inc(int v)
{
	return v + 1;
}
static int c_dec(int v)
{
	return v - 1;
}
static int c_sq(int v)
{
	return v * v;
}
static int c_clr(int v)
{
	return v & 0;
}
static const struct cmd cmds[] = {{"inc", c_inc}, {"dec", c_dec}, {"sq", c_sq}, {"clr", c_clr}, {NULL, NULL}};

static int exec(const char *name, int v)
{
	for (const struct cmd *c = cmds; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c->run(v);
	return -1000;
}

int main(void)
{
	static const char *script[] = {"inc", "inc", "sq", "dec", "nop", "sq", "clr", "inc"};
	int v = 0;
	for (int i = 0; i < 8; i++) {
		int r = exec(script[i], v);
		if (r != -1000)
			v = r;
		printf("%s -> %d\n", script[i], v);
	}
	CHECK(v == 1);
	return done();
}
