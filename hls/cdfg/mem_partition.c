// SPDX-License-Identifier: Apache-2.0
/* Array partitioning (mem_partition.h). Word i of an array of N words lives in bank i % F (cyclic: the
 * address's low word bits pick the bank), or in bank i / B for B = N / F rounded up to a power of two
 * (block: its high bits do). Which bank an access reaches is read off the bits of its address known when
 * the hardware is built: an analysis of known bits that starts from "anything" at loop phis (as SCCP does),
 * so that i in `for (i = 0; i < n; i += 4) a[i + 1]` is known to be 1 mod 4. Such an access goes to its
 * bank alone; any other becomes one access per bank, a load's answers selected by the bank bits as it runs
 * and a store predicated on them, so the program means what it meant. */
#include "mem_partition.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support/diag.h"
#include "../support/xalloc.h"
#include "ifconv_edit.h"
#include "kir_cfg.h"

/* The directive's macro, for diagnostics. */
static const char *macro(kpart_kind kind)
{
	static const char *const n[] = {"", "KILN_PARTITION_CYCLIC", "KILN_PARTITION_BLOCK",
	                                "KILN_PARTITION_COMPLETE"};
	return kind > KPART_NONE && kind <= KPART_COMPLETE ? n[kind] : "KILN_PARTITION";
}

const char *mem_partition_name(kpart_kind kind)
{
	static const char *const n[] = {"none", "cyclic", "block", "complete"};
	return kind >= KPART_NONE && kind <= KPART_COMPLETE ? n[kind] : "?";
}

int mem_partition_parse(const char *s, size_t n, kpart_kind *kind, int *factor, char *why, size_t nwhy)
{
	static const struct {
		const char *word;
		kpart_kind kind;
	} kinds[] = {{"cyclic,", KPART_CYCLIC}, {"block,", KPART_BLOCK}};
	if (n == 8 && !memcmp(s, "complete", 8)) {
		*kind = KPART_COMPLETE;
		*factor = 0;
		return 0;
	}
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		size_t wl = strlen(kinds[k].word);
		if (n <= wl || memcmp(s, kinds[k].word, wl))
			continue;
		long v = 0;
		size_t i = wl;
		for (; i < n && s[i] >= '0' && s[i] <= '9' && v <= KILN_PARTITION_MAX_BANKS; i++)
			v = v * 10 + (s[i] - '0');
		if (i != n || v < 2 || v > KILN_PARTITION_MAX_BANKS || (v & (v - 1))) {
			char shown[256];
			diag_shown(s + wl, n - wl, shown, sizeof shown);
			snprintf(
			    why, nwhy,
			    "KILN_PARTITION_%s takes a number of banks that is a power of two from 2 to %d, "
			    "not '%s'",
			    kinds[k].kind == KPART_CYCLIC ? "CYCLIC" : "BLOCK", KILN_PARTITION_MAX_BANKS,
			    shown);
			return -1;
		}
		*kind = kinds[k].kind;
		*factor = (int)v;
		return 0;
	}
	char shown[256];
	diag_shown(s, n, shown, sizeof shown);
	snprintf(why, nwhy, "unknown partitioning '%s' (KILN_PARTITION_CYCLIC(F), _BLOCK(F) or _COMPLETE)",
	         shown);
	return -1;
}

/* ---- known bits ---- */

/* Bits of a value known when the hardware is built: those set in M have the value V has there. TOP: not
 * yet reached by the analysis (anything, until a path says otherwise). */
typedef struct kbits {
	uint64_t m, v;
	int top;
} kbits;

static uint64_t wmask(int w)
{
	return w >= 64 ? ~0ull : w <= 0 ? 0 : (1ull << w) - 1;
}

/* The known bits of X's low end, up to its first unknown one: what an add or a product keeps. */
static uint64_t low_run(uint64_t x)
{
	return x & ~(x + 1);
}

static kval cst(uint64_t c, int w)
{
	return (kval){KV_CONST, 0, c & wmask(w), w};
}

static kbits operand(const kbits *kb, kval v)
{
	if (v.kind == KV_CONST)
		return (kbits){wmask(v.width), v.c & wmask(v.width), 0};
	if (v.kind == KV_OP)
		return kb[v.id];
	return (kbits){0, 0, 0};
}

