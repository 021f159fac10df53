// SPDX-License-Identifier: Apache-2.0
/* Corpus: loops written to be pipelined (restrict pointers, reductions over device memory, rotating
 * registers, memory dependences at distance 1 and 2, narrow accesses, local RAM, ROM, device globals, values
 * used after the loop), and the same shapes where aliasing must keep iterations apart. Trip counts include 0,
 * 1 and 2, where a pipeline is never full. test/hls/pipeline-test.sh checks the II each loop gets. */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void pipe_vadd(int *restrict c, const int *restrict a, const int *restrict b, int n)
{
	for (int i = 0; i < n; i++)
		c[i] = a[i] + b[i];
}

/* The accumulator's next value is computed 4+ cycles into the iteration (device memory latency). */
KILN_SINGLE_TASK_KERNEL void pipe_sum(long long *out, const int *restrict a, int n)
{
	long long s = 0;
	for (int i = 0; i < n; i++)
		s += a[i];
	*out = s;
}

/* a, b = b, a + b: a phi whose next value is another phi. */
KILN_SINGLE_TASK_KERNEL void pipe_fib(unsigned long long *restrict out, int n)
{
	unsigned long long a = 0, b = 1;
	for (int i = 0; i < n; i++) {
		out[i] = a;
		unsigned long long t = a + b;
		a = b;
		b = t;
	}
}

/* Each iteration reads what the previous one wrote (distance 1 through memory). */
KILN_SINGLE_TASK_KERNEL void pipe_dist1(int *v, int n)
{
	for (int i = 1; i < n; i++)
		v[i] = v[i - 1] * 3 + v[i];
}

/* ... and what the one before that wrote (distance 2). */
KILN_SINGLE_TASK_KERNEL void pipe_dist2(int *v, int n)
{
	for (int i = 0; i + 2 < n; i++)
		v[i + 2] += v[i] >> 1;
}

/* No restrict: dst may overlap src anywhere, so iterations must not pass each other's accesses. */
KILN_SINGLE_TASK_KERNEL void pipe_alias(int *dst, const int *src, int n)
{
	for (int i = 0; i < n; i++)
		dst[i] = src[i] + 1;
}

KILN_SINGLE_TASK_KERNEL void pipe_bytes(unsigned char *restrict out, const unsigned char *restrict in,
                                        short *restrict h, int n)
{
	for (int i = 0; i < n; i++) {
		out[i] = in[i] ^ (unsigned char)(in[i] >> 1);
		h[i] = (short)(h[i] * 3 - in[i]);
	}
}

/* Local RAM: a running sum kept in place (distance 1 on an internal memory), then copied out. */
KILN_SINGLE_TASK_KERNEL void pipe_local(int *restrict out, const int *restrict in, int n)
{
	int loc[64];
	for (int i = 0; i < n; i++)
		loc[i] = in[i];
	for (int i = 1; i < n; i++)
		loc[i] = loc[i] + loc[i - 1];
	for (int i = 0; i < n; i++)
		out[i] = loc[n - 1 - i];
}

static const unsigned char sbox[16] = {12, 5, 6, 11, 9, 0, 10, 13, 3, 14, 15, 8, 4, 7, 1, 2};

/* A ROM lookup at an address that was just loaded. */
KILN_SINGLE_TASK_KERNEL void pipe_rom(unsigned *restrict out, const unsigned *restrict in, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = sbox[in[i] & 15] | (unsigned)sbox[(in[i] >> 4) & 15] << 8;
}

KILN_DEVICE_GLOBAL(int, pipe_coef[8], KILN_DEVICE_IMAGE_SCOPE);

/* Reads of a device global (the image's storage, another module port) beside device memory. */
KILN_SINGLE_TASK_KERNEL void pipe_dg(int *restrict out, const int *restrict in, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = in[i] * pipe_coef[i & 7];
}

/* Values of the last iteration used after the loop. */
KILN_SINGLE_TASK_KERNEL void pipe_liveout(int *restrict out, const int *restrict a, int n)
{
	int last = -1, mx = -2147483647 - 1, cnt = 0;
	for (int i = 0; i < n; i++) {
		last = a[i] * 2;
		mx = a[i] > mx ? a[i] : mx;
		cnt += a[i] & 1;
	}
	out[0] = last;
	out[1] = mx;
	out[2] = cnt;
}

