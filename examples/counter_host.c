// SPDX-License-Identifier: Apache-2.0
/* Host side of the tracer bullet: writes 5 to `counter`, runs bump(3) twice, reads back 11. */
#include <stdio.h>
#include <stdlib.h>

#include <kiln/kiln.h>

static int check(int st, const char *what)
{
	if (st != KILN_OK) {
		fprintf(stderr, "counter: %s: %s (%s)\n", what, kiln_last_error(), kiln_status_name(st));
		exit(1);
	}
	return st;
}

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : "build/examples/counter.kimg";
	kiln_device *dev;
	kiln_program *prog;
	kiln_kernel *bump;
	int start = 5, n = 3, value = 0;
	uint64_t cycles = 0;

	check(kiln_device_open(NULL, &dev), "opening the board");
	check(kiln_program_load(dev, image, &prog), "loading the image");
	check(kiln_kernel_get(prog, "bump", &bump), "finding kernel bump");

	check(kiln_dg_write(prog, "counter", &start, sizeof start, 0), "writing counter");
	printf("counter <- %d\n", start);
	check(kiln_kernel_set_arg(bump, 0, sizeof n, &n), "setting n");
	for (int i = 0; i < 2; i++) {
		check(kiln_kernel_run(bump, &cycles), "running bump");
		printf("bump(%d) ran in %llu cycles\n", n, (unsigned long long)cycles);
	}
	check(kiln_dg_read(prog, "counter", &value, sizeof value, 0), "reading counter");
	printf("counter -> %d (expected %d)\n\n", value, start + 2 * n);
	printf("register map of %s:\n%s", image, kiln_program_regmap_text(prog));

	kiln_program_release(prog);
	kiln_device_close(dev);
	return value == start + 2 * n ? 0 : 1;
}