static kbits meet(kbits a, kbits b)
{
	if (a.top)
		return b;
	if (b.top)
		return a;
	uint64_t m = a.m & b.m & ~(a.v ^ b.v);
	return (kbits){m, a.v & m, 0};
}

static int shift_amount(kval v, int w)
{
	return v.kind == KV_CONST && v.c < (uint64_t)w ? (int)v.c : -1;
}

static kbits rule(const kbits *kb, const kinst *k)
{
	const kbits none = {0, 0, 0}, top = {0, 0, 1};
	uint64_t wm = wmask(k->width), m = 0, v = 0;
	if (k->op == K_PHI) {
		kbits r = top;
		for (int p = 0; p < k->nphi; p++)
			r = meet(r, operand(kb, k->phi_val[p]));
		return k->nphi ? r : none;
	}
	if (k->op == K_SELECT)
		return meet(operand(kb, k->a[1]), operand(kb, k->a[2]));
	kbits a = k->nargs > 0 ? operand(kb, k->a[0]) : none, b = k->nargs > 1 ? operand(kb, k->a[1]) : none;
	if (a.top || b.top)
		return top;
	int s;
	uint64_t am = wmask(k->nargs > 0 ? k->a[0].width : 0);
	switch (k->op) {
	case K_COPY:
		return (kbits){a.m & wm, a.v & a.m & wm, 0};
	case K_ZEXT:
		m = (a.m & am) | (wm & ~am), v = a.v;
		break;
	case K_SEXT:
	case K_TRUNC:
		m = a.m & am, v = a.v;
		break;
	case K_AND:
		m = (a.m & b.m) | (a.m & ~a.v) | (b.m & ~b.v), v = a.v & b.v;
		break;
	case K_OR:
		m = (a.m & b.m) | (a.m & a.v) | (b.m & b.v), v = a.v | b.v;
		break;
	case K_XOR:
		m = a.m & b.m, v = a.v ^ b.v;
		break;
	case K_ADD:
		m = low_run(a.m & b.m), v = a.v + b.v;
		break;
	case K_SUB:
		m = low_run(a.m & b.m), v = a.v - b.v;
		break;
	case K_MUL:
		m = low_run(a.m & b.m), v = a.v * b.v;
		break;
	case K_SHL:
		if ((s = shift_amount(k->a[1], k->width)) < 0)
			return none;
		m = (a.m << s) | wmask(s), v = a.v << s;
		break;
	case K_LSHR:
		if ((s = shift_amount(k->a[1], k->width)) < 0)
			return none;
		m = ((a.m & wm) >> s) | (wm & ~(wm >> s)), v = (a.v & wm) >> s;
		break;
	default:
		return none;
	}
	m &= wm;
	return (kbits){m, v & m, 0};
}

/* The known bits of each of F's operations (nothing known of one the rounds leave unreached). Every
 * operation starts at TOP and only moves down; were the rounds cut off before they settle, nothing is
 * taken as known, as an unsettled answer may not hold. */
static kbits *known_bits(const kfunc *f)
{
	kbits *kb = xcalloc((size_t)f->ninsts + 1, sizeof *kb);
	for (int i = 0; i < f->ninsts; i++)
		kb[i].top = 1;
	int changed = 1;
	for (int round = 0; changed && round < 64 * 4 + 8; round++) {
		changed = 0;
		for (int b = 0; b < f->nblocks; b++)
			for (int j = 0; j < f->blocks[b].ninsts; j++) {
				int i = f->blocks[b].insts[j];
				const kinst *k = &f->insts[i];
				if (k->width <= 0 || k->width > 64)
					continue;
				kbits r = rule(kb, k);
				if (r.top != kb[i].top || r.m != kb[i].m || r.v != kb[i].v) {
					kb[i] = r;
					changed = 1;
				}
			}
	}
	for (int i = 0; i < f->ninsts; i++)
		if (changed || kb[i].top)
			kb[i] = (kbits){0, 0, 0};
	return kb;
}

/* ---- copies as loops ---- */