/* A recurrence longer than one cycle: a 64-bit multiply-add on the accumulator. */
KILN_SINGLE_TASK_KERNEL void pipe_horner(unsigned long long *out, const unsigned *restrict c, int n,
                                         unsigned long long x)
{
	unsigned long long h = 0;
	for (int i = 0; i < n; i++)
		h = h * x + c[i];
	*out = h;
}

/* The accumulator's next value is due in the first stage but not in its last cycle (II 4: three loads and a
 * store on one port), and the last one is used after the loop. */
KILN_SINGLE_TASK_KERNEL void pipe_dot4(int *restrict out, int *restrict last, const int *restrict a,
                                       const int *restrict b, const int *restrict c, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++) {
		s += a[i] * b[i] + c[i];
		out[i] = s;
	}
	*last = s;
}

/* If-conversion: a store only some iterations make (the loop becomes one block, the store predicated). */
KILN_SINGLE_TASK_KERNEL void pipe_if_store(unsigned char *s, int n)
{
	for (int i = 0; i < n; i++)
		if (s[i] >= 'a' && s[i] <= 'z')
			s[i] = (unsigned char)(s[i] - 32);
}

/* ... both sides of an if/else storing, and a count that depends on the side taken. */
KILN_SINGLE_TASK_KERNEL void pipe_if_else(int *restrict pos, int *restrict neg, const int *restrict a, int n,
                                          int *restrict cnt)
{
	int c = 0;
	for (int i = 0; i < n; i++) {
		if (a[i] >= 0) {
			pos[i] = a[i];
			c += 3;
		} else {
			neg[i] = a[i] ^ c;
		}
	}
	*cnt = c;
}

/* ... a conditional swap in local RAM: two predicated stores to an on-chip memory, one bubble-sort pass after
 * another. */
KILN_SINGLE_TASK_KERNEL void pipe_if_swap(short *v, int n)
{
	short loc[40];
	for (int i = 0; i < n; i++)
		loc[i] = v[i];
	for (int p = 0; p < 3; p++)
		for (int i = 0; i + 1 < n; i++)
			if (loc[i] > loc[i + 1]) {
				short t = loc[i];
				loc[i] = loc[i + 1];
				loc[i + 1] = t;
			}
	for (int i = 0; i < n; i++)
		v[i] = loc[i];
}

/* ... an if-converted loop that stays sequential (dst and src may alias): its store to device memory still
 * happens only when its side is taken. */
KILN_SINGLE_TASK_KERNEL void pipe_if_alias(int *dst, const int *src, int n)
{
	for (int i = 0; i < n; i++)
		if (src[i] > 100)
			dst[i] = src[i] - 100;
}

/* A pipelined inner loop entered once per row: fill and drain every time. */
KILN_SINGLE_TASK_KERNEL void pipe_matvec(int *restrict y, const int *restrict m, const int *restrict x,
                                         int rows, int cols)
{
	for (int r = 0; r < rows; r++) {
		int s = 0;
		for (int c = 0; c < cols; c++)
			s += m[r * cols + c] * x[c];
		y[r] = s;
	}
}

/* An nd-range kernel whose work-items each run a pipelined loop. */
KILN_ND_RANGE_KERNEL(1) void pipe_nd_rows(int *restrict out, const short *restrict in, int w)
{
	int r = (int)kiln_global_id(0);
	int s = 0;
	for (int c = 0; c < w; c++)
		s += in[r * w + c] * (c + 1);
	out[r] = s;
}

/* Floating point (issue 14). A float loop over on-chip arrays without a recurrence starts an iteration every
 * cycle; a float sum waits for the adder (its levels and the phi) every iteration; with reassociation allowed
 * (clang's pragma, what -ffast-math gives) the sum splits into partial sums and only the port bounds it. The
 * values are small integers, so every order of the additions gives the same bits. */
KILN_SINGLE_TASK_KERNEL void pipe_fscale(float *v, float k)
{
	float a[32], b[32];
	for (int i = 0; i < 32; i++)
		a[i] = (float)((int)v[i] & 1023);
	for (int i = 0; i < 32; i++)
		b[i] = a[i] * k + 1.0f;
	for (int i = 0; i < 32; i++)
		v[i] = b[i];
}

KILN_SINGLE_TASK_KERNEL void pipe_fsum(const int *v, float *out, int n)
{
	float s = 0;
	for (int i = 0; i < n; i++)
		s += (float)(v[i] & 255);
	*out = s;
}

