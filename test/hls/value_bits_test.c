// SPDX-License-Identifier: Apache-2.0
/* The known widths of values (hls/cdfg/value_bits.h) against the values themselves: every operation the
 * analysis has a rule for, on every pair of operand shapes (a value of unknown bits, sign and zero
 * extensions from 1 to 5 bits, constants), at 6 bits, over every value the shapes allow; a width that a
 * computed value does not fit is a wrong multiplier in hardware. Then the widths binding relies on at 64
 * bits, and loops: a phi fed back through an addition knows nothing, one fed back through a mask its bits. */
#include <string.h>

#include "hls/cdfg/value_bits.h"
#include "test/harness.h"

enum { W = 6, NARGS = 3 };
#define MASK(w) ((w) >= 64 ? ~0ULL : (1ULL << (w)) - 1)

typedef struct shape {
	int kind; /* 0 unknown (an argument of W bits), 1 sign extension, 2 zero extension, 3 constant */
	int n;    /* bits extended */
	uint64_t c;
} shape;

static uint64_t sext(uint64_t x, int from, int to)
{
	x &= MASK(from);
	if (from < to && ((x >> (from - 1)) & 1))
		x |= MASK(to) & ~MASK(from);
	return x;
}

/* Adds shape S over argument ARG to F; the value a shape's operand has for argument value X. */
static kval put_shape(kfunc *f, shape s, int arg)
{
	if (s.kind == 3)
		return (kval){KV_CONST, 0, s.c & MASK(W), W};
	if (s.kind == 0)
		return (kval){KV_ARG, arg, 0, W};
	int i = f->ninsts++;
	f->insts[i] = (kinst){.op = s.kind == 1 ? K_SEXT : K_ZEXT, .width = W, .nargs = 1, .block = 0};
	f->insts[i].a[0] = (kval){KV_ARG, arg, 0, s.n};
	return (kval){KV_OP, i, 0, W};
}

static uint64_t shape_value(shape s, uint64_t x)
{
	return s.kind == 3 ? s.c & MASK(W) : s.kind == 1 ? sext(x, s.n, W) : x & MASK(s.kind ? s.n : W);
}

static int shape_bits(shape s)
{
	return s.kind == 3 ? 0 : s.kind == 0 ? W : s.n;
}

static int64_t sval(uint64_t x, int w)
{
	return (int64_t)(sext(x, w, 64));
}

/* OP of W-bit operands A, B (a shift by W or more: none; a division by 0: none). 0 when undefined. */
static int eval(kop op, uint64_t a, uint64_t b, uint64_t *r)
{
	switch (op) {
	case K_ADD:
		*r = a + b;
		break;
	case K_SUB:
		*r = a - b;
		break;
	case K_MUL:
		*r = a * b;
		break;
	case K_AND:
		*r = a & b;
		break;
	case K_OR:
		*r = a | b;
		break;
	case K_XOR:
		*r = a ^ b;
		break;
	case K_SHL:
		if (b >= W)
			return 0;
		*r = a << b;
		break;
	case K_LSHR:
		if (b >= W)
			return 0;
		*r = a >> b;
		break;
	case K_ASHR:
		if (b >= W)
			return 0;
		*r = (uint64_t)(sval(a, W) >> b);
		break;
	case K_UDIV:
		if (!b)
			return 0;
		*r = a / b;
		break;
	case K_UREM:
		if (!b)
			return 0;
		*r = a % b;
		break;
	case K_UMIN:
		*r = a < b ? a : b;
		break;
	case K_UMAX:
		*r = a > b ? a : b;
		break;
	case K_SMIN:
		*r = sval(a, W) < sval(b, W) ? a : b;
		break;
	case K_SMAX:
		*r = sval(a, W) > sval(b, W) ? a : b;
		break;
	case K_CTPOP:
		*r = (uint64_t)__builtin_popcountll(a);
		break;
	case K_CTLZ:
		*r = a ? (uint64_t)(__builtin_clzll(a) - (64 - W)) : W;
		break;
	case K_CTTZ:
		*r = a ? (uint64_t)__builtin_ctzll(a) : W;
		break;
	default:
		return 0;
	}
	*r &= MASK(W);
	return 1;
}

