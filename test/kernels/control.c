// SPDX-License-Identifier: Apache-2.0
/* Corpus: control flow (switch, data-dependent loops, break/continue, helper calls, division loops, and
 * functions the user marked noinline, built once and called from several places). */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void collatz(int *steps, const unsigned *start, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned long long x = start[i] % 10000 + 1;
		int s = 0;
		while (x != 1) {
			x = (x & 1) ? 3 * x + 1 : x / 2;
			s++;
		}
		steps[i] = s;
	}
}

static unsigned gcd(unsigned a, unsigned b)
{
	while (b) {
		unsigned t = a % b;
		a = b;
		b = t;
	}
	return a;
}

KILN_SINGLE_TASK_KERNEL void gcd_lcm(unsigned *g, unsigned long long *l, const unsigned *a, const unsigned *b,
                                     int n)
{
	for (int i = 0; i < n; i++) {
		unsigned x = (a[i] & 0xffff) + 1, y = (b[i] & 0xfff) + 1;
		g[i] = gcd(x, y);
		l[i] = (unsigned long long)x / g[i] * y;
	}
}

KILN_SINGLE_TASK_KERNEL void isqrt(unsigned *v, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned x = v[i], r = 0, bit = 1u << 30;
		while (bit > x)
			bit >>= 2;
		while (bit) {
			if (x >= r + bit) {
				x -= r + bit;
				r = (r >> 1) + bit;
			} else {
				r >>= 1;
			}
			bit >>= 2;
		}
		v[i] = r;
	}
}

KILN_SINGLE_TASK_KERNEL void state_machine(int *out, const unsigned char *in, int n)
{
	int state = 0, words = 0, digits = 0, other = 0;
	for (int i = 0; i < n; i++) {
		unsigned char c = in[i] & 0x7f;
		switch (state) {
		case 0:
			if (c >= 'a' && c <= 'z') {
				state = 1;
				words++;
			} else if (c >= '0' && c <= '9') {
				state = 2;
			} else {
				other++;
			}
			break;
		case 1:
			if (!(c >= 'a' && c <= 'z'))
				state = 0;
			break;
		case 2:
			if (c >= '0' && c <= '9')
				digits++;
			else
				state = 3;
			break;
		default:
			state = 0;
			other += 2;
			break;
		}
	}
	out[0] = words;
	out[1] = digits;
	out[2] = other;
	out[3] = state;
}

KILN_SINGLE_TASK_KERNEL void switch_ops(int *v, const unsigned char *op, int n)
{
	int acc = 1;
	for (int i = 0; i < n; i++) {
		switch (op[i] % 7) {
		case 0:
			acc += v[i];
			break;
		case 1:
			acc -= v[i];
			break;
		case 2:
			acc *= (v[i] | 1);
			break;
		case 3:
			acc ^= v[i] << 3;
			break;
		case 4:
			acc = acc > v[i] ? acc : v[i];
			break;
		case 5:
			acc = (int)((unsigned)acc >> 5);
			break;
		default:
			acc = ~acc;
			break;
		}
		v[i] = acc;
	}
}

KILN_SINGLE_TASK_KERNEL void sieve(unsigned char *prime, int n)
{
	unsigned char is[512];
	__builtin_memset(is, 1, sizeof is);
	is[0] = is[1] = 0;
	for (int i = 2; i * i < n; i++)
		if (is[i])
			for (int j = i * i; j < n; j += i)
				is[j] = 0;
	__builtin_memcpy(prime, is, 512);
}

KILN_SINGLE_TASK_KERNEL void nested_break(int *out, const int *m, int rows, int cols, int limit)
{
	int total = 0, rowsdone = 0;
	for (int r = 0; r < rows; r++) {
		int s = 0;
		for (int c = 0; c < cols; c++) {
			if (m[r * cols + c] < 0)
				continue;
			s += m[r * cols + c] & 0xff;
			if (s > limit)
				break;
		}
		total += s;
		rowsdone++;
		if (total > 20 * limit)
			break;
	}
	out[0] = total;
	out[1] = rowsdone;
}

