// SPDX-License-Identifier: Apache-2.0
/* The tracer bullet as one single-source program (kiln-cc --single-source): examples/counter.c and
 * examples/counter_host.c in one file, printing what counter_host prints. */
#include <stdio.h>

#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, counter, KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON);

KILN_SINGLE_TASK_KERNEL void bump(int n)
{
	counter += n;
}

int main(int argc, char **argv)
{
	const char *image = argc > 0 ? argv[0] : "counter_single";
	int start = 5, n = 3;

	counter = start;
	kiln_dg_push(counter);
	printf("counter <- %d\n", start);
	for (int i = 0; i < 2; i++) {
		bump(n);
		printf("bump(%d) ran in %llu cycles\n", n, (unsigned long long)kiln_ss_cycles());
	}
	kiln_dg_pull(counter);
	printf("counter -> %d (expected %d)\n\n", counter, start + 2 * n);
	printf("register map of %s:\n%s", image, kiln_program_regmap_text(kiln_ss_program()));
	return counter == start + 2 * n ? 0 : 1;
}
