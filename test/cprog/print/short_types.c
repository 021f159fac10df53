// SPDX-License-Identifier: Apache-2.0
// %hd, %hu, %hhd and %hhu: values converted to short or char before printing
#include <stdio.h>

int main(void)
{
	static const int vals[6] = {0, 127, 300, -1, 65537, -129};
	for (int i = 0; i < 6; i++) {
		int v = vals[i];
		printf("%hd %hu %hhd %hhu\n", (short)v, (unsigned short)v, (signed char)(v % 128),
		       (unsigned char)v);
	}
	printf("ok\n");
	return 0;
}