KILN_SINGLE_TASK_KERNEL void fib64(unsigned long long *out, int n)
{
	unsigned long long a = 0, b = 1;
	for (int i = 0; i < n; i++) {
		unsigned long long t = a + b;
		a = b;
		b = t;
		out[i] = a;
	}
}

KILN_SINGLE_TASK_KERNEL void binary_search(int *idx, const int *sorted, int n, const int *keys, int nk)
{
	for (int k = 0; k < nk; k++) {
		int lo = 0, hi = n - 1, r = -1;
		while (lo <= hi) {
			int mid = (lo + hi) / 2;
			if (sorted[mid] == keys[k]) {
				r = mid;
				break;
			}
			if (sorted[mid] < keys[k])
				lo = mid + 1;
			else
				hi = mid - 1;
		}
		idx[k] = r;
	}
}

/* Search loops that leave from the test and from the count (adpcm's quantl): one exit block with the index
 * from either edge, and two exit blocks each with a value of its own, a store in the latch besides. */
static const int levels[30] = {280,  576,   880,   1200,  1520,  1864,  2208,  2584,  2960,  3376,
                               3784, 4240,  4696,  5200,  5712,  6288,  6864,  7520,  8184,  8968,
                               9752, 10712, 11664, 12896, 14120, 15840, 17560, 20456, 23352, 32767};

KILN_SINGLE_TASK_KERNEL void quantize(int *out, const int *v, int n, int scale)
{
	for (int k = 0; k < n; k++) {
		int mil;
		int wd = v[k] < 0 ? -v[k] : v[k];
		for (mil = 0; mil < 30; mil++) {
			long decis = (levels[mil] * (long)scale) >> 15;
			if (wd <= decis)
				break;
		}
		out[k] = mil;
	}
}

KILN_SINGLE_TASK_KERNEL void find_two_ways(int *out, const int *v, int n, int key)
{
	int seen[32];
	for (int k = 0; k < 32; k++)
		seen[k] = -1;
	int i = 0, found;
	for (;;) {
		if (v[i & 31] == key) {
			found = i * 3 + 1;
			break;
		}
		seen[i & 31] = i;
		i++;
		if (i >= n) {
			found = -i;
			break;
		}
	}
	out[0] = found;
	for (int k = 0; k < 32; k++)
		out[k + 1] = seen[k];
}

/* A small interpreter, an instruction-set simulator's shape (CHStone mips): each instruction is fetched from
 * an on-chip copy of the program at the top of the loop (its load in every block that goes back: edge loads,
 * hls/cdfg/kir.h) and decoded by a switch on its opcode whose case 0 switches on a function field with the
 * same default (switch_fold's case fold). The default halts; at most LIMIT instructions run. */
KILN_SINGLE_TASK_KERNEL void interp(int *regs, const unsigned *code, int ncode, int limit)
{
	unsigned prog[64];
	int r[8] = {0};
	for (int i = 0; i < 64; i++)
		prog[i] = i < ncode ? code[i] : 0xF0000000u;
	int pc = 0, steps = 0, running = 1;
	do {
		unsigned ins = prog[pc & 63];
		pc++;
		int a = (ins >> 20) & 7, b = (ins >> 16) & 7, d = (ins >> 12) & 7;
		int imm = (int)(ins << 20) >> 20;
		switch (ins >> 28) {
		case 0:
			switch (ins & 15) {
			case 0:
				r[d] = r[a] + r[b];
				break;
			case 1:
				r[d] = r[a] - r[b];
				break;
			case 2:
				r[d] = r[a] ^ r[b];
				break;
			case 3:
				r[d] = r[a] & r[b];
				break;
			case 5:
				r[d] = r[a] << (r[b] & 31);
				break;
			default:
				running = 0;
			}
			break;
		case 1:
			r[d] = r[a] + imm;
			break;
		case 2:
			if (r[a] != 0)
				pc = imm & 63;
			break;
		case 3:
			r[d] = imm;
			break;
		case 4:
			pc = imm & 63;
			break;
		default:
			running = 0;
		}
		r[0] = 0;
		steps++;
	} while (running && steps < limit);
	for (int i = 0; i < 8; i++)
		regs[i] = r[i];
	regs[8] = pc;
	regs[9] = steps;
}

