// SPDX-License-Identifier: Apache-2.0
/* The shapes of examples/shapes.c, shared by its kernels and its host program: an object's first field
 * points at its table of functions, as a C++ compiler lays out a class with virtual functions. */
#ifndef KILN_EXAMPLE_SHAPES_H
#define KILN_EXAMPLE_SHAPES_H

enum { SHAPE_CIRCLE = 0, SHAPE_SQUARE = 1, SHAPE_TRIANGLE = 2 };

struct shape;
struct shape_ops {
	float (*area)(const struct shape *s);
	double (*area_precise)(const struct shape *s);
};

struct shape {
	const struct shape_ops *ops; /* set on the device; the host only allocates the objects */
	float a, b;                  /* radius; side; base and height */
};

#endif
