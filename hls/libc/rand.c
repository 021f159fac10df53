// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's rand and srand, bit for bit glibc's (the TYPE_3 additive feedback generator behind
 * random(), which rand() calls): r[i] = r[i-31] + r[i-3] modulo 2^32, output r[i] >> 1. Written for
 * hardware: the state is the 31 most recent words in one fixed array used as a ring (two indices that wrap
 * by comparison, no modulo), seeding is two counted loops, and nothing is recursive or allocated. */
#include <stdint.h>
#include <stdlib.h>

#define DEG 31 /* words of state */
#define SEP 3  /* distance between the front and the rear index */

/* The state after srand(1), so that rand() before any srand behaves as srand(1) (glibc's initial randtbl);
 * the front index is then SEP and the rear one 0, as srand leaves them. */
static uint32_t state[DEG] = {
    0x991539b1, 0x16a5bce3, 0x6774a4cd, 0x3e01511e, 0x4e508aaa, 0x61048c05, 0xf5500617, 0x846b7115,
    0x6a19892c, 0x896a97af, 0xdb48f936, 0x14898454, 0x37ffd106, 0xb58bff9c, 0x59e17104, 0xcf918a49,
    0x09378c83, 0x52c7a471, 0x8d293ea9, 0x1f4fc301, 0xc3db71be, 0x39b44e1c, 0xf8a44ef9, 0x4c8b80b1,
    0x19edc328, 0x87bf4bdd, 0xc9b240e5, 0xe9ee4b1b, 0x4382aee7, 0x535b6b41, 0xf3bec5da,
};
static int front = SEP, rear = 0;

/* One step: the new word replaces the one at the front index, 31 words back in the sequence. */
static uint32_t step(void)
{
	uint32_t v = state[front] + state[rear];
	state[front] = v;
	front = front == DEG - 1 ? 0 : front + 1;
	rear = rear == DEG - 1 ? 0 : rear + 1;
	return v;
}

int rand(void)
{
	return (int)(step() >> 1);
}

/* glibc's srandom_r: state[i] = 16807 * state[i-1] mod (2^31 - 1) by Schrage's method, then 310 outputs are
 * thrown away. A seed of 0 counts as 1; the seed enters as a 32-bit signed word (seeds above INT_MAX are
 * negative there, and C's truncating division then gives what glibc gives). */
void srand(unsigned int seed)
{
	if (seed == 0)
		seed = 1;
	int32_t word = (int32_t)seed;
	state[0] = seed;
	for (int i = 1; i < DEG; i++) {
		int32_t hi = word / 127773;
		int32_t lo = word % 127773;
		word = 16807 * lo - 2836 * hi;
		if (word < 0)
			word += 2147483647;
		state[i] = (uint32_t)word;
	}
	front = SEP;
	rear = 0;
	for (int i = 0; i < 10 * DEG; i++)
		(void)step();
}
