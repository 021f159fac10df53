// SPDX-License-Identifier: Apache-2.0
// exit(255), the largest exit status; expect: exit 255
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	printf("status 255\n");
	exit(255);
}
