// SPDX-License-Identifier: Apache-2.0
// puts (which appends a newline) and putchar, including their return values
#include <stdio.h>

int main(void)
{
	int fails = 0;
	puts("puts line");
	puts("");
	static const char word[] = "putchar";
	for (int i = 0; word[i]; i++)
		if (putchar(word[i]) != word[i])
			fails++;
	if (putchar('\n') != '\n')
		fails++;
	if (putchar(0x141) != 0x41)
		fails++;
	putchar('\n');
	if (puts("done") < 0)
		fails++;
	if (fails)
		printf("failed %d\n", fails);
	else
		puts("ok");
	return fails;
}
