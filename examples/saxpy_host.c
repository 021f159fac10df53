// SPDX-License-Identifier: Apache-2.0
/* Host side of examples/saxpy.c with libkiln: device memory, pointer arguments, an nd-range launch.
 * Build: cc saxpy_host.c $(pkg-config --cflags --libs kiln)   Run: ./saxpy_host saxpy.kimg */
#include <stdio.h>
#include <stdlib.h>

#include <kiln/kiln.h>

#define N 64

static void check(int st, const char *what)
{
	if (st != KILN_OK) {
		fprintf(stderr, "saxpy: %s: %s (%s)\n", what, kiln_last_error(), kiln_status_name(st));
		exit(1);
	}
}

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : "build/examples/saxpy.kimg";
	kiln_device *dev;
	kiln_program *prog;
	kiln_kernel *saxpy;
	int x[N], y[N], a = 3, bias = 7;
	uint64_t dx, dy, cycles = 0;

	check(kiln_device_open(NULL, &dev), "opening the board");
	check(kiln_program_load(dev, image, &prog), "loading the image");
	check(kiln_kernel_get(prog, "saxpy", &saxpy), "finding kernel saxpy");

	for (int i = 0; i < N; i++) {
		x[i] = i;
		y[i] = 1000 - i;
	}
	/* Device memory: the address is what a pointer argument takes (8 bytes). */
	check(kiln_mem_alloc(dev, sizeof x, &dx), "allocating x");
	check(kiln_mem_alloc(dev, sizeof y, &dy), "allocating y");
	check(kiln_mem_write(dev, dx, x, sizeof x), "writing x");
	check(kiln_mem_write(dev, dy, y, sizeof y), "writing y");
	check(kiln_dg_write(prog, "bias", &bias, sizeof bias, 0), "writing the device global bias");
	check(kiln_kernel_set_arg(saxpy, 0, sizeof dy, &dy), "setting y");
	check(kiln_kernel_set_arg(saxpy, 1, sizeof dx, &dx), "setting x");
	check(kiln_kernel_set_arg(saxpy, 2, sizeof a, &a), "setting a");

	size_t global = N, local = 16;
	check(kiln_kernel_run_nd(saxpy, &global, &local, &cycles), "running saxpy");
	check(kiln_mem_read(dev, dy, y, sizeof y), "reading y");

	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += y[i] != a * i + 1000 - i + bias;
	printf("saxpy over %d work-items in %llu cycles: %s\n", N, (unsigned long long)cycles,
	       bad ? "WRONG" : "all correct");

	kiln_mem_free(dev, dx);
	kiln_mem_free(dev, dy);
	kiln_program_release(prog);
	kiln_device_close(dev);
	return bad ? 1 : 0;
}
