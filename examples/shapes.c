// SPDX-License-Identifier: Apache-2.0
/* Virtual functions in C on an FPGA (seed 001): shapes whose first field points at a table of functions.
 * build_shapes makes circles, squares and triangles in device memory; areas computes their areas through the
 * tables (set `shapes`, float); areas_precise does it in double (set `shapes_fp64`). build_shapes only stores
 * the tables' addresses: it calls nothing through them and needs no fp64, so it runs on every board. On a
 * board without fp64, kiln-cc --board drops set shapes_fp64, and the runtime refuses areas_precise.
 *
 *   kiln-cc -o shapes.kimg shapes.c                      (the sim board: both sets)
 *   kiln-cc --board sim-nofp64 -o shapes32.kimg shapes.c  (no double units: shapes_fp64 dropped) */
#include <kiln/device.h>

#include "shapes.h"

KILN_INDIRECTLY_CALLABLE(shapes) static float circle_area(const struct shape *s)
{
	return 3.14159265f * s->a * s->a;
}

KILN_INDIRECTLY_CALLABLE(shapes) static float square_area(const struct shape *s)
{
	return s->a * s->a;
}

KILN_INDIRECTLY_CALLABLE(shapes) static float triangle_area(const struct shape *s)
{
	return 0.5f * s->a * s->b;
}

KILN_INDIRECTLY_CALLABLE(shapes_fp64) static double circle_area_precise(const struct shape *s)
{
	return 3.14159265358979323846 * (double)s->a * (double)s->a;
}

KILN_INDIRECTLY_CALLABLE(shapes_fp64) static double square_area_precise(const struct shape *s)
{
	return (double)s->a * (double)s->a;
}

KILN_INDIRECTLY_CALLABLE(shapes_fp64) static double triangle_area_precise(const struct shape *s)
{
	return 0.5 * (double)s->a * (double)s->b;
}

static const struct shape_ops circle_ops = {circle_area, circle_area_precise};
static const struct shape_ops square_ops = {square_area, square_area_precise};
static const struct shape_ops triangle_ops = {triangle_area, triangle_area_precise};

/* Shape i is KIND[i] (SHAPE_CIRCLE, SHAPE_SQUARE, SHAPE_TRIANGLE) with dimensions DIM[2i], DIM[2i + 1]. */
KILN_SINGLE_TASK_KERNEL void build_shapes(struct shape *out, const int *kind, const float *dim, int n)
{
	for (int i = 0; i < n; i++) {
		out[i].ops = kind[i] == SHAPE_CIRCLE   ? &circle_ops
		             : kind[i] == SHAPE_SQUARE ? &square_ops
		                                       : &triangle_ops;
		out[i].a = dim[2 * i];
		out[i].b = dim[2 * i + 1];
	}
}

KILN_SINGLE_TASK_KERNEL KILN_CALLS_INDIRECTLY(shapes) void areas(const struct shape *s, float *area, int n)
{
	for (int i = 0; i < n; i++)
		area[i] = s[i].ops->area(&s[i]);
}

KILN_SINGLE_TASK_KERNEL KILN_CALLS_INDIRECTLY(shapes_fp64) void areas_precise(const struct shape *s,
                                                                              double *area, int n)
{
	for (int i = 0; i < n; i++)
		area[i] = s[i].ops->area_precise(&s[i]);
}
