// SPDX-License-Identifier: Apache-2.0
// a state machine whose states are functions returning the next state's index
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

enum { S_START, S_NUM, S_WORD, S_SPACE, S_END };
static int nums, words;

static int st_start(char c)
{
	return c == 0 ? S_END : c >= '0' && c <= '9' ? S_NUM : c == ' ' ? S_SPACE : S_WORD;
}
static int st_num(char c)
{
	if (c >= '0' && c <= '9')
		return S_NUM;
	nums++;
	return st_start(c);
}
static int st_word(char c)
{
	if (c != ' ' && c != 0)
		return S_WORD;
	words++;
	return st_start(c);
}
static int st_space(char c)
{
	return st_start(c);
}
static int (*const states[4])(char) = {st_start, st_num, st_word, st_space};

int main(void)
{
	const char *in = "12 apples and 7 pears cost 345 coins";
	int s = S_START, steps = 0;
	for (const char *p = in;; p++) {
		s = states[s](*p);
		steps++;
		if (s == S_END)
			break;
	}
	printf("nums %d words %d steps %d\n", nums, words, steps);
	CHECK(nums == 3 && words == 5 && steps == 37);
	return done();
}
