// SPDX-License-Identifier: Apache-2.0
// %c and %s with strings from on-chip tables, local char arrays and string literals
#include <stdio.h>

static const char *const table[4] = {"alpha", "", "gamma ray", "d"};
static char board[16] = "kiln-board";

int main(void)
{
	char local[8];
	for (int i = 0; i < 7; i++)
		local[i] = (char)('A' + i * 2);
	local[7] = 0;
	for (int i = 0; i < 4; i++)
		printf("%d:[%s]\n", i, table[i]);
	printf("%s %s %s\n", board, local, "literal");
	for (int i = 0; i < 7; i++)
		printf("%c", local[i]);
	printf("%c%c%c\n", '<', board[0], '>');
	printf("%s%s|\n", table[1], board + 5);
	printf("ok\n");
	return 0;
}
