// SPDX-License-Identifier: Apache-2.0
// many printf calls in a loop: a multiplication table and a running checksum
#include <stdio.h>

int main(void)
{
	unsigned sum = 0;
	for (int r = 1; r <= 12; r++) {
		for (int c = 1; c <= 12; c++) {
			printf("%4d", r * c);
			sum = sum * 31u + (unsigned)(r * c);
		}
		printf("\n");
	}
	for (int i = 0; i < 64; i++)
		printf("%d%c", i, (i % 16 == 15) ? '\n' : ',');
	printf("checksum %u\n", sum);
	printf("ok\n");
	return 0;
}
