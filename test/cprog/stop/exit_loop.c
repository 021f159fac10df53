// SPDX-License-Identifier: Apache-2.0
// exit(42) inside a loop after printing on every iteration; expect: exit 42
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	unsigned h = 1;
	for (int i = 0; i < 100; i++) {
		h = h * 31u + (unsigned)i;
		printf("%d %u\n", i, h);
		if (i == 5)
			exit(42);
	}
	printf("not reached\n");
	return 0;
}
