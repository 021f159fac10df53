// SPDX-License-Identifier: Apache-2.0
// exit(7) from a helper three calls deep; the code after the calls never runs; expect: exit 7
#include <stdio.h>
#include <stdlib.h>

static void level3(int v)
{
	printf("level3 %d\n", v);
	if (v > 2)
		exit(7);
}

static void level2(int v)
{
	level3(v + 1);
	printf("not reached 2\n");
}

static int level1(int v)
{
	printf("level1 %d\n", v);
	level2(v + 1);
	printf("not reached 1\n");
	return 1;
}

int main(void)
{
	int r = level1(1);
	printf("not reached main %d\n", r);
	return 0;
}
