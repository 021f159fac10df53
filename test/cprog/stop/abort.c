// SPDX-License-Identifier: Apache-2.0
// abort() from main (prints nothing first: glibc's abort does not flush stdout); expect: abort
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	abort();
}