KILN_SINGLE_TASK_KERNEL void pipe_fsum_reassoc(const int *v, float *out, double *dout, int n)
{
#pragma clang fp reassociate(on)
	float s = 0, q = 0;
	double p = 1, d = 100;
	for (int i = 0; i < n; i++) {
		s += (float)(v[i] & 255);
		q += (float)(v[i] & 7) * 3.0f; /* a multiply-add */
		d -= (double)(v[i] & 15);
		p *= (v[i] & 16) ? 2.0 : 0.5;
	}
	out[0] = s + q;
	dout[0] = p;
	dout[1] = d;
}

/* Loop directives (kiln/device.h): a scatter through an index array the compiler cannot prove apart, under
 * KILN_IVDEP (the harness's indices are a permutation, so the promise holds) and without; an II target above
 * the loop's bound; pipelining turned off. */
KILN_SINGLE_TASK_KERNEL void pipe_ivdep(int *a, const int *idx, const int *b, int n)
{
	KILN_IVDEP
	for (int i = 0; i < n; i++)
		a[idx[i]] += b[i];
}

KILN_SINGLE_TASK_KERNEL void pipe_noivdep(int *a, const int *idx, const int *b, int n)
{
	for (int i = 0; i < n; i++)
		a[idx[i]] += b[i];
}

KILN_SINGLE_TASK_KERNEL void pipe_ii4(int *restrict a, const int *restrict b, int n)
{
	KILN_II(4)
	for (int i = 0; i < n; i++)
		a[i] = b[i] * 3 + 1;
}

KILN_SINGLE_TASK_KERNEL void pipe_off(int *restrict a, const int *restrict b, int n)
{
	KILN_PIPELINE_OFF
	for (int i = 0; i < n; i++)
		a[i] = b[i] * 3 + 1;
}

/* Pipelined loops one after another share their stage registers (hls/emit/bind.c, bind_stage_pool): the
 * second loop's accumulators enter with the first's results, a third loop of 64-bit values between them. */
KILN_SINGLE_TASK_KERNEL void pipe_chain3(int *restrict out, const int *restrict a, int n)
{
	int s = 0, t = 1;
	for (int i = 0; i < n; i++) {
		s += a[i];
		t ^= a[i] << 1;
	}
	long long w = s;
	for (int i = 0; i < n; i++)
		w = w * 3 + (a[i] ^ t);
	int u = s + (int)(w >> 7), v = t;
	for (int i = 0; i < n; i++) {
		u ^= a[i] + v;
		v += u >> 3;
	}
	out[0] = s, out[1] = t, out[2] = u, out[3] = v, out[4] = (int)w;
}

