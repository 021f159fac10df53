// SPDX-License-Identifier: Apache-2.0
// %x, %X and %o, with the # flag, zero padding and widths
#include <stdio.h>

static const unsigned vals[6] = {0, 1, 255, 0xDEADBEEFu, 8, 0x7FFFFFFFu};

int main(void)
{
	for (int i = 0; i < 6; i++)
		printf("[%x] [%X] [%o] [%#x] [%#X] [%#o] [%08x] [%#10x]\n", vals[i], vals[i], vals[i],
		       vals[i], vals[i], vals[i], vals[i], vals[i]);
	printf("ok\n");
	return 0;
}
