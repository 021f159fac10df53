// SPDX-License-Identifier: Apache-2.0
/* Divisions and remainders by constants in every integer type, for test/hls/const-div-test.sh: compiled to
 * IR, run through kiln-opt's const-div pass and executed by lli, its output must equal the same program
 * built natively. Each function is kept out of line so that its division reaches the pass as written. */
#include <inttypes.h>
#include <stdio.h>

#define FNS(T, N, D)                                                                                         \
	__attribute__((noinline)) static T div_##N(T x)                                                      \
	{                                                                                                    \
		return x / (T)(D);                                                                           \
	}                                                                                                    \
	__attribute__((noinline)) static T rem_##N(T x)                                                      \
	{                                                                                                    \
		return x % (T)(D);                                                                           \
	}

#define ALL(X)                                                                                               \
	X(int8_t, s8_3, 3)                                                                                   \
	X(int8_t, s8_m7, -7)                                                                                 \
	X(int8_t, s8_8, 8)                                                                                   \
	X(uint8_t, u8_10, 10)                                                                                \
	X(uint8_t, u8_255, 255)                                                                              \
	X(int16_t, s16_100, 100)                                                                             \
	X(int16_t, s16_m16, -16)                                                                             \
	X(int16_t, s16_min, INT16_MIN)                                                                       \
	X(uint16_t, u16_7, 7)                                                                                \
	X(uint16_t, u16_641, 641)                                                                            \
	X(int32_t, s32_3, 3)                                                                                 \
	X(int32_t, s32_7, 7)                                                                                 \
	X(int32_t, s32_m10, -10)                                                                             \
	X(int32_t, s32_4, 4)                                                                                 \
	X(int32_t, s32_m1024, -1024)                                                                         \
	X(int32_t, s32_min, INT32_MIN)                                                                       \
	X(int32_t, s32_big, 1000000007)                                                                      \
	X(uint32_t, u32_7, 7)                                                                                \
	X(uint32_t, u32_10, 10)                                                                              \
	X(uint32_t, u32_top, 0xFFFFFFFFu)                                                                    \
	X(uint32_t, u32_odd, 0x80000001u)                                                                    \
	X(int64_t, s64_16, 16)                                                                               \
	X(int64_t, s64_m8, -8)                                                                               \
	X(int64_t, s64_10, 10)                                                                               \
	X(uint64_t, u64_1k, 1024)                                                                            \
	X(uint64_t, u64_10, 10)

ALL(FNS)

static uint64_t rng = 88172645463325252ull;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* The dividends: every value of an 8- or 16-bit type; for wider ones the edges and a random sample. */
#define RUN(T, N, D)                                                                                         \
	{                                                                                                    \
		uint64_t h = 1469598103934665603ull;                                                         \
		unsigned bits = 8 * sizeof(T);                                                               \
		uint64_t n = bits <= 16 ? 1ull << bits : 40000;                                              \
		for (uint64_t i = 0; i < n; i++) {                                                           \
			T x = bits <= 16 ? (T)i                                                              \
			      : i < 8    ? (T)(i < 4 ? i : (uint64_t)0 - (i - 3))                            \
			                 : (T)next();                                                           \
			h = (h ^ (uint64_t)div_##N(x)) * 1099511628211ull;                                   \
			h = (h ^ (uint64_t)rem_##N(x)) * 1099511628211ull;                                   \
		}                                                                                            \
		printf("%s %016" PRIx64 "\n", #N, h);                                                        \
	}

int main(void)
{
	ALL(RUN)
	return 0;
}
