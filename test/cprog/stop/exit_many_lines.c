// SPDX-License-Identifier: Apache-2.0
// exit(1) after 100 lines of output: everything printed before exit is delivered; expect: exit 1
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	unsigned x = 12345;
	for (int i = 0; i < 100; i++) {
		x = x * 1103515245u + 12345u;
		printf("line %3d %08x\n", i, x);
	}
	exit(1);
}
