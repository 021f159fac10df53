// SPDX-License-Identifier: Apache-2.0
// Narrow lanes and reshaping: byte and short vectors that wrap, shuffles of one and two vectors, element-type
// conversion, and reinterpreting a vector as another of the same size.
#include <stdint.h>
#include <stdio.h>

typedef uint8_t v16u8 __attribute__((vector_size(16)));
typedef int16_t v8i16 __attribute__((vector_size(16)));
typedef int32_t v4i32 __attribute__((vector_size(16)));
typedef int32_t v8i32 __attribute__((vector_size(32)));

static const v16u8 ramp = {0, 17, 34, 51, 68, 85, 102, 119, 136, 153, 170, 187, 204, 221, 238, 255};

int main(void)
{
	v16u8 b = ramp + 200; /* wraps */
	v16u8 c = (b * 3) ^ (ramp >> 2);
	for (int i = 0; i < 16; i++)
		printf("%u%c", c[i], i == 15 ? '\n' : ' ');
	v8i16 s = (v8i16){-30000, -2, 3, 40, 500, 6000, 30000, 7};
	v8i16 t = s * 2 - 1;
	for (int i = 0; i < 8; i++)
		printf("%d%c", t[i], i == 7 ? '\n' : ' ');
	v4i32 lo = {1, 2, 3, 4}, hi = {10, 20, 30, 40};
	v4i32 mix = __builtin_shufflevector(lo, hi, 0, 5, 2, 7);
	v4i32 rev = __builtin_shufflevector(mix, mix, 3, 2, 1, 0);
	v8i32 wide = __builtin_convertvector(t, v8i32) * 1000;
	printf("mix %d %d %d %d rev %d %d %d %d\n", mix[0], mix[1], mix[2], mix[3], rev[0], rev[1], rev[2], rev[3]);
	printf("wide %d %d %d\n", wide[0], wide[3], wide[6]);
	v4i32 words = (v4i32)ramp; /* the same 16 bytes */
	printf("words %08x %08x %08x %08x\n", (unsigned)words[0], (unsigned)words[1], (unsigned)words[2],
	       (unsigned)words[3]);
	v16u8 back = (v16u8)(words + 0x01010101);
	unsigned sum = 0;
	for (int i = 0; i < 16; i++)
		sum += back[i];
	printf("sum %u\n", sum);
	if (sum != 1800 || rev[0] != 40)
		return 1;
	printf("ok\n");
	return 0;
}
