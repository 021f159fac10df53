// SPDX-License-Identifier: Apache-2.0
/* Corpus: checksums and hashes (global constant tables, 64-bit mixing, byte streams). */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void crc32_bitwise(unsigned *out, const unsigned char *data, int n)
{
	unsigned crc = 0xFFFFFFFFu;
	for (int i = 0; i < n; i++) {
		crc ^= data[i];
		for (int b = 0; b < 8; b++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
	}
	*out = ~crc;
}

static const unsigned crc_table16[16] = {
    0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4, 0x4DB26158, 0x5005713C,
    0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C, 0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C};

KILN_SINGLE_TASK_KERNEL void crc32_table(unsigned *out, const unsigned char *data, int n)
{
	unsigned crc = 0xFFFFFFFFu;
	for (int i = 0; i < n; i++) {
		crc ^= data[i];
		crc = (crc >> 4) ^ crc_table16[crc & 15];
		crc = (crc >> 4) ^ crc_table16[crc & 15];
	}
	*out = ~crc;
}

KILN_SINGLE_TASK_KERNEL void crc16_ccitt(unsigned short *out, const unsigned char *data, int n)
{
	unsigned short crc = 0xFFFF;
	for (int i = 0; i < n; i++) {
		crc ^= (unsigned short)(data[i] << 8);
		for (int b = 0; b < 8; b++)
			crc = (crc & 0x8000) ? (unsigned short)((crc << 1) ^ 0x1021)
			                     : (unsigned short)(crc << 1);
	}
	*out = crc;
}

KILN_SINGLE_TASK_KERNEL void fnv1a64(unsigned long long *out, const unsigned char *data, int n)
{
	unsigned long long h = 0xcbf29ce484222325ULL;
	for (int i = 0; i < n; i++) {
		h ^= data[i];
		h *= 0x100000001b3ULL;
	}
	*out = h;
}

KILN_SINGLE_TASK_KERNEL void adler32(unsigned *out, const unsigned char *data, int n)
{
	unsigned a = 1, b = 0;
	for (int i = 0; i < n; i++) {
		a = (a + data[i]) % 65521u;
		b = (b + a) % 65521u;
	}
	*out = (b << 16) | a;
}

static unsigned long long mix64(unsigned long long z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

KILN_SINGLE_TASK_KERNEL void splitmix(unsigned long long *v, unsigned long long seed, int n)
{
	for (int i = 0; i < n; i++) {
		seed += 0x9e3779b97f4a7c15ULL;
		v[i] ^= mix64(seed);
	}
}

static const unsigned char sbox[256] = {
#define R(x)                                                                                                 \
	(unsigned char)((x)*167 + 13), (unsigned char)((x)*167 + 180), (unsigned char)((x)*167 + 91),        \
	    (unsigned char)((x)*167 + 2)
    R(0),  R(1),  R(2),  R(3),  R(4),  R(5),  R(6),  R(7),  R(8),  R(9),  R(10), R(11), R(12),
    R(13), R(14), R(15), R(16), R(17), R(18), R(19), R(20), R(21), R(22), R(23), R(24), R(25),
    R(26), R(27), R(28), R(29), R(30), R(31), R(32), R(33), R(34), R(35), R(36), R(37), R(38),
    R(39), R(40), R(41), R(42), R(43), R(44), R(45), R(46), R(47), R(48), R(49), R(50), R(51),
    R(52), R(53), R(54), R(55), R(56), R(57), R(58), R(59), R(60), R(61), R(62), R(63)
#undef R
};

KILN_SINGLE_TASK_KERNEL void sbox_rounds(unsigned char *v, int n, int rounds)
{
	for (int r = 0; r < rounds; r++)
		for (int i = 0; i < n; i++)
			v[i] = sbox[v[i] ^ (unsigned char)r] ^ v[(i + 1) % n];
}

#ifdef KILN_HARNESS
KT_TEST(crc32_bitwise)
{
	unsigned *o = KT_BUF(unsigned, 1);
	unsigned char *d = KT_BUF(unsigned char, 61);
	KT_RUN(crc32_bitwise, KT_P(o), KT_P(d), KT_V(int, 61));
}
KT_TEST(crc32_table)
{
	unsigned *o = KT_BUF(unsigned, 1);
	unsigned char *d = KT_BUF(unsigned char, 100);
	KT_RUN(crc32_table, KT_P(o), KT_P(d), KT_V(int, 100));
}
KT_TEST(crc16_ccitt)
{
	unsigned short *o = KT_BUF(unsigned short, 2);
	unsigned char *d = KT_BUF(unsigned char, 40);
	KT_RUN(crc16_ccitt, KT_P(o), KT_P(d), KT_V(int, 40));
}
KT_TEST(fnv1a64)
{
	unsigned long long *o = KT_BUF(unsigned long long, 1);
	unsigned char *d = KT_BUF(unsigned char, 90);
	KT_RUN(fnv1a64, KT_P(o), KT_P(d), KT_V(int, 90));
}
KT_TEST(adler32)
{
	unsigned *o = KT_BUF(unsigned, 1);
	unsigned char *d = KT_BUF(unsigned char, 50);
	KT_RUN(adler32, KT_P(o), KT_P(d), KT_V(int, 50));
}
KT_TEST(splitmix)
{
	unsigned long long *v = KT_BUF(unsigned long long, 20);
	KT_RUN(splitmix, KT_P(v), KT_V(unsigned long long, 0x1234567890abcdefULL), KT_V(int, 20));
}
KT_TEST(sbox_rounds)
{
	unsigned char *v = KT_BUF(unsigned char, 29);
	KT_RUN(sbox_rounds, KT_P(v), KT_V(int, 29), KT_V(int, 3));
}
#endif