/* The value of V when its bits are all known when built (*C), else 0. */
static int known_const(const kbits *kb, kval v, uint64_t *c)
{
	kbits k = operand(kb, v);
	if ((k.m & wmask(v.width)) != wmask(v.width))
		return 0;
	*c = k.v;
	return 1;
}

/* V's low bits known to be zero: at least BYTES-aligned. */
static int aligned(const kbits *kb, kval v, int bytes)
{
	kbits k = operand(kb, v);
	uint64_t low = wmask(bytes == 4 ? 2 : bytes == 8 ? 3 : 0);
	return (k.m & low) == low && !(k.v & low);
}

static int new_block(kfunc *f, const char *label)
{
	f->blocks = xrealloc(f->blocks, (size_t)f->nblocks + 1, sizeof *f->blocks);
	char nm[32];
	snprintf(nm, sizeof nm, "bb%d", f->nblocks);
	f->blocks[f->nblocks] = (kblock){.name = xstrdup(nm), .label = xstrdup(label)};
	return f->nblocks++;
}

static void append(kfunc *f, int b, int id)
{
	kblock *bl = &f->blocks[b];
	bl->insts = xrealloc(bl->insts, (size_t)bl->ninsts + 1, sizeof *bl->insts);
	bl->insts[bl->ninsts++] = id;
	f->insts[id].block = b;
}

/* Copy or fill I, at position J of block B, as a loop of its own: B keeps what comes before it and branches
 * to the loop, a new block after the loop takes the rest and B's successors, and the loop reads (memcpy)
 * and writes a word (or byte, unless the offsets are known whole words) an iteration, accesses that then
 * reach their banks as any others do. The loop pipelines, as the copy engine's word a cycle did. */
static void copy_as_loop(kfunc *f, const kbits *kb, int b, int j)
{
	int i = f->blocks[b].insts[j];
	kinst c = f->insts[i];
	int set = c.op == K_MEMSET, aw = c.a[0].width, decl = c.bytes >= 4;
	kval len = c.a[2];
	int step =
	    aligned(kb, len, 4) && (decl || aligned(kb, c.a[0], 4)) && (set || decl || aligned(kb, c.a[1], 4))
	        ? 4
	        : 1;
	int tail = new_block(f, "copy_end"), loop = new_block(f, "copy");
	/* the rest of B, its terminator included, moves to TAIL */
	for (int q = j + 1; q < f->blocks[b].ninsts; q++)
		append(f, tail, f->blocks[b].insts[q]);
	f->blocks[b].ninsts = j;
	kir_retarget_phis(f, -1, b, tail);
	if (len.kind == KV_CONST) {
		int br = kir_new_op(f, b, K_BR, 0, c.line, (kval){0}, (kval){0}, (kval){0});
		f->insts[br].nargs = 0;
		f->insts[br].succ[0] = loop;
		append(f, b, br);
	} else { /* a length known only at run time may be 0: the loop runs at least once */
		int nz = kir_new_op(f, b, K_ICMP, 1, c.line, len, cst(0, len.width), (kval){0});
		f->insts[nz].pred = KP_NE;
		append(f, b, nz);
		int br = kir_new_op(f, b, K_CONDBR, 0, c.line, ifc_val(f, nz), (kval){0}, (kval){0});
		f->insts[br].succ[0] = loop;
		f->insts[br].succ[1] = tail;
		append(f, b, br);
	}
	f->insts[i].block = -1; /* the copy itself goes */

	int phi = kir_new_inst(f, K_PHI, aw, loop);
	int next =
	    kir_new_op(f, loop, K_ADD, aw, c.line, ifc_val(f, phi), cst((uint64_t)step, aw), (kval){0});
	kinst *p = &f->insts[phi];
	p->line = c.line;
	p->nphi = 2;
	p->phi_val = xcalloc(2, sizeof *p->phi_val);
	p->phi_block = xcalloc(2, sizeof *p->phi_block);
	p->phi_val[0] = cst(0, aw);
	p->phi_block[0] = b;
	p->phi_val[1] = ifc_val(f, next);
	p->phi_block[1] = loop;
	append(f, loop, phi);
	kval off = ifc_val(f, phi);
	int da = kir_new_op(f, loop, K_ADD, aw, c.line, c.a[0], off, (kval){0});
	append(f, loop, da);
	kval data;
	if (set) { /* the byte in every byte of the word */
		data = c.a[1];
		if (step == 4 && data.kind == KV_CONST) {
			data = cst((data.c & 0xff) * 0x01010101u, 32);
		} else if (step == 4) {
			int z = kir_new_op(f, loop, K_ZEXT, 32, c.line, data, (kval){0}, (kval){0});
			append(f, loop, z);
			int m = kir_new_op(f, loop, K_MUL, 32, c.line, ifc_val(f, z), cst(0x01010101u, 32),
			                   (kval){0});
			append(f, loop, m);
			data = ifc_val(f, m);
		}
	} else {
		int sa = kir_new_op(f, loop, K_ADD, c.a[1].width, c.line, c.a[1], off, (kval){0});
		append(f, loop, sa);
		int ld = kir_new_inst(f, K_LOAD, 8 * step, loop);
		kinst *l = &f->insts[ld];
		l->nargs = 1;
		l->a[0] = ifc_val(f, sa);
		l->mem = c.mem2;
		l->bytes = step;
		l->line = c.line;
		append(f, loop, ld);
		data = ifc_val(f, ld);
	}
	int st = kir_new_inst(f, K_STORE, 0, loop);
	kinst *s = &f->insts[st];
	s->nargs = 2;
	s->a[0] = ifc_val(f, da);
	s->a[1] = data;
	s->mem = c.mem;
	s->bytes = step;
	s->line = c.line;
	append(f, loop, st);
	append(f, loop, next);
	int ne = kir_new_op(f, loop, K_ICMP, 1, c.line, ifc_val(f, next), len, (kval){0});
	f->insts[ne].pred = KP_NE;
	append(f, loop, ne);
	int cb = kir_new_op(f, loop, K_CONDBR, 0, c.line, ifc_val(f, ne), (kval){0}, (kval){0});
	f->insts[cb].succ[0] = loop;
	f->insts[cb].succ[1] = tail;
	append(f, loop, cb);
}

