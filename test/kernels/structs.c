// SPDX-License-Identifier: Apache-2.0
/* Corpus: structs (in device memory, as locals, copied with memcpy), memset, plain globals with initializers.
 */
#include <kiln/device.h>

struct particle {
	int x, y;
	short vx, vy;
	unsigned char alive, pad[3];
};

KILN_SINGLE_TASK_KERNEL void particles_step(struct particle *p, int n, int w, int h)
{
	for (int i = 0; i < n; i++) {
		if (!p[i].alive)
			continue;
		p[i].x += p[i].vx;
		p[i].y += p[i].vy;
		if (p[i].x < 0 || p[i].x >= w) {
			p[i].vx = (short)-p[i].vx;
			p[i].x = p[i].x < 0 ? 0 : w - 1;
		}
		if (p[i].y < 0 || p[i].y >= h)
			p[i].alive = 0;
	}
}

struct cplx {
	long long re, im;
};

KILN_SINGLE_TASK_KERNEL void complex_mul(struct cplx *out, const struct cplx *a, const struct cplx *b, int n)
{
	for (int i = 0; i < n; i++) {
		struct cplx r;
		r.re = a[i].re * b[i].re - a[i].im * b[i].im;
		r.im = a[i].re * b[i].im + a[i].im * b[i].re;
		out[i] = r;
	}
}

struct rec {
	unsigned key;
	unsigned short val[6];
};

KILN_SINGLE_TASK_KERNEL void struct_copy_local(struct rec *out, const struct rec *in, int n)
{
	struct rec tmp[8];
	__builtin_memcpy(tmp, in, sizeof tmp);
	for (int i = 0; i < 8; i++) {
		tmp[i].key ^= tmp[(i + 1) & 7].val[i % 6];
		tmp[i].val[n % 6] = (unsigned short)tmp[i].key;
	}
	__builtin_memcpy(out, tmp, sizeof tmp);
}

KILN_SINGLE_TASK_KERNEL void memset_clear(unsigned char *buf, int n)
{
	__builtin_memset(buf + 3, 0xA5, 37);
	__builtin_memset(buf + 40, 0, 24);
	buf[n] = 1;
}

KILN_SINGLE_TASK_KERNEL void memcpy_unaligned(unsigned char *dst, const unsigned char *src)
{
	__builtin_memcpy(dst + 1, src + 2, 29);
	__builtin_memmove(dst + 40, src, 16);
	__builtin_memcpy(dst + 57, src + 33, 7); /* equally misaligned: bytes, then a word */
}

/* Every relative alignment of a copy's two sides at every length up to three 8-byte chunks: between module
 * ports, within one on-chip memory both ways, between two 64-bit memories, and from a 32-bit memory to a
 * 64-bit one and back (4-byte chunks read through an 8-byte port). The engine reads whole chunks and writes
 * whole destination chunks, so each pair of alignments takes a different funnel shift. */
KILN_SINGLE_TASK_KERNEL void copy_sweep(unsigned char *out, const unsigned char *in, int so, int d, int n)
{
	unsigned char a[48];
	unsigned long long w[6], v[6];
	for (int i = 0; i < 48; i++)
		a[i] = in[i];
	for (int i = 0; i < 6; i++) {
		w[i] = in[i] * 0x0101010101010101ull ^ (unsigned long long)i << 40;
		v[i] = in[47 - i] * 0x0003000500070009ull;
	}
	unsigned len = (unsigned)n;
	__builtin_memcpy(out + d, in + so, len);
	__builtin_memmove(a + d, a + so, len);
	__builtin_memcpy((char *)w + d, (const char *)v + so, len);
	__builtin_memmove((char *)v + so, (const char *)v + d, len);
	__builtin_memcpy((char *)v + 24 + (so & 7), a + d, len & 15);
	__builtin_memcpy(a + 24 + (d & 7), (const char *)w + so, len & 15);
	for (int i = 0; i < 48; i++)
		out[48 + i] = a[i];
	__builtin_memcpy(out + 96, w, sizeof w);
	__builtin_memcpy(out + 144, v, sizeof v);
}

/* memmove within one local array, a byte apart both ways, and a memcpy between its halves: the engine reads
 * it through its second port while it writes the first, never a word in the cycle it is written. */
