// SPDX-License-Identifier: Apache-2.0
// Floating-point vectors: float and double lanes, scalar broadcast, comparisons, conversion to and from
// integer lanes.
#include <stdio.h>

typedef float v4sf __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));
typedef int v4si __attribute__((vector_size(16)));

static v4sf weights = {0.5f, 0.25f, 0.125f, 2.0f};

int main(void)
{
	v4sf x = {1.5f, -2.5f, 3.0f, 1e-3f};
	v4sf y = x * weights + 1.0f;
	v4sf z = y / (x - 4.0f);
	for (int i = 0; i < 4; i++)
		printf("%.9g %.9g\n", y[i], z[i]);
	v4si m = y > 1.0f;
	v4si n = __builtin_convertvector(z * 1000.0f, v4si);
	printf("mask %d %d %d %d trunc %d %d %d %d\n", m[0], m[1], m[2], m[3], n[0], n[1], n[2], n[3]);
	v2df d = {1.0 / 3.0, -7.25};
	v2df e = d * d - 0.5;
	v4sf back = __builtin_convertvector(n, v4sf) / 8.0f;
	printf("%.17g %.17g %g %g\n", e[0], e[1], back[0], back[3]);
	float acc = 0;
	for (int k = 0; k < 10; k++) {
		x = x * 0.5f + weights;
		acc += x[k & 3];
	}
	printf("acc %.9g\n", acc);
	printf("ok\n");
	return 0;
}
