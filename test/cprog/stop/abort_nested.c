// SPDX-License-Identifier: Apache-2.0
// abort() from a helper inside a loop once a condition holds (no output before it); expect: abort
#include <stdio.h>
#include <stdlib.h>

static unsigned acc;

static void step(unsigned i)
{
	acc = acc * 7u + i;
	if (acc > 1000000u)
		abort();
}

int main(void)
{
	for (unsigned i = 0; i < 100; i++)
		step(i);
	return 0;
}