/* Memory M's copies and fills that cannot be split per bank become loops (copy_as_loop): a copy to or from
 * it, and a fill of it over a range not known in whole words. The number made. */
static int copies_as_loops(kfunc *f, int m, int wb)
{
	kbits *kb = known_bits(f);
	int made = 0;
	for (int b = 0; b < f->nblocks; b++)
		for (int j = 0; j < f->blocks[b].ninsts; j++) {
			const kinst *k = &f->insts[f->blocks[b].insts[j]];
			uint64_t off;
			int fill_ok = k->op == K_MEMSET && known_const(kb, k->a[0], &off) &&
			              k->a[2].kind == KV_CONST && off % (uint64_t)wb == 0 &&
			              k->a[2].c % (uint64_t)wb == 0;
			if (!((k->op == K_MEMCPY && (k->mem == m || k->mem2 == m)) ||
			      (k->op == K_MEMSET && k->mem == m && !fill_ok)))
				continue;
			if (k->a[2].kind == KV_CONST && k->a[2].c == 0) /* nothing to copy */
				continue;
			copy_as_loop(f, kb, b, j);
			made++;
			break; /* the rest of block B is a new block, met later */
		}
	free(kb);
	return made;
}

/* ---- the banks of one array ---- */

typedef struct layout {
	kpart_kind kind;
	int wb, lb; /* bytes per word, log2 */
	uint32_t words;
	int nb;       /* banks */
	int sel_lo;   /* the address bit where the bank bits start */
	int sel_bits; /* how many (log2 of the banks, rounded up) */
	int bw;       /* block: words per bank (a power of two) */
} layout;

static int log2up(uint64_t n)
{
	int b = 0;
	while ((1ull << b) < n)
		b++;
	return b;
}

/* The bank of word W, and its index there. */
static void place(const layout *L, uint32_t w, int *bank, uint32_t *at)
{
	if (L->kind == KPART_BLOCK) {
		*bank = (int)(w / (uint32_t)L->bw);
		*at = w % (uint32_t)L->bw;
	} else {
		*bank = (int)(w & ((1u << L->sel_bits) - 1));
		*at = w >> L->sel_bits;
	}
}

