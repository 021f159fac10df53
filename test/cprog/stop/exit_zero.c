// SPDX-License-Identifier: Apache-2.0
// exit(0) from main after printing; expect: exit 0
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	printf("before exit\n");
	exit(0);
}
