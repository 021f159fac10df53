// SPDX-License-Identifier: Apache-2.0
// conversions between bool, char and short and float or double, both ways (1-, 8- and 16-bit units)
#include <stdio.h>
#include <string.h>
#include <stdint.h>
static volatile float fv[6] = {0.5f, -1.25f, 3.0f, 100.7f, -100.7f, 0.0f};
static volatile double dv[4] = {0.25, 0.75, -3.5, 1e10};
int main(void)
{
	unsigned h = 0;
	for (int i = 0; i < 6; i++)
		for (int j = 0; j < 6; j++) {
			float a = fv[i], b = fv[j];
			float r = (float)(a < b) + (float)(unsigned char)(i * 40 + j) + (float)(short)(i * 3000 - j * 7000);
			uint32_t u;
			memcpy(&u, &r, 4);
			h = h * 31 + u + (unsigned)(signed char)a + (unsigned)(unsigned short)(b > 0 ? b : -b) + (_Bool)a;
			double d = (double)(dv[i % 4] > 0.5) - (double)(unsigned long long)(i * j);
			uint64_t v;
			memcpy(&v, &d, 8);
			h = h * 31 + (unsigned)v + (unsigned)(v >> 32) + ((long long)dv[j % 4] > 0);
		}
	printf("hash %08x\nok\n", h);
	return 0;
}
