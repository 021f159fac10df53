// SPDX-License-Identifier: Apache-2.0
#include "value_bits.h"

/* Unsigned and two's-complement widths of a W-bit constant C. */
static vbits const_bits(uint64_t c, int w)
{
	uint64_t mask = w >= 64 ? ~0ULL : (1ULL << w) - 1;
	c &= mask;
	vbits r = {0, 1, 0};
	while (r.tz < w && !((c >> r.tz) & 1))
		r.tz++;
	while (r.ubits < w && (c >> r.ubits) != 0)
		r.ubits++;
	/* negative: as many bits as its complement's, and the sign */
	int neg = w >= 1 && ((c >> (w - 1)) & 1);
	uint64_t m = neg ? ~c & mask : c;
	while (r.sbits < w && (m >> (r.sbits - 1)) != 0)
		r.sbits++;
	return r;
}

static int imin(int a, int b)
{
	return a < b ? a : b;
}

static int imax(int a, int b)
{
	return a > b ? a : b;
}

/* What VB knows of operand V. */
static vbits operand(const kfunc *f, const vbits *vb, kval v)
{
	if (v.kind == KV_CONST)
		return const_bits(v.c, v.width);
	if (v.kind == KV_OP && v.id >= 0 && v.id < f->ninsts)
		return vb[v.id];
	return (vbits){v.width, v.width > 0 ? v.width : 1, 0};
}

/* A shift amount known as a constant below the width W, else -1. */
static int const_shift(kval v, int w)
{
	return v.kind == KV_CONST && v.c < (uint64_t)w ? (int)v.c : -1;
}

/* The low zero bits of K's value, from those of its operands; W is its width (AW its first operand's). */
static int tz_rule(const kfunc *f, const vbits *vb, const kinst *k, int w, int aw)
{
	int a = k->nargs > 0 ? operand(f, vb, k->a[0]).tz : 0,
	    b = k->nargs > 1 ? operand(f, vb, k->a[1]).tz : 0;
	int s;
	if (k->nargs > 0 && a >= aw) /* a zero operand: what stays zero of it */
		a = w;
	switch (k->op) {
	case K_ZEXT:
	case K_SEXT:
	case K_TRUNC:
	case K_COPY:
		return a;
	case K_AND:
		return imax(a, b);
	case K_OR:
	case K_XOR:
	case K_ADD:
	case K_SUB:
		return imin(a, b);
	case K_MUL:
		return a + b;
	case K_SELECT:
		return imin(b, operand(f, vb, k->a[2]).tz);
	case K_SHL:
		return (s = const_shift(k->a[1], w)) < 0 ? a : a + s;
	case K_LSHR:
	case K_ASHR:
		return a >= w ? w : (s = const_shift(k->a[1], w)) < 0 ? 0 : imax(a - s, 0);
	case K_PHI: {
		int r = w;
		for (int p = 0; p < k->nphi; p++)
			r = imin(r, operand(f, vb, k->phi_val[p]).tz);
		return k->nphi ? r : 0;
	}
	default:
		return 0;
	}
}

