// SPDX-License-Identifier: Apache-2.0
// exit(5) from a function reached through a function pointer table; expect: exit 5
#include <stdio.h>
#include <stdlib.h>

static int step_ok(int v)
{
	printf("ok %d\n", v);
	return v + 1;
}

static int step_stop(int v)
{
	printf("stop %d\n", v);
	exit(v);
}

static int (*const steps[3])(int) = {step_ok, step_ok, step_stop};

int main(void)
{
	int v = 3;
	for (int i = 0; i < 3; i++)
		v = steps[i](v);
	printf("not reached\n");
	return 0;
}
