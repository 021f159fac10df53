// SPDX-License-Identifier: Apache-2.0
// Recursion that tail-call elimination cannot remove: two calls per level (fib), a call whose argument is
// another call's result (Ackermann), a result used after the call (a non-associative step), and gcd's tail
// call, which stays a loop.
#include <stdio.h>

static int fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static int ack(int m, int n)
{
	if (m == 0)
		return n + 1;
	if (n == 0)
		return ack(m - 1, 1);
	return ack(m - 1, ack(m, n - 1));
}

static unsigned mix(unsigned n)
{
	if (n == 0)
		return 1;
	unsigned d = mix(n - 1);
	return (d ^ (d >> 3)) * 2654435761u + n;
}

static int gcd(int a, int b)
{
	return b ? gcd(b, a % b) : a;
}

static long long power(long long b, unsigned e)
{
	if (e == 0)
		return 1;
	long long h = power(b, e / 2);
	return e & 1 ? h * h * b : h * h;
}

int main(void)
{
	for (int i = 0; i <= 16; i += 4)
		printf("fib(%d) = %d\n", i, fib(i));
	printf("ack(2, 3) = %d, ack(3, 2) = %d\n", ack(2, 3), ack(3, 2));
	printf("mix(40) = %u\n", mix(40));
	printf("gcd = %d %d %d\n", gcd(1071, 462), gcd(17, 5), gcd(0, 9));
	printf("power = %lld %lld\n", power(3, 13), power(-2, 31));
	if (fib(10) != 55 || ack(2, 3) != 9 || gcd(1071, 462) != 21 || power(3, 13) != 1594323)
		return 1;
	printf("ok\n");
	return 0;
}