/* The rule of K's operation, from what its operands are known to be; W is its width. */
static vbits rule(const kfunc *f, const vbits *vb, const kinst *k, int w)
{
	/* an unknown width is the whole one: the caller narrows SBITS to UBITS + 1 */
	vbits all = {w, w, 0}, a = {0, 0, 0}, b = {0, 0, 0};
	if (k->nargs > 0)
		a = operand(f, vb, k->a[0]);
	if (k->nargs > 1)
		b = operand(f, vb, k->a[1]);
	int aw = k->nargs > 0 ? k->a[0].width : 0;
	int s;
	switch (k->op) {
	case K_ZEXT:
		return (vbits){a.ubits, a.ubits + 1, 0};
	case K_SEXT:
		return (vbits){a.ubits < aw ? a.ubits : w, a.sbits, 0};
	case K_TRUNC:
		/* the low bits keep their value when it fits */
		return (vbits){imin(a.ubits, w), a.sbits <= w ? a.sbits : w, 0};
	case K_COPY:
		return a;
	case K_AND:
		return (vbits){imin(a.ubits, b.ubits), imax(a.sbits, b.sbits), 0};
	case K_OR:
	case K_XOR:
		return (vbits){imax(a.ubits, b.ubits), imax(a.sbits, b.sbits), 0};
	case K_SELECT: {
		vbits c = operand(f, vb, k->a[2]);
		return (vbits){imax(b.ubits, c.ubits), imax(b.sbits, c.sbits), 0};
	}
	case K_LSHR:
		if ((s = const_shift(k->a[1], w)) < 0)
			return (vbits){a.ubits, w, 0};
		return (vbits){imax(a.ubits - s, 0), w, 0};
	case K_ASHR:
		if ((s = const_shift(k->a[1], w)) < 0)
			return (vbits){a.ubits, a.sbits, 0};
		return (vbits){a.ubits < w ? imax(a.ubits - s, 0) : w, imax(a.sbits - s, 1), 0};
	case K_SHL:
		if ((s = const_shift(k->a[1], w)) < 0)
			return all;
		return (vbits){a.ubits + s, a.sbits + s, 0};
	case K_ADD:
		return (vbits){imax(a.ubits, b.ubits) + 1, imax(a.sbits, b.sbits) + 1, 0};
	case K_SUB:
		return (vbits){w, imax(a.sbits, b.sbits) + 1, 0};
	case K_MUL:
		return (vbits){a.ubits + b.ubits, a.sbits + b.sbits, 0};
	case K_UDIV:
		return (vbits){a.ubits, w, 0};
	case K_UREM:
		return (vbits){imin(a.ubits, b.ubits), w, 0};
	case K_UMIN:
		return (vbits){imin(a.ubits, b.ubits), w, 0};
	case K_UMAX:
		return (vbits){imax(a.ubits, b.ubits), w, 0};
	case K_SMIN:
	case K_SMAX:
		return (vbits){w, imax(a.sbits, b.sbits), 0};
	case K_CTPOP:
	case K_CTLZ:
	case K_CTTZ: {
		int n = 0;
		while ((1 << n) <= w)
			n++;
		return (vbits){n, w, 0};
	}
	case K_PHI: {
		vbits r = {0, 1, 0};
		for (int p = 0; p < k->nphi; p++) {
			vbits v = operand(f, vb, k->phi_val[p]);
			r = (vbits){imax(r.ubits, v.ubits), imax(r.sbits, v.sbits), 0};
		}
		return k->nphi ? r : all;
	}
	default:
		return all;
	}
}

void vbits_analyse(const kfunc *f, vbits *vb)
{
	for (int i = 0; i < f->ninsts; i++) {
		int w = f->insts[i].width;
		vb[i] = (vbits){w, w > 0 ? w : 1, 0};
	}
	/* Every fact starts as the whole width and each round only applies rules to true facts, so the facts
	 * stay true whenever the rounds stop; rounds narrow them until nothing changes (a bound keeps the
	 * cost linear on long chains through loops). */
	for (int round = 0, changed = 1; changed && round < 8; round++) {
		changed = 0;
		for (int i = 0; i < f->ninsts; i++) {
			const kinst *k = &f->insts[i];
			int w = k->width;
			if (k->block < 0 || w <= 0 || w > 64)
				continue;
			vbits r = rule(f, vb, k, w);
			/* a value that fits in U unsigned bits fits in U + 1 signed ones */
			r.ubits = imin(imax(r.ubits, 0), w);
			r.sbits = imin(imax(imin(r.sbits, r.ubits + 1), 1), w);
			r.tz = imin(imax(tz_rule(f, vb, k, w, k->nargs > 0 ? k->a[0].width : 0), 0), w);
			if (r.ubits < vb[i].ubits || r.sbits < vb[i].sbits || r.tz > vb[i].tz) {
				vb[i] = (vbits){imin(r.ubits, vb[i].ubits), imin(r.sbits, vb[i].sbits),
				                imax(r.tz, vb[i].tz)};
				changed = 1;
			}
		}
	}
}

int vbits_signed(const kfunc *f, const vbits *vb, kval v)
{
	vbits r = operand(f, vb, v);
	int w = v.width > 0 ? v.width : 1;
	return imax(imin(imin(r.sbits, r.ubits + 1), w), 1);
}

int vbits_unsigned(const kfunc *f, const vbits *vb, kval v)
{
	int w = v.width > 0 ? v.width : 1;
	return imax(imin(operand(f, vb, v).ubits, w), 0);
}

int vbits_tz(const kfunc *f, const vbits *vb, kval v)
{
	int w = v.width > 0 ? v.width : 1;
	return imax(imin(operand(f, vb, v).tz, w), 0);
}
