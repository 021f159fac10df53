// SPDX-License-Identifier: Apache-2.0
/* A program that checks itself, as CHStone's do: main's status through KERNEL(int *result). With -DBROKEN
 * its check fails and main returns 3. */
#include <kiln/device.h>

static int table[16];

static int self_main(void)
{
	int errors = 0;
	for (int i = 0; i < 16; i++)
		table[i] = i * i;
	for (int i = 0; i < 16; i++)
		errors += table[i] != i * i;
#ifdef BROKEN
	errors += 3;
#endif
	return errors;
}

KILN_SINGLE_TASK_KERNEL void run(int *result)
{
	*result = self_main();
}
