// SPDX-License-Identifier: Apache-2.0
// exit(3) from main after some output; expect: exit 3
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int s = 0;
	for (int i = 1; i <= 4; i++) {
		s += i;
		printf("partial %d\n", s);
	}
	exit(s - 7);
}
