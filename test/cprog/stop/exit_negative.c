// SPDX-License-Identifier: Apache-2.0
// exit(-1): the status seen by the parent is the low 8 bits, 255; expect: exit 255
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	printf("status -1\n");
	exit(-1);
}