/* Words of bank K. */
static uint32_t bank_words(const layout *L, int k)
{
	if (L->kind == KPART_BLOCK) {
		uint32_t lo = (uint32_t)k * (uint32_t)L->bw;
		return L->words - lo < (uint32_t)L->bw ? L->words - lo : (uint32_t)L->bw;
	}
	uint32_t F = 1u << L->sel_bits;
	return L->words > (uint32_t)k ? (L->words - (uint32_t)k + F - 1) / F : 0;
}

/* The layout memory M's directive asks for; -1 after an error (too many banks). */
static int make_layout(const kfunc *f, int m, layout *L)
{
	const kmem *mm = &f->mems[m];
	memset(L, 0, sizeof *L);
	L->kind = mm->part;
	L->wb = kmem_word_bytes(f, m);
	L->lb = L->wb == 8 ? 3 : 2;
	L->words = (mm->size + (uint32_t)L->wb - 1) / (uint32_t)L->wb;
	if (mm->part == KPART_COMPLETE && L->words > KILN_PARTITION_MAX_BANKS) {
		char name[256];
		diag_shown(mm->name, strlen(mm->name), name, sizeof name);
		diag_error(f->file, mm->part_line, 0,
		           "KILN_PARTITION_COMPLETE on '%s': its %u words would be %u banks, and at most %d "
		           "are built; KILN_PARTITION_CYCLIC(%d) gives each of %d words in a row a bank of "
		           "its own",
		           name, L->words, L->words, KILN_PARTITION_MAX_BANKS, KILN_PARTITION_MAX_BANKS,
		           KILN_PARTITION_MAX_BANKS);
		return -1;
	}
	if (mm->part == KPART_BLOCK) {
		uint32_t per = (L->words + (uint32_t)mm->part_factor - 1) / (uint32_t)mm->part_factor;
		L->bw = 1 << log2up(per ? per : 1);
		L->nb = (int)((L->words + (uint32_t)L->bw - 1) / (uint32_t)L->bw);
		L->sel_lo = L->lb + log2up((uint64_t)L->bw);
		L->sel_bits = log2up((uint64_t)L->nb);
	} else {
		uint32_t F = mm->part == KPART_COMPLETE ? L->words : (uint32_t)mm->part_factor;
		L->sel_bits = log2up(F);
		L->nb = (int)(L->words < (1u << L->sel_bits) ? L->words : (1u << L->sel_bits));
		L->sel_lo = L->lb;
	}
	return 0;
}

/* Why memory M cannot be split (written to WHY), or 0 when it can: a memmove within it, whose copy loop
 * would have to run backwards or forwards as the offsets fall at run time. */
static int blocker(const kfunc *f, int m, char *why, size_t n)
{
	for (int b = 0; b < f->nblocks; b++)
		for (int j = 0; j < f->blocks[b].ninsts; j++) {
			const kinst *k = &f->insts[f->blocks[b].insts[j]];
			if (k->op == K_MEMCPY && k->move && k->mem == m && k->mem2 == m) {
				snprintf(why, n, "it is moved within itself (memmove) at line %u", k->line);
				return 1;
			}
		}
	return 0;
}

/* Splits memory M into L's banks: BANK[k] their indices, M itself bank 0. */
static void make_banks(kfunc *f, int m, const layout *L, int *bank)
{
	int n = f->nmems + f->nimems;
	f->mems = xrealloc(f->mems, (size_t)(n + L->nb), sizeof *f->mems);
	kmem src = f->mems[m];
	for (int k = 0; k < L->nb; k++) {
		bank[k] = k ? n + k - 1 : m;
		kmem *b = &f->mems[bank[k]];
		if (k)
			*b = src;
		b->name = k ? xstrdup(src.name) : src.name;
		b->dg_uid = NULL;
		b->size = bank_words(L, k) * (uint32_t)L->wb;
		b->init = NULL;
		b->bank = k;
		b->nbanks = L->nb;
		b->bank_first = m;
		b->used_read = b->used_write = 0;
		b->part_one = b->part_every = 0;
	}
	f->nimems += L->nb - 1;
	if (src.init) {
		for (int k = 0; k < L->nb; k++)
			f->mems[bank[k]].init = xcalloc((size_t)f->mems[bank[k]].size + 4, 1);
		for (uint32_t w = 0; w < L->words; w++) {
			int k;
			uint32_t at;
			place(L, w, &k, &at);
			uint32_t from = w * (uint32_t)L->wb, len = (uint32_t)L->wb;
			if (from + len > src.size)
				len = src.size - from;
			memcpy(f->mems[bank[k]].init + at * (uint32_t)L->wb, src.init + from, len);
		}
		free(src.init);
	}
}