/* R, a W-bit value, is whole in the low V.ubits bits and in the low V.sbits bits read signed. */
static int fits(uint64_t r, vbits v)
{
	return (r >> v.ubits) == 0 && sext(r, v.sbits, W) == r;
}

static const kop binary[] = {K_ADD,  K_SUB,  K_MUL,  K_AND,  K_OR,   K_XOR,  K_SHL, K_LSHR,
                             K_ASHR, K_UDIV, K_UREM, K_UMIN, K_UMAX, K_SMIN, K_SMAX};
static const kop unary[] = {K_CTPOP, K_CTLZ, K_CTTZ};

int main(void)
{
	shape shapes[32];
	int ns = 0;
	shapes[ns++] = (shape){0, W, 0};
	for (int n = 1; n < W; n++) {
		shapes[ns++] = (shape){1, n, 0};
		shapes[ns++] = (shape){2, n, 0};
	}
	static const uint64_t consts[] = {0, 1, 2, 3, 5, 12, 31, 32, 33, 62, 63};
	for (size_t c = 0; c < sizeof consts / sizeof *consts; c++)
		shapes[ns++] = (shape){3, 0, consts[c]};

	kinst insts[8];
	kfunc f;
	long cases = 0, bad = 0;
	char what[160] = "";
	for (size_t o = 0; o < sizeof binary / sizeof *binary + sizeof unary / sizeof *unary; o++) {
		int un = o >= sizeof binary / sizeof *binary;
		kop op = un ? unary[o - sizeof binary / sizeof *binary] : binary[o];
		for (int sa = 0; sa < ns; sa++)
			for (int sb = 0; sb < (un ? 1 : ns); sb++) {
				memset(&f, 0, sizeof f);
				memset(insts, 0, sizeof insts);
				f.insts = insts;
				kval a = put_shape(&f, shapes[sa], 0), b = put_shape(&f, shapes[sb], 1);
				int t = f.ninsts++;
				insts[t] = (kinst){.op = op, .width = W, .nargs = un ? 1 : 2, .block = 0};
				insts[t].a[0] = a;
				insts[t].a[1] = b;
				vbits vb[8];
				vbits_analyse(&f, vb);
				for (uint64_t x = 0; x < (1ULL << shape_bits(shapes[sa])); x++)
					for (uint64_t y = 0; y < (un ? 1 : 1ULL << shape_bits(shapes[sb]));
					     y++) {
						uint64_t r;
						if (!eval(op, shape_value(shapes[sa], x),
						          un ? 0 : shape_value(shapes[sb], y), &r))
							continue;
						cases++;
						if (!fits(r, vb[t]) && !bad++)
							snprintf(
							    what, sizeof what,
							    "%s of shapes %d, %d: %llu (ubits %d, sbits %d)",
							    kop_name(op), sa, sb, (unsigned long long)r,
							    vb[t].ubits, vb[t].sbits);
					}
			}
	}
	KT_CHECK(bad == 0 && cases > 400000, "every rule's result fits its widths at 6 bits",
	         "%ld of %ld: %s", bad, cases, what);

	/* select, and the extensions and truncation between widths */
	bad = cases = 0;
	for (int sa = 0; sa < ns; sa++)
		for (int sb = 0; sb < ns; sb++) {
			memset(&f, 0, sizeof f);
			memset(insts, 0, sizeof insts);
			f.insts = insts;
			kval a = put_shape(&f, shapes[sa], 0), b = put_shape(&f, shapes[sb], 1);
			int t = f.ninsts++;
			insts[t] = (kinst){.op = K_SELECT, .width = W, .nargs = 3, .block = 0};
			insts[t].a[0] = (kval){KV_ARG, 2, 0, 1};
			insts[t].a[1] = a;
			insts[t].a[2] = b;
			int tr = f.ninsts++; /* trunc to 4 bits of the select's first operand */
			insts[tr] = (kinst){.op = K_TRUNC, .width = 4, .nargs = 1, .block = 0};
			insts[tr].a[0] = a;
			vbits vb[8];
			vbits_analyse(&f, vb);
			for (uint64_t x = 0; x < (1ULL << shape_bits(shapes[sa])); x++)
				for (uint64_t y = 0; y < (1ULL << shape_bits(shapes[sb])); y++)
					for (int c = 0; c < 2; c++) {
						uint64_t r = c ? shape_value(shapes[sa], x)
						               : shape_value(shapes[sb], y);
						uint64_t q = shape_value(shapes[sa], x) & 15;
						cases++;
						bad += !fits(r, vb[t]) || (q >> vb[tr].ubits) != 0 ||
						       sext(q, vb[tr].sbits, 4) != q;
					}
		}
	KT_CHECK(bad == 0, "select and trunc", "%ld of %ld", bad, cases);

	/* at 64 bits, what binding sizes multipliers by */
	memset(&f, 0, sizeof f);
	memset(insts, 0, sizeof insts);
	f.insts = insts;
	insts[0] = (kinst){.op = K_SEXT, .width = 64, .nargs = 1, .a = {{KV_ARG, 0, 0, 32}}};
	insts[1] = (kinst){.op = K_ZEXT, .width = 64, .nargs = 1, .a = {{KV_ARG, 1, 0, 32}}};
	insts[2] =
	    (kinst){.op = K_LSHR, .width = 64, .nargs = 2, .a = {{KV_ARG, 2, 0, 64}, {KV_CONST, 0, 40, 64}}};
	insts[3] =
	    (kinst){.op = K_AND, .width = 64, .nargs = 2, .a = {{KV_ARG, 2, 0, 64}, {KV_CONST, 0, 255, 64}}};
	insts[4] = (kinst){.op = K_MUL, .width = 64, .nargs = 2, .a = {{KV_OP, 0, 0, 64}, {KV_OP, 3, 0, 64}}};
	f.ninsts = 5;
	vbits vb[8];
	vbits_analyse(&f, vb);
	KT_CHECK(vbits_signed(&f, vb, (kval){KV_OP, 0, 0, 64}) == 32 &&
	             vbits_signed(&f, vb, (kval){KV_OP, 1, 0, 64}) == 33 &&
	             vbits_signed(&f, vb, (kval){KV_OP, 2, 0, 64}) == 25 &&
	             vbits_signed(&f, vb, (kval){KV_OP, 3, 0, 64}) == 9 &&
	             vbits_signed(&f, vb, (kval){KV_OP, 4, 0, 64}) == 41 &&
	             vbits_signed(&f, vb, (kval){KV_CONST, 0, (uint64_t)-44, 64}) == 7 &&
	             vbits_signed(&f, vb, (kval){KV_CONST, 0, 12, 64}) == 5 &&
	             vbits_signed(&f, vb, (kval){KV_ARG, 0, 0, 64}) == 64,
	         "64-bit widths: sext 32, zext 33, lshr 40: 25, mask 255: 9, their product 41, constants",
	         "%d %d %d %d %d", vbits_signed(&f, vb, (kval){KV_OP, 0, 0, 64}),
	         vbits_signed(&f, vb, (kval){KV_OP, 1, 0, 64}), vbits_signed(&f, vb, (kval){KV_OP, 2, 0, 64}),
	         vbits_signed(&f, vb, (kval){KV_OP, 3, 0, 64}),
	         vbits_signed(&f, vb, (kval){KV_OP, 4, 0, 64}));

	/* loops: p = phi(0, p + 1) may reach any value; p = phi(0, p & 15) stays in 4 bits */
	for (int masked = 0; masked < 2; masked++) {
		memset(&f, 0, sizeof f);
		memset(insts, 0, sizeof insts);
		f.insts = insts;
		kval pv[2] = {{KV_CONST, 0, 0, 64}, {KV_OP, 1, 0, 64}};
		int pb[2] = {0, 1};
		insts[0] =
		    (kinst){.op = K_PHI, .width = 64, .block = 1, .nphi = 2, .phi_val = pv, .phi_block = pb};
		insts[1] = (kinst){.op = masked ? K_AND : K_ADD,
		                   .width = 64,
		                   .nargs = 2,
		                   .block = 1,
		                   .a = {{KV_OP, 0, 0, 64}, {KV_CONST, 0, masked ? 15 : 1, 64}}};
		f.ninsts = 2;
		vbits_analyse(&f, vb);
		KT_CHECK(masked ? vb[0].ubits == 4 : vb[0].ubits == 64 && vb[0].sbits == 64,
		         masked ? "a phi fed back through a mask: 4 bits"
		                : "a phi fed back through an add: unknown",
		         "ubits %d sbits %d", vb[0].ubits, vb[0].sbits);
	}
	return KT_DONE();
}
