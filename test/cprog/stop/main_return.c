// SPDX-License-Identifier: Apache-2.0
// main returning a non-zero value ends the program with that status; expect: exit 12
#include <stdio.h>

int main(void)
{
	int n = 0;
	for (int i = 0; i < 4; i++)
		n += 3;
	printf("returning %d\n", n);
	return n;
}
