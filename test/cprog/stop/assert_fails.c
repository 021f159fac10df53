// SPDX-License-Identifier: Apache-2.0
// a failing assert: glibc's message on stderr, then SIGABRT (no output before it); expect: assert
#include <assert.h>
#include <stdio.h>

static int half(int v)
{
	assert(v % 2 == 0);
	return v / 2;
}

int main(void)
{
	int s = 0;
	for (int v = 8; v > 0; v -= 3)
		s += half(v);
	return s;
}