/* sha's shape: a noinline compression of a block into a global state, called in a noinline loop over the
 * blocks and again, once under a condition, for the padded tail; a noinline helper with a pointer
 * out-parameter, and values of the caller kept across the calls (hls/lower/share_calls.c) */
static unsigned hash_state[4];

__attribute__((noinline)) static void compress(const unsigned *blk)
{
	unsigned w[24], a = hash_state[0], b = hash_state[1], c = hash_state[2], d = hash_state[3];
	for (int i = 0; i < 8; i++)
		w[i] = blk[i];
	for (int i = 8; i < 24; i++)
		w[i] = w[i - 3] ^ w[i - 8] ^ (w[i - 5] << 1 | w[i - 5] >> 31);
	for (int i = 0; i < 24; i++) {
		unsigned t = (a << 5 | a >> 27) + (b ^ c ^ d) + w[i];
		d = c;
		c = b << 3 | b >> 29;
		b = a;
		a = t;
	}
	hash_state[0] += a;
	hash_state[1] += b;
	hash_state[2] += c;
	hash_state[3] += d;
}

__attribute__((noinline)) static unsigned fold(unsigned x, unsigned *spill)
{
	*spill = x >> 16;
	return (x & 0xffff) * 40503u;
}

/* as sha_update: a noinline loop over the whole blocks, so that compress is called from its body and from
 * the kernel's (one copy for all three calls) */
__attribute__((noinline)) static void update(const unsigned *data, int whole)
{
	for (int k = 0; k < whole; k++)
		compress(data + 8 * k);
}

KILN_SINGLE_TASK_KERNEL void blocks(unsigned *out, const unsigned *data, int n)
{
	unsigned tail[8], sp = 0;
	for (int i = 0; i < 4; i++)
		hash_state[i] = 0x67452301u * (unsigned)(i + 1);
	int whole = n / 8;
	update(data, whole);
	unsigned kept = fold((unsigned)n, &sp); /* kept across the calls after it */
	for (int i = 0; i < 8; i++)
		tail[i] = 8 * whole + i < n ? data[8 * whole + i] : i == n % 8 ? 0x80u : 0;
	if (n % 8 > 5) {
		compress(tail);
		for (int i = 0; i < 8; i++)
			tail[i] = 0;
	}
	tail[7] = (unsigned)n;
	compress(tail);
	for (int i = 0; i < 4; i++)
		out[i] = hash_state[i] ^ fold(hash_state[i], &sp);
	out[4] = kept + sp;
}

