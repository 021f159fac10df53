// SPDX-License-Identifier: Apache-2.0
/* Host side of examples/shapes.c: one kernel builds shapes in device memory, another computes their areas by
 * calling through the shapes' tables, and on a board with fp64 a third does it in double. On a board without
 * fp64 the image has no shapes_fp64 set, and launching areas_precise is refused (KILN_ERR_UNSUPPORTED).
 * Build: cc shapes_host.c $(pkg-config --cflags --libs kiln)   Run: ./shapes_host shapes.kimg */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <kiln/kiln.h>

#include "shapes.h"

#define N 9

static void check(int st, const char *what)
{
	if (st != KILN_OK) {
		fprintf(stderr, "shapes: %s: %s (%s)\n", what, kiln_last_error(), kiln_status_name(st));
		exit(1);
	}
}

/* Sets kernel K's arguments to the N values of ARGS (device addresses and ints). */
static void args(kiln_kernel *k, int n, const uint64_t *a, const int *is_int)
{
	for (int i = 0; i < n; i++) {
		int v = (int)a[i];
		check(is_int[i] ? kiln_kernel_set_arg(k, (unsigned)i, sizeof v, &v)
		                : kiln_kernel_set_arg(k, (unsigned)i, sizeof a[i], &a[i]),
		      "setting an argument");
	}
}

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : "build/examples/shapes.kimg";
	static const char *const names[] = {"circle", "square", "triangle"};
	kiln_device *dev;
	kiln_program *prog;
	kiln_kernel *build, *areas, *precise;
	int kind[N], n = N, bad = 0;
	float dim[2 * N], area[N];
	double parea[N];
	uint64_t dshapes, dkind, ddim, darea, dparea;

	check(kiln_device_open(NULL, &dev), "opening the board");
	check(kiln_program_load(dev, image, &prog), "loading the image");
	check(kiln_kernel_get(prog, "build_shapes", &build), "finding kernel build_shapes");
	check(kiln_kernel_get(prog, "areas", &areas), "finding kernel areas");
	check(kiln_kernel_get(prog, "areas_precise", &precise), "finding kernel areas_precise");
	for (int i = 0; i < N; i++) {
		kind[i] = i % 3;
		dim[2 * i] = 1.5f + (float)i;
		dim[2 * i + 1] = 0.25f * (float)(i + 2);
	}
	check(kiln_mem_alloc(dev, N * sizeof(struct shape), &dshapes), "allocating the shapes");
	check(kiln_mem_alloc(dev, sizeof kind, &dkind), "allocating kinds");
	check(kiln_mem_alloc(dev, sizeof dim, &ddim), "allocating dimensions");
	check(kiln_mem_alloc(dev, sizeof area, &darea), "allocating areas");
	check(kiln_mem_alloc(dev, sizeof parea, &dparea), "allocating precise areas");
	check(kiln_mem_write(dev, dkind, kind, sizeof kind), "writing kinds");
	check(kiln_mem_write(dev, ddim, dim, sizeof dim), "writing dimensions");

	args(build, 4, (uint64_t[]){dshapes, dkind, ddim, (uint64_t)n}, (int[]){0, 0, 0, 1});
	check(kiln_kernel_run(build, NULL), "running build_shapes");
	args(areas, 3, (uint64_t[]){dshapes, darea, (uint64_t)n}, (int[]){0, 0, 1});
	check(kiln_kernel_run(areas, NULL), "running areas");
	check(kiln_mem_read(dev, darea, area, sizeof area), "reading areas");
	for (int i = 0; i < N; i++) {
		float a = dim[2 * i], b = dim[2 * i + 1];
		float want = kind[i] == SHAPE_CIRCLE   ? 3.14159265f * a * a
		             : kind[i] == SHAPE_SQUARE ? a * a
		                                       : 0.5f * a * b;
		printf("%-8s %5.2f %5.2f  area %.6g%s\n", names[kind[i]], a, b, area[i],
		       area[i] == want ? "" : "  WRONG");
		bad += area[i] != want;
	}

	args(precise, 3, (uint64_t[]){dshapes, dparea, (uint64_t)n}, (int[]){0, 0, 1});
	int st = kiln_kernel_run(precise, NULL);
	if (kiln_device_has_aspect(dev, "fp64")) {
		check(st, "running areas_precise");
		check(kiln_mem_read(dev, dparea, parea, sizeof parea), "reading precise areas");
		for (int i = 0; i < N; i++) {
			double a = dim[2 * i], b = dim[2 * i + 1];
			double want = kind[i] == SHAPE_CIRCLE   ? 3.14159265358979323846 * a * a
			              : kind[i] == SHAPE_SQUARE ? a * a
			                                        : 0.5 * a * b;
			bad += parea[i] != want;
		}
		printf("areas in double (set shapes_fp64): %s\n", bad ? "WRONG" : "all correct");
	} else {
		printf("board '%s' has no fp64: areas_precise is refused: %s (%s)\n",
		       kiln_device_board_name(dev), kiln_last_error(), kiln_status_name(st));
		bad += st != KILN_ERR_UNSUPPORTED;
	}
	printf("shapes: %s\n", bad ? "WRONG" : "all correct");
	kiln_program_release(prog);
	kiln_device_close(dev);
	return bad ? 1 : 0;
}