KILN_SINGLE_TASK_KERNEL void local_shift(unsigned char *out, const unsigned char *in, int n)
{
	unsigned char buf[64];
	for (int i = 0; i < 64; i++)
		buf[i] = (unsigned char)(in[i] + i);
	__builtin_memmove(buf, buf + 1, 40);
	__builtin_memmove(buf + 3, buf + 2, 45);
	__builtin_memmove(buf + 8, buf, (unsigned)n);
	__builtin_memcpy(buf + 32, buf + 4, 28);
	for (int i = 0; i < 64; i++)
		out[i] = buf[i];
}

static int calls = 3;
static unsigned lut[8] = {11, 22, 33, 44, 55, 66, 77, 88};

KILN_SINGLE_TASK_KERNEL void global_state(unsigned *v, int n)
{
	for (int i = 0; i < n; i++) {
		lut[i & 7] += v[i];
		v[i] = lut[(i + calls) & 7];
	}
	calls++;
}

struct cfg {
	int gain;
	short offset;
	unsigned char shift;
};
static const struct cfg cfgs[3] = {{3, -7, 1}, {-5, 100, 2}, {17, 0, 3}};

KILN_SINGLE_TASK_KERNEL void const_structs(int *v, int n, int which)
{
	struct cfg c = cfgs[which % 3];
	for (int i = 0; i < n; i++)
		v[i] = ((v[i] >> 4) * c.gain + c.offset) >> c.shift;
}

#ifdef KILN_HARNESS
KT_TEST(particles_step)
{
	struct particle *p = KT_BUF(struct particle, 20);
	for (int i = 0; i < 20; i++) {
		p[i].x &= 127;
		p[i].y &= 127;
		p[i].vx >>= 10;
		p[i].vy >>= 10;
		p[i].alive &= 1;
	}
	KT_RUN(particles_step, KT_P(p), KT_V(int, 20), KT_V(int, 100), KT_V(int, 100));
	KT_RUN(particles_step, KT_P(p), KT_V(int, 20), KT_V(int, 100), KT_V(int, 100));
}
KT_TEST(complex_mul)
{
	struct cplx *o = KT_BUF(struct cplx, 10), *a = KT_BUF(struct cplx, 10), *b = KT_BUF(struct cplx, 10);
	KT_RUN(complex_mul, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 10));
}
KT_TEST(struct_copy_local)
{
	struct rec *o = KT_BUF(struct rec, 8), *i = KT_BUF(struct rec, 8);
	KT_RUN(struct_copy_local, KT_P(o), KT_P(i), KT_V(int, 4));
}
KT_TEST(memset_clear)
{
	unsigned char *b = KT_BUF(unsigned char, 80);
	KT_RUN(memset_clear, KT_P(b), KT_V(int, 70));
}
KT_TEST(memcpy_unaligned)
{
	unsigned char *d = KT_BUF(unsigned char, 64), *s = KT_BUF(unsigned char, 64);
	KT_RUN(memcpy_unaligned, KT_P(d), KT_P(s));
}
KT_TEST(copy_sweep)
{
	unsigned char *o = KT_BUF(unsigned char, 192), *i = KT_BUF(unsigned char, 48);
	for (int so = 0; so < 8; so++)
		for (int d = 0; d < 8; d++)
			KT_RUN(copy_sweep, KT_P(o), KT_P(i), KT_V(int, so), KT_V(int, d),
			       KT_V(int, (so * 3 + d * 5) % 25));
	KT_RUN(copy_sweep, KT_P(o), KT_P(i), KT_V(int, 15), KT_V(int, 9), KT_V(int, 24));
	KT_RUN(copy_sweep, KT_P(o), KT_P(i), KT_V(int, 2), KT_V(int, 13), KT_V(int, 23));
}
KT_TEST(local_shift)
{
	unsigned char *o = KT_BUF(unsigned char, 64), *i = KT_BUF(unsigned char, 64);
	KT_RUN(local_shift, KT_P(o), KT_P(i), KT_V(int, 21));
	KT_RUN(local_shift, KT_P(o), KT_P(i), KT_V(int, 0));
}
KT_TEST(global_state)
{
	unsigned *v = KT_BUF(unsigned, 20);
	KT_RUN(global_state, KT_P(v), KT_V(int, 20));
	KT_RUN(global_state, KT_P(v), KT_V(int, 13));
}
KT_TEST(const_structs)
{
	int *v = KT_BUF(int, 30);
	KT_RUN(const_structs, KT_P(v), KT_V(int, 30), KT_V(int, 1));
	KT_RUN(const_structs, KT_P(v), KT_V(int, 30), KT_V(int, 5));
}
#endif
