// SPDX-License-Identifier: Apache-2.0
// matrix multiply in float and double, and a transposed product, hashed bit for bit
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 10

static float a[N][N], b[N][N], c[N][N];
static double da[N][N], db[N][N], dc[N][N];

int main(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			a[i][j] = (float)(i * N + j) / 7.0f - 3.0f;
			b[i][j] = 1.0f / (float)(i + j + 1);
			da[i][j] = (double)a[i][j] * 1.000000001;
			db[i][j] = 1.0 / (double)(i + 2 * j + 1);
		}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			float s = 0;
			double d = 0;
			for (int k = 0; k < N; k++) {
				s += a[i][k] * b[k][j];
				d += da[i][k] * db[j][k];
			}
			c[i][j] = s;
			dc[i][j] = d;
		}
	uint64_t h = 14695981039346656037ull;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			uint32_t u;
			uint64_t v;
			memcpy(&u, &c[i][j], 4);
			memcpy(&v, &dc[i][j], 8);
			h = ((h ^ u) * 1099511628211ull ^ v) * 1099511628211ull;
		}
	printf("c[3][4] = %.9g, dc[9][9] = %.17g, hash %016llx\n", c[3][4], dc[9][9], (unsigned long long)h);
	printf("ok\n");
	return 0;
}
