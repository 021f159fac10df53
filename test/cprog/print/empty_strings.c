// SPDX-License-Identifier: Apache-2.0
// Empty strings as formats and arguments: clang gives an empty literal's array a zero initializer, which the
// compiler once read as a string of bytes it did not have (kiln-cc crashed on printf("")).
#include <stdio.h>
#include <string.h>

#pragma GCC diagnostic ignored "-Wformat-zero-length"

static const char empty[4];

int main(void)
{
	printf("");
	printf("%s", "");
	printf("%s|%s|\n", "", empty);
	printf("[%.0s]\n", "hidden");
	puts("");
	printf("%d\n", (int)strlen(empty) + printf(""));
	printf("ok\n");
	return 0;
}
