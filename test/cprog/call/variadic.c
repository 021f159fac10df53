// SPDX-License-Identifier: Apache-2.0
// variadic functions: va_arg in a loop and in sequence, mixed types, structs by value, va_copy, a va_list
// handed to another function, calls with no variable arguments
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct point {
	int x, y;
	char tag[6];
};

static int sum(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int s = 0;
	for (int i = 0; i < n; i++)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}

/* types as the format says, like a small printf */
static double mixed(const char *fmt, ...)
{
	va_list ap;
	double acc = 0;
	va_start(ap, fmt);
	for (const char *f = fmt; *f; f++) {
		switch (*f) {
		case 'i':
			acc += va_arg(ap, int);
			break;
		case 'l':
			acc += (double)va_arg(ap, long long);
			break;
		case 'd':
			acc += va_arg(ap, double);
			break;
		case 's':
			acc += (double)strlen(va_arg(ap, const char *));
			break;
		case 'p': {
			struct point *p = va_arg(ap, struct point *);
			acc += p->x * 10 + p->y;
			p->x++; /* through a pointer: the caller sees it */
			break;
		}
		case 'v': {
			struct point p = va_arg(ap, struct point);
			acc += p.x * 100 + p.y + p.tag[4];
			p.y = -1; /* a copy: the caller's stays */
			break;
		}
		}
	}
	va_end(ap);
	return acc;
}

static long vsum_longs(int n, va_list ap)
{
	long s = 0;
	while (n--)
		s += va_arg(ap, long);
	return s;
}

/* two passes over the same arguments */
static long twice(int n, ...)
{
	va_list ap, aq;
	va_start(ap, n);
	va_copy(aq, ap);
	long first = vsum_longs(n, ap);
	long second = 0;
	for (int i = 0; i < n; i++)
		second += va_arg(aq, long) * (i + 1);
	va_end(aq);
	va_end(ap);
	return first * 1000 + second;
}

static int count_until_zero(int first, ...)
{
	va_list ap;
	int n = 0;
	va_start(ap, first);
	for (int v = first; v; v = va_arg(ap, int))
		n++;
	va_end(ap);
	return n;
}

int main(void)
{
	int fails = 0;
	struct point a = {3, 4, "abcde"}, b = {7, 8, "vwxyz"};
	int s = sum(0) + sum(1, 5) + sum(4, 1, 2, 3, 4);
	printf("sum %d\n", s);
	fails += s != 15;
	for (int k = 1; k <= 3; k++) {
		int t = k == 1 ? sum(1, k) : k == 2 ? sum(2, k, k) : sum(3, k, k, k);
		printf("sum of %d: %d\n", k, t);
		fails += t != k * k;
	}
	double m = mixed("ildsp", 2, 3000000000LL, 0.5f, "four", &a);
	printf("mixed %.2f, a.x %d\n", m, a.x);
	fails += m != 2 + 3000000000.0 + 0.5 + 4 + 34 || a.x != 4;
	m = mixed("vvi", a, b, -6);
	printf("by value %.1f, a.y %d b.y %d\n", m, a.y, b.y);
	fails += a.y != 4 || b.y != 8;
	long t = twice(3, 10L, 20L, 30L);
	printf("twice %ld\n", t);
	fails += t != 60 * 1000 + 140;
	int c = count_until_zero(9, 8, 7, 0) + count_until_zero(0);
	printf("count %d\n", c);
	fails += c != 3;
	return fails;
}