/* ---- rewriting the accesses ---- */

typedef struct rewriter {
	kfunc *f;
	int blk;
	unsigned line;
	ifc_list *l;
} rewriter;

/* A OP B (constant when both are), appended to the block's new list. */
static kval op2(rewriter *R, kop op, int width, kval a, kval b)
{
	if (a.kind == KV_CONST && b.kind == KV_CONST) {
		uint64_t x = a.c, y = b.c;
		uint64_t r = op == K_LSHR ? x >> y : op == K_SHL ? x << y : op == K_AND ? x & y : x | y;
		return cst(r, width);
	}
	int id = kir_new_op(R->f, R->blk, op, width, R->line, a, b, (kval){0});
	ifc_push(R->l, id);
	return ifc_val(R->f, id);
}

/* The bits [LO, LO + BITS) of address A as a BITS-bit value. */
static kval addr_bits(rewriter *R, kval a, int lo, int bits)
{
	kval s = lo ? op2(R, K_LSHR, a.width, a, cst((uint64_t)lo, a.width)) : a;
	if (s.kind == KV_CONST)
		return cst(s.c, bits);
	if (bits == s.width)
		return s;
	int id = kir_new_op(R->f, R->blk, K_TRUNC, bits, R->line, s, (kval){0}, (kval){0});
	ifc_push(R->l, id);
	return ifc_val(R->f, id);
}

/* Address A within its bank (the bank bits taken out); KB what is known of it. */
static kval bank_addr(rewriter *R, const layout *L, kval a, kbits kb)
{
	int w = a.width;
	if (L->kind == KPART_BLOCK)
		return op2(R, K_AND, w, a, cst(wmask(L->sel_lo), w));
	/* cyclic: the word bits above the bank bits move down to where the bank bits were */
	kval hi = op2(R, K_SHL, w, op2(R, K_LSHR, w, a, cst((uint64_t)(L->lb + L->sel_bits), w)),
	              cst((uint64_t)L->lb, w));
	uint64_t byte = wmask(L->lb);
	if ((kb.m & byte) == byte && !(kb.v & byte)) /* a whole-word access */
		return hi;
	return op2(R, K_OR, w, hi, op2(R, K_AND, w, a, cst(byte, w)));
}

/* Load I, whose bank is known only as it runs: a load from each bank, the answer chosen by the bank bits
 * (a tree of selects over them, one level a bit); I becomes the tree's root. */
static void spread_load(rewriter *R, const layout *L, const int *bank, int i, kval na)
{
	kfunc *f = R->f;
	int n = 1 << L->sel_bits, width = f->insts[i].width, bytes = f->insts[i].bytes;
	kval addr = f->insts[i].a[0];
	kval *v = xcalloc((size_t)n, sizeof *v);
	for (int k = 0; k < L->nb; k++) {
		int id = kir_new_inst(f, K_LOAD, width, R->blk);
		kinst *ld = &f->insts[id];
		ld->nargs = 1;
		ld->a[0] = na;
		ld->mem = bank[k];
		ld->bytes = bytes;
		ld->line = R->line;
		ifc_push(R->l, id);
		v[k] = ifc_val(f, id);
	}
	for (int k = L->nb; k < n; k++) /* past the array's end: any bank will do */
		v[k] = v[L->nb - 1];
	for (int t = 0; n > 1; t++, n /= 2) {
		kval bit = addr_bits(R, addr, L->sel_lo + t, 1);
		if (n == 2) { /* the root: load I itself */
			kinst *root = &f->insts[i];
			root->op = K_SELECT;
			root->nargs = 3;
			root->a[0] = bit;
			root->a[1] = v[1];
			root->a[2] = v[0];
			root->mem = -1;
			root->bytes = 0;
			break;
		}
		for (int k = 0; k < n / 2; k++) {
			if (kir_val_same(v[2 * k], v[2 * k + 1])) {
				v[k] = v[2 * k];
				continue;
			}
			int id = kir_new_op(f, R->blk, K_SELECT, width, R->line, bit, v[2 * k + 1], v[2 * k]);
			ifc_push(R->l, id);
			v[k] = ifc_val(f, id);
		}
	}
	free(v);
}

