// SPDX-License-Identifier: Apache-2.0
// Arithmetic on the addresses of static objects that clang leaves as constant expressions (an object's
// address is only known when it is placed): alignment tests, rounding a pointer up, division and remainder
// of an address, signed comparisons of address differences, an index computed from two addresses.
#include <stdint.h>
#include <stdio.h>

static _Alignas(16) char buf[64];
static _Alignas(8) int arr[10];

static int check(int ok, const char *what)
{
	printf("%-36s %s\n", what, ok ? "ok" : "WRONG");
	return ok ? 0 : 1;
}

int main(void)
{
	int bad = 0;
	bad += check((uintptr_t)buf % 16 == 0, "aligned object: address % 16");
	bad += check((intptr_t)buf % 16 == 0, "signed remainder");
	bad += check(((uintptr_t)buf / 16) * 16 == (uintptr_t)buf, "address / 16 * 16");
	bad += check(((intptr_t)buf / 8) * 8 == (intptr_t)buf, "signed address / 8 * 8");
	bad += check(((uintptr_t)(buf + 5) & 15) == 5, "low bits of an offset address");
	bad += check(((uintptr_t)(arr + 3) >> 2 & 1) == 1, "a shifted address");
	char *up = (char *)(((uintptr_t)(buf + 1) + 15) & ~(uintptr_t)15);
	up[0] = 42;
	bad += check(buf[up - buf] == 42 && up - buf == 16, "pointer rounded up, then an index");
	bad += check((intptr_t)(buf + 3) - (intptr_t)(buf + 9) < 0, "signed difference below zero");
	bad += check(((intptr_t)buf - (intptr_t)(buf + 12)) / 4 == -3, "signed division of a difference");
	bad += check(((intptr_t)buf - (intptr_t)(buf + 13)) % 4 == -1, "signed remainder of a difference");
	bad += check(((intptr_t)buf ^ INTPTR_MIN) < 0, "signed comparison of an address");
	bad += check((uintptr_t)buf != (uintptr_t)arr, "two objects, two addresses");
	return bad;
}