#ifdef KILN_HARNESS
KT_TEST(pipe_chain3)
{
	int *o = KT_BUF(int, 5), *a = KT_BUF(int, 40);
	KT_RUN(pipe_chain3, KT_P(o), KT_P(a), KT_V(int, 40));
	KT_RUN(pipe_chain3, KT_P(o), KT_P(a), KT_V(int, 1));
	KT_RUN(pipe_chain3, KT_P(o), KT_P(a), KT_V(int, 0));
}
KT_TEST(pipe_vadd)
{
	int *c = KT_BUF(int, 70), *a = KT_BUF(int, 70), *b = KT_BUF(int, 70);
	KT_RUN(pipe_vadd, KT_P(c), KT_P(a), KT_P(b), KT_V(int, 70));
	KT_RUN(pipe_vadd, KT_P(c), KT_P(a), KT_P(b), KT_V(int, 1));
	KT_RUN(pipe_vadd, KT_P(c + 5), KT_P(a), KT_P(b + 9), KT_V(int, 2));
	KT_RUN(pipe_vadd, KT_P(c), KT_P(a), KT_P(b), KT_V(int, 0));
}
KT_TEST(pipe_sum)
{
	long long *o = KT_BUF(long long, 1);
	int *a = KT_BUF(int, 100);
	KT_RUN(pipe_sum, KT_P(o), KT_P(a), KT_V(int, 100));
	KT_RUN(pipe_sum, KT_P(o), KT_P(a + 7), KT_V(int, 3));
	KT_RUN(pipe_sum, KT_P(o), KT_P(a), KT_V(int, 1));
	KT_RUN(pipe_sum, KT_P(o), KT_P(a), KT_V(int, 0));
}
KT_TEST(pipe_fib)
{
	unsigned long long *o = KT_BUF(unsigned long long, 90);
	KT_RUN(pipe_fib, KT_P(o), KT_V(int, 90));
	KT_RUN(pipe_fib, KT_P(o + 1), KT_V(int, 2));
}
KT_TEST(pipe_dist1)
{
	int *v = KT_BUF(int, 40);
	KT_RUN(pipe_dist1, KT_P(v), KT_V(int, 40));
	KT_RUN(pipe_dist1, KT_P(v + 3), KT_V(int, 2));
}
KT_TEST(pipe_dist2)
{
	int *v = KT_BUF(int, 40);
	KT_RUN(pipe_dist2, KT_P(v), KT_V(int, 40));
	KT_RUN(pipe_dist2, KT_P(v + 1), KT_V(int, 3));
}
KT_TEST(pipe_alias)
{
	int *a = KT_BUF(int, 64), *b = KT_BUF(int, 64);
	KT_RUN(pipe_alias, KT_P(a), KT_P(b), KT_V(int, 60));
	KT_RUN(pipe_alias, KT_P(a + 1), KT_P(a), KT_V(int, 60)); /* each iteration reads the previous store */
	KT_RUN(pipe_alias, KT_P(b), KT_P(b + 1), KT_V(int, 60));
	KT_RUN(pipe_alias, KT_P(a + 2), KT_P(a), KT_V(int, 60));
	KT_RUN(pipe_alias, KT_P(b), KT_P(b), KT_V(int, 60));
}
KT_TEST(pipe_bytes)
{
	unsigned char *o = KT_BUF(unsigned char, 77), *in = KT_BUF(unsigned char, 77);
	short *h = KT_BUF(short, 77);
	KT_RUN(pipe_bytes, KT_P(o), KT_P(in), KT_P(h), KT_V(int, 77));
	KT_RUN(pipe_bytes, KT_P(o + 3), KT_P(in + 1), KT_P(h + 1), KT_V(int, 9));
}
KT_TEST(pipe_local)
{
	int *o = KT_BUF(int, 64), *in = KT_BUF(int, 64);
	KT_RUN(pipe_local, KT_P(o), KT_P(in), KT_V(int, 64));
	KT_RUN(pipe_local, KT_P(o), KT_P(in), KT_V(int, 2));
}
KT_TEST(pipe_rom)
{
	unsigned *o = KT_BUF(unsigned, 50), *in = KT_BUF(unsigned, 50);
	KT_RUN(pipe_rom, KT_P(o), KT_P(in), KT_V(int, 50));
}
KT_TEST(pipe_dg)
{
	for (int i = 0; i < 8; i++)
		pipe_coef[i] = (int)kt_rand();
	KT_DG(pipe_coef);
	int *o = KT_BUF(int, 40), *in = KT_BUF(int, 40);
	KT_RUN(pipe_dg, KT_P(o), KT_P(in), KT_V(int, 40));
}
KT_TEST(pipe_liveout)
{
	int *o = KT_BUF(int, 3), *a = KT_BUF(int, 30);
	KT_RUN(pipe_liveout, KT_P(o), KT_P(a), KT_V(int, 30));
	KT_RUN(pipe_liveout, KT_P(o), KT_P(a + 4), KT_V(int, 1));
	KT_RUN(pipe_liveout, KT_P(o), KT_P(a), KT_V(int, 0));
}
KT_TEST(pipe_horner)
{
	unsigned long long *o = KT_BUF(unsigned long long, 1);
	unsigned *c = KT_BUF(unsigned, 33);
	KT_RUN(pipe_horner, KT_P(o), KT_P(c), KT_V(int, 33), KT_V(unsigned long long, 0x9e3779b97f4a7c15ULL));
}
KT_TEST(pipe_dot4)
{
	int *o = KT_BUF(int, 40), *l = KT_BUF(int, 1), *a = KT_BUF(int, 40), *b = KT_BUF(int, 40);
	int *c = KT_BUF(int, 40);
	KT_RUN(pipe_dot4, KT_P(o), KT_P(l), KT_P(a), KT_P(b), KT_P(c), KT_V(int, 40));
	KT_RUN(pipe_dot4, KT_P(o), KT_P(l), KT_P(a), KT_P(b), KT_P(c), KT_V(int, 1));
}
KT_TEST(pipe_if_store)
{
	unsigned char *s = KT_BUF(unsigned char, 90);
	for (int i = 0; i < 90; i++)
		s[i] = (unsigned char)(32 + kt_rand() % 95);
	KT_RUN(pipe_if_store, KT_P(s), KT_V(int, 90));
	KT_RUN(pipe_if_store, KT_P(s + 1), KT_V(int, 1));
}
KT_TEST(pipe_if_else)
{
	int *p = KT_BUF(int, 50), *q = KT_BUF(int, 50), *a = KT_BUF(int, 50), *c = KT_BUF(int, 1);
	KT_RUN(pipe_if_else, KT_P(p), KT_P(q), KT_P(a), KT_V(int, 50), KT_P(c));
	KT_RUN(pipe_if_else, KT_P(p), KT_P(q), KT_P(a + 3), KT_V(int, 2), KT_P(c));
}
KT_TEST(pipe_if_swap)
{
	short *v = KT_BUF(short, 40);
	KT_RUN(pipe_if_swap, KT_P(v), KT_V(int, 40));
	KT_RUN(pipe_if_swap, KT_P(v), KT_V(int, 2));
}
KT_TEST(pipe_if_alias)
{
	int *a = KT_BUF(int, 40), *b = KT_BUF(int, 40);
	for (int i = 0; i < 40; i++)
		b[i] = (int)(kt_rand() % 200);
	KT_RUN(pipe_if_alias, KT_P(a), KT_P(b), KT_V(int, 40));
	KT_RUN(pipe_if_alias, KT_P(b + 1), KT_P(b), KT_V(int, 39));
}
KT_TEST(pipe_matvec)
{
	int *y = KT_BUF(int, 9), *m = KT_BUF(int, 63), *x = KT_BUF(int, 7);
	KT_RUN(pipe_matvec, KT_P(y), KT_P(m), KT_P(x), KT_V(int, 9), KT_V(int, 7));
	KT_RUN(pipe_matvec, KT_P(y), KT_P(m), KT_P(x), KT_V(int, 3), KT_V(int, 1));
}
KT_TEST(pipe_nd_rows)
{
	int *o = KT_BUF(int, 12);
	short *in = KT_BUF(short, 12 * 10);
	KT_RUN_ND(pipe_nd_rows, 1, KT_DIMS(12, 1, 1), KT_DIMS(4, 1, 1), KT_P(o), KT_P(in), KT_V(int, 10));
}
KT_TEST(pipe_fscale)
{
	float *v = KT_BUF(float, 32);
	for (int i = 0; i < 32; i++)
		v[i] = (float)(i * 7);
	KT_RUN(pipe_fscale, KT_P(v), KT_V(float, 0.375f));
}
KT_TEST(pipe_fsum)
{
	int *v = KT_BUF(int, 50);
	float *out = KT_BUF(float, 1);
	KT_RUN(pipe_fsum, KT_P(v), KT_P(out), KT_V(int, 50));
	KT_RUN(pipe_fsum, KT_P(v), KT_P(out), KT_V(int, 0));
}
KT_TEST(pipe_fsum_reassoc)
{
	int *v = KT_BUF(int, 50);
	float *out = KT_BUF(float, 1);
	double *dout = KT_BUF(double, 2);
	/* fewer iterations than partial sums, exactly as many, and more, in whole turns and not */
	static const int ns[] = {0, 1, 3, 4, 5, 7, 10, 50};
	for (int i = 0; i < 8; i++)
		KT_RUN(pipe_fsum_reassoc, KT_P(v), KT_P(out), KT_P(dout), KT_V(int, ns[i]));
}
KT_TEST(pipe_ivdep)
{
	int *a = KT_BUF(int, 64), *idx = KT_BUF(int, 64), *b = KT_BUF(int, 64);
	for (int i = 0; i < 64; i++)
		idx[i] = (i * 37) % 64; /* a permutation: no two iterations touch one element */
	KT_RUN(pipe_ivdep, KT_P(a), KT_P(idx), KT_P(b), KT_V(int, 64));
	KT_RUN(pipe_noivdep, KT_P(a), KT_P(idx), KT_P(b), KT_V(int, 64));
}
KT_TEST(pipe_ii4)
{
	int *a = KT_BUF(int, 40), *b = KT_BUF(int, 40);
	KT_RUN(pipe_ii4, KT_P(a), KT_P(b), KT_V(int, 40));
	KT_RUN(pipe_off, KT_P(a), KT_P(b), KT_V(int, 40));
}
#endif