/* Store I, whose bank is known only as it runs: a store to each bank, predicated on the bank bits naming it
 * (and on I's own predicate); I becomes bank 0's. */
static void spread_store(rewriter *R, const layout *L, const int *bank, int i, kval na)
{
	kfunc *f = R->f;
	kval addr = f->insts[i].a[0], data = f->insts[i].a[1];
	kval pred = f->insts[i].nargs > 2 ? f->insts[i].a[2] : (kval){0};
	int bytes = f->insts[i].bytes;
	kval sel = addr_bits(R, addr, L->sel_lo, L->sel_bits);
	for (int k = 0; k < L->nb; k++) {
		int eq =
		    kir_new_op(f, R->blk, K_ICMP, 1, R->line, sel, cst((uint64_t)k, L->sel_bits), (kval){0});
		f->insts[eq].pred = KP_EQ;
		ifc_push(R->l, eq);
		kval c = ifc_val(f, eq);
		if (pred.kind)
			c = ifc_and(f, R->blk, pred, c, R->line, R->l);
		int id = k ? kir_new_inst(f, K_STORE, 0, R->blk) : i;
		kinst *st = &f->insts[id];
		st->nargs = 3;
		st->a[0] = na;
		st->a[1] = data;
		st->a[2] = c;
		st->mem = bank[k];
		st->bytes = bytes;
		st->line = R->line;
		if (k)
			ifc_push(R->l, id);
	}
}

/* Memset I over whole words: one per bank, over the words of its range there; I becomes the first. */
static void split_memset(rewriter *R, const layout *L, const int *bank, int i, uint64_t off)
{
	kfunc *f = R->f;
	uint32_t w0 = (uint32_t)(off / (uint64_t)L->wb);
	uint32_t w1 = w0 + (uint32_t)(f->insts[i].a[2].c / (uint64_t)L->wb);
	int first = 1;
	for (int k = 0; k < L->nb; k++) {
		uint32_t q0, q1;
		if (L->kind == KPART_BLOCK) { /* the part of [w0, w1) in [lo, hi) */
			uint32_t lo = (uint32_t)k * (uint32_t)L->bw, hi = lo + bank_words(L, k);
			uint32_t a = w0 > lo ? w0 : lo, e = w1 < hi ? w1 : hi;
			q0 = a - lo;
			q1 = e > a ? e - lo : q0;
		} else { /* the words k + F j of [w0, w1) */
			uint32_t F = 1u << L->sel_bits;
			q0 = w0 > (uint32_t)k ? (w0 - (uint32_t)k + F - 1) / F : 0;
			q1 = w1 > (uint32_t)k ? (w1 - (uint32_t)k + F - 1) / F : 0;
		}
		if (q1 <= q0)
			continue;
		int id = first ? i : kir_new_inst(f, K_MEMSET, f->insts[i].width, R->blk);
		kinst *ms = &f->insts[id], *orig = &f->insts[i];
		if (!first) {
			ms->nargs = orig->nargs;
			ms->a[1] = orig->a[1];
			ms->line = orig->line;
			ifc_push(R->l, id);
		}
		int aw = orig->a[0].width, lw = orig->a[2].width;
		ms->a[0] = cst((uint64_t)q0 * (uint64_t)L->wb, aw);
		ms->a[2] = cst((uint64_t)(q1 - q0) * (uint64_t)L->wb, lw);
		ms->mem = bank[k];
		first = 0;
	}
	if (first) /* an empty range */
		f->insts[i].mem = bank[0];
}

