// SPDX-License-Identifier: Apache-2.0
// GCC vector extensions on ints: every operator elementwise, a scalar operand broadcast, comparisons as
// masks, elements read and written by index, vectors in globals, arrays and structs.
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef unsigned v4su __attribute__((vector_size(16)));
typedef long long v2di __attribute__((vector_size(16)));

static v4si u = {1, -2, 3, 40};
static v4si tab[3] = {{7, 7, 7, 7}, {2, 3, 4, 5}, {-1, 0, 1, 2}};
static struct {
	char tag;
	v2di pair;
} rec = {'r', {1234567890123ll, -5}};

static void show(const char *what, v4si v)
{
	printf("%s %d %d %d %d\n", what, v[0], v[1], v[2], v[3]);
}

int main(void)
{
	v4si a = u * 3 + tab[1], b = tab[2] - a;
	show("a", a);
	show("b", b);
	show("mul", a * b);
	show("div", a / tab[1]);
	show("rem", a % tab[1]);
	show("and/or/xor", (a & 12) | (b ^ tab[0]));
	show("shl", a << 3);
	show("shr", b >> 1);
	show("neg/not", -a + ~b);
	show("gt", a > 8);
	show("eq", a == tab[1] * 0 + 11);
	show("le", b <= -3);
	v4si mask = a > b;
	show("select", (a & mask) | (b & ~mask));
	v4su w = (v4su)b;
	w >>= 28;
	printf("unsigned %u %u %u %u\n", w[0], w[1], w[2], w[3]);
	int sum = 0;
	for (int i = 0; i < 4; i++)
		sum += a[i] * (i + 1);
	a[2] = 100;
	u = a;
	tab[0][3] = sum;
	show("u", u);
	show("tab0", tab[0]);
	rec.pair = rec.pair * 3 + (v2di){1, 2};
	printf("%c %lld %lld\n", rec.tag, rec.pair[0], rec.pair[1]);
	if (sum != 538 || u[2] != 100)
		return 1;
	printf("ok\n");
	return 0;
}