#ifdef KILN_HARNESS
KT_TEST(collatz)
{
	int *s = KT_BUF(int, 12);
	unsigned *st = KT_BUF(unsigned, 12);
	KT_RUN(collatz, KT_P(s), KT_P(st), KT_V(int, 12));
}
KT_TEST(gcd_lcm)
{
	unsigned *g = KT_BUF(unsigned, 16), *a = KT_BUF(unsigned, 16), *b = KT_BUF(unsigned, 16);
	unsigned long long *l = KT_BUF(unsigned long long, 16);
	KT_RUN(gcd_lcm, KT_P(g), KT_P(l), KT_P(a), KT_P(b), KT_V(int, 16));
}
KT_TEST(isqrt)
{
	unsigned *v = KT_BUF(unsigned, 24);
	KT_RUN(isqrt, KT_P(v), KT_V(int, 24));
}
KT_TEST(state_machine)
{
	int *o = KT_BUF(int, 4);
	unsigned char *in = KT_BUF(unsigned char, 150);
	KT_RUN(state_machine, KT_P(o), KT_P(in), KT_V(int, 150));
}
KT_TEST(switch_ops)
{
	int *v = KT_BUF(int, 60);
	unsigned char *op = KT_BUF(unsigned char, 60);
	KT_RUN(switch_ops, KT_P(v), KT_P(op), KT_V(int, 60));
}
KT_TEST(sieve)
{
	unsigned char *p = KT_BUF(unsigned char, 512);
	KT_RUN(sieve, KT_P(p), KT_V(int, 512));
}
KT_TEST(nested_break)
{
	int *o = KT_BUF(int, 2), *m = KT_BUF(int, 120);
	KT_RUN(nested_break, KT_P(o), KT_P(m), KT_V(int, 12), KT_V(int, 10), KT_V(int, 900));
}
KT_TEST(fib64)
{
	unsigned long long *o = KT_BUF(unsigned long long, 90);
	KT_RUN(fib64, KT_P(o), KT_V(int, 90));
}
KT_TEST(binary_search)
{
	int *idx = KT_BUF(int, 16), *s = KT_BUF(int, 64), *k = KT_BUF(int, 16);
	for (int i = 0; i < 64; i++)
		s[i] = 3 * i + 1;
	for (int i = 0; i < 16; i++)
		k[i] = (int)(kt_rand() % 200);
	KT_RUN(binary_search, KT_P(idx), KT_P(s), KT_V(int, 64), KT_P(k), KT_V(int, 16));
}
KT_TEST(quantize)
{
	int *o = KT_BUF(int, 40), *v = KT_BUF(int, 40);
	for (int i = 0; i < 40; i++)
		v[i] = (v[i] % 40000) - 20000;
	KT_RUN(quantize, KT_P(o), KT_P(v), KT_V(int, 40), KT_V(int, 32768));
	KT_RUN(quantize, KT_P(o), KT_P(v), KT_V(int, 40), KT_V(int, 9000));
}
KT_TEST(find_two_ways)
{
	int *o = KT_BUF(int, 33), *v = KT_BUF(int, 32);
	for (int i = 0; i < 32; i++)
		v[i] = i * 7 % 13;
	KT_RUN(find_two_ways, KT_P(o), KT_P(v), KT_V(int, 20), KT_V(int, 11));
	KT_RUN(find_two_ways, KT_P(o), KT_P(v), KT_V(int, 5), KT_V(int, 11));
	KT_RUN(find_two_ways, KT_P(o), KT_P(v), KT_V(int, 1), KT_V(int, 0));
}
KT_TEST(interp)
{
	int *regs = KT_BUF(int, 10);
	unsigned *code = KT_BUF(unsigned, 64);
#define INS(op, a, b, d, imm) ((unsigned)(op) << 28 | (a) << 20 | (b) << 16 | (d) << 12 | ((imm)&0xfff))
	/* r1 = 10; r2 = 0; do r2 += r1, r3 ^= r2 << (r1 & 3); while (--r1); r4 = r2 - r3; r0 = 5; halt */
	static const unsigned sum[] = {INS(3, 0, 0, 1, 10), INS(3, 0, 0, 2, 0),  INS(3, 0, 0, 5, 3),
	                               INS(0, 2, 1, 2, 0),  INS(0, 1, 5, 6, 3),  INS(0, 2, 6, 7, 5),
	                               INS(0, 3, 7, 3, 2),  INS(1, 1, 0, 1, -1), INS(2, 1, 0, 0, 3),
	                               INS(0, 2, 3, 4, 1),  INS(3, 0, 0, 0, 5),  INS(0, 0, 0, 0, 9)};
#undef INS
	for (int i = 0; i < 12; i++)
		code[i] = sum[i];
	KT_RUN(interp, KT_P(regs), KT_P(code), KT_V(int, 12), KT_V(int, 200));
	/* random programs: random opcodes, branches and halts, cut at 150 instructions */
	for (int i = 0; i < 64; i++)
		code[i] = ((unsigned)i * 2654435761u ^ 0x9E3779B9u) % 0x60000000u;
	KT_RUN(interp, KT_P(regs), KT_P(code), KT_V(int, 64), KT_V(int, 150));
}
KT_TEST(blocks)
{
	unsigned *o = KT_BUF(unsigned, 5), *d = KT_BUF(unsigned, 64);
	KT_RUN(blocks, KT_P(o), KT_P(d), KT_V(int, 61));
	KT_RUN(blocks, KT_P(o), KT_P(d), KT_V(int, 43));
	KT_RUN(blocks, KT_P(o), KT_P(d), KT_V(int, 3));
}
#endif