/* Sends every access of memory M (now bank 0 of BANK) to its bank. */
static void rewrite(kfunc *f, int m, const layout *L, const int *bank, const kbits *kb)
{
	for (int b = 0; b < f->nblocks; b++) {
		ifc_list l = {0};
		int n = f->blocks[b].ninsts, *old = xcalloc((size_t)n + 1, sizeof *old);
		memcpy(old, f->blocks[b].insts, (size_t)n * sizeof *old);
		for (int j = 0; j < n; j++) {
			int i = old[j];
			kinst *k = &f->insts[i];
			rewriter R = {f, b, k->line, &l};
			uint64_t off = 0;
			if (k->op == K_MEMSET && k->mem == m && known_const(kb, k->a[0], &off)) {
				split_memset(&R, L, bank, i, off);
				ifc_push(&l, i);
				continue;
			}
			if ((k->op != K_LOAD && k->op != K_STORE) || k->mem != m) {
				ifc_push(&l, i);
				continue;
			}
			kval addr = k->a[0];
			kbits ab = operand(kb, addr);
			uint64_t sm = wmask(L->sel_bits) << L->sel_lo;
			kval na = bank_addr(&R, L, addr, ab);
			k = &f->insts[i];
			int which = -1;
			if ((ab.m & sm) == sm) /* the bank bits are known */
				which = (int)((ab.v & sm) >> L->sel_lo);
			else if (L->kind == KPART_BLOCK && k->arange &&
			         k->alo >> L->sel_lo == k->ahi >> L->sel_lo)
				which = (int)(k->alo >> L->sel_lo); /* its offsets stay in one bank */
			if (which >= 0) {
				k->mem = bank[which < L->nb ? which : L->nb - 1];
				k->a[0] = na;
				f->mems[m].part_one++;
			} else {
				f->mems[m].part_every++;
				if (k->op == K_LOAD)
					spread_load(&R, L, bank, i, na);
				else
					spread_store(&R, L, bank, i, na);
			}
			ifc_push(&l, i);
		}
		free(old);
		ifc_list_install(f, b, &l);
	}
}

/* Each bank's use, from its accesses. */
static void mark_uses(kfunc *f, const int *bank, int nb)
{
	for (int k = 0; k < nb; k++)
		for (int b = 0; b < f->nblocks; b++)
			for (int j = 0; j < f->blocks[b].ninsts; j++) {
				const kinst *x = &f->insts[f->blocks[b].insts[j]];
				if (x->mem != bank[k])
					continue;
				f->mems[bank[k]].used_read |= x->op == K_LOAD;
				f->mems[bank[k]].used_write |= x->op == K_STORE || x->op == K_MEMSET;
			}
}

int mem_partition(kfunc *f)
{
	int split = 0, errors = 0, n0 = f->nmems + f->nimems;
	for (int m = 0; m < n0; m++) {
		kmem *mm = &f->mems[m];
		if (mm->part == KPART_NONE || mm->nbanks)
			continue;
		char name[256], why[200];
		diag_shown(mm->name, strlen(mm->name), name, sizeof name);
		if (m < f->nmems) {
			diag_warning_loc(f->file, mm->part_line,
			                 "%s on '%s' is not applied: a device global lives in the image's "
			                 "storage, not in the kernel",
			                 macro(mm->part), name);
			mm->part = KPART_NONE;
			continue;
		}
		layout L;
		if (make_layout(f, m, &L) != 0) {
			errors++;
			continue;
		}
		if (blocker(f, m, why, sizeof why)) {
			diag_warning_loc(f->file, mm->part_line, "%s on '%s' is not applied: %s",
			                 macro(mm->part), name, why);
			mm->part = KPART_NONE;
			continue;
		}
		if (L.nb < 2) /* one word: already as parallel as it gets */
			continue;
		copies_as_loops(f, m, L.wb);
		kbits *kb = known_bits(f);
		int bank[KILN_PARTITION_MAX_BANKS];
		make_banks(f, m, &L, bank);
		rewrite(f, m, &L, bank, kb);
		mark_uses(f, bank, L.nb);
		split++;
		free(kb);
	}
	return errors ? -1 : split;
}
