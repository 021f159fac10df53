// SPDX-License-Identifier: Apache-2.0
// a 16-tap float FIR filter over a generated signal, with a shift register and a circular buffer
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define TAPS 16
#define N 200

static const float coef[TAPS] = {-0.0017f, -0.0083f, -0.0157f, 0.0011f,  0.0642f, 0.1553f, 0.2301f, 0.2590f,
                                 0.2301f,  0.1553f,  0.0642f,  0.0011f, -0.0157f, -0.0083f, -0.0017f, 0.0f};
static float in[N], out[N], out2[N];

int main(void)
{
	uint32_t r = 12345;
	for (int i = 0; i < N; i++) {
		r = r * 1103515245u + 12345u;
		in[i] = (float)((int)(r >> 16) % 2001 - 1000) / 1000.0f + (i % 20 < 10 ? 0.5f : -0.5f);
	}
	float sh[TAPS] = {0};
	for (int i = 0; i < N; i++) {
		for (int k = TAPS - 1; k > 0; k--)
			sh[k] = sh[k - 1];
		sh[0] = in[i];
		float acc = 0.0f;
		for (int k = 0; k < TAPS; k++)
			acc += coef[k] * sh[k];
		out[i] = acc;
	}
	for (int i = 0; i < N; i++) {
		float acc = 0.0f;
		for (int k = 0; k < TAPS && k <= i; k++)
			acc = acc + coef[k] * in[i - k];
		out2[i] = acc;
	}
	uint32_t h = 2166136261u;
	for (int i = 0; i < N; i++) {
		uint32_t a, b;
		memcpy(&a, &out[i], 4);
		memcpy(&b, &out2[i], 4);
		h = ((h ^ a) * 16777619u ^ b) * 16777619u;
	}
	printf("out[50] = %.9g, out[199] = %.9g, hash %08x\n", out[50], out[199], h);
	printf("ok\n");
	return 0;
}
