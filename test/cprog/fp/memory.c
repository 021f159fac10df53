// SPDX-License-Identifier: Apache-2.0
// floats and doubles in structs, arrays, on-chip tables, globals, unions and through pointers
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct point {
	float x, y;
	double w;
	char tag;
};

static const float table[8] = {0.5f, -1.25f, 3.0e-39f, 1e30f, -0.0f, 7.0f, 0.1f, 2.0f};
static const double dtable[5] = {1e-310, -2.5, 0.1, 1e300, 3.0};
static double acc = 1.5;
static float scale[4] = {1.0f, 0.5f, 0.25f, 0.125f};
static struct point pts[6];

union bits {
	float f;
	uint32_t u;
};

static void move(struct point *p, float dx, double dw)
{
	p->x += dx;
	p->y -= dx * 2.0f;
	p->w *= dw;
}

static double sum_w(const struct point *p, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += p[i].w + p[i].x;
	return s;
}

int main(void)
{
	for (int i = 0; i < 6; i++) {
		pts[i].x = table[i] * scale[i & 3];
		pts[i].y = (float)dtable[i % 5];
		pts[i].w = dtable[(i + 2) % 5] + acc;
		pts[i].tag = (char)('a' + i);
		acc = acc * 0.5 + pts[i].x;
	}
	for (int i = 0; i < 6; i++)
		move(&pts[i], table[(i + 3) & 7], dtable[i % 5]);
	float local[10];
	double *dp = &pts[2].w;
	for (int i = 0; i < 10; i++)
		local[i] = i ? local[i - 1] * 1.5f + (float)*dp : table[7];
	union bits b;
	b.f = local[9];
	printf("local[9] bits %08x\n", b.u);
	for (int i = 0; i < 6; i++) {
		union bits bx = {pts[i].x}, by = {pts[i].y};
		uint64_t w;
		memcpy(&w, &pts[i].w, 8);
		printf("%c: %08x %08x %016llx\n", pts[i].tag, bx.u, by.u, (unsigned long long)w);
	}
	double s = sum_w(pts, 6);
	uint64_t sb;
	memcpy(&sb, &s, 8);
	printf("sum %016llx acc %.17g\n", (unsigned long long)sb, acc);
	printf("ok\n");
	return 0;
}
