// SPDX-License-Identifier: Apache-2.0
#include "kir_cfg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support/xalloc.h"

kinst *kir_term(kfunc *f, int b)
{
	kblock *bl = &f->blocks[b];
	return bl->ninsts ? &f->insts[bl->insts[bl->ninsts - 1]] : NULL;
}

/* Block P's terminator T branches to block B. */
static int branches_to(const kinst *t, int b)
{
	int hit = 0;
	if (t->op == K_BR || t->op == K_CONDBR || t->op == K_SWITCH)
		hit = t->succ[0] == b || (t->op == K_CONDBR && t->succ[1] == b);
	for (int c = 0; t->op == K_SWITCH && c < t->ncases; c++)
		hit |= t->case_succ[c] == b;
	return hit;
}

int kir_npreds(kfunc *f, int b, int exclude_a, int exclude_b)
{
	int n = 0;
	for (int p = 0; p < f->nblocks; p++) {
		kinst *t = kir_term(f, p);
		if (t && p != exclude_a && p != exclude_b)
			n += branches_to(t, b);
	}
	return n;
}

/* Edges that came from block FROM now come from block TO. */
void kir_retarget_phis(kfunc *f, int b, int from, int to)
{
	for (int bb = b < 0 ? 0 : b; bb < (b < 0 ? f->nblocks : b + 1); bb++) {
		const kblock *bl = &f->blocks[bb];
		for (int i = 0; i < bl->ninsts; i++) {
			kinst *k = &f->insts[bl->insts[i]];
			for (int q = 0; k->op == K_PHI && q < k->nphi; q++)
				if (k->phi_block[q] == from)
					k->phi_block[q] = to;
		}
	}
}

/* Block B's phis, reached from one block only, are copies of what they take from it. */
static void phis_to_copies(kfunc *f, int b)
{
	kblock *bl = &f->blocks[b];
	for (int j = 0; j < bl->ninsts; j++) {
		kinst *k = &f->insts[bl->insts[j]];
		if (k->op != K_PHI)
			continue;
		kval v = k->nphi ? k->phi_val[0] : (kval){KV_CONST, 0, 0, k->width};
		kir_phi_becomes(k, K_COPY, v, (kval){0}, (kval){0});
	}
}

/* An operation taken out of every block's list: nothing schedules or uses it any more. */
static void drop(kinst *k)
{
	k->block = -1;
	k->nargs = 0;
}

/* Block P's branch targets, each once, into OUT (room for f->nblocks); how many. SEEN, none P + 1 on
 * entry, marks the ones found with P + 1. */
static int targets(kfunc *f, int p, int *seen, int *out)
{
	const kinst *t = kir_term(f, p);
	int n = 0;
	if (!t || (t->op != K_BR && t->op != K_CONDBR && t->op != K_SWITCH))
		return 0;
	int nsucc = t->op == K_CONDBR ? 2 : 1;
	for (int i = 0; i < nsucc + (t->op == K_SWITCH ? t->ncases : 0); i++) {
		int s = i < nsucc ? t->succ[i] : t->case_succ[i - nsucc];
		if (s >= 0 && s < f->nblocks && seen[s] != p + 1) {
			seen[s] = p + 1;
			out[n++] = s;
		}
	}
	return n;
}

/* Merging keeps the number of blocks branching to each block (kir_npreds) up to date as it goes: a block
 * merged into its only predecessor brings its terminator, so its successors keep their count, and only
 * their phis can name it. Counting once and touching only those keeps a function of thousands of blocks
 * (a kernel that inlines a math library) linear. */
int kir_merge_chains(kfunc *f)
{
	int n = 0;
	int *npred = xcalloc((size_t)f->nblocks + 1, sizeof *npred);
	int *seen = xcalloc((size_t)f->nblocks + 1, sizeof *seen);
	int *succ = xcalloc((size_t)f->nblocks + 1, sizeof *succ);
	for (int p = 0; p < f->nblocks; p++) {
		int k = targets(f, p, seen, succ);
		for (int i = 0; i < k; i++)
			npred[succ[i]]++;
	}
	memset(seen, 0, ((size_t)f->nblocks + 1) * sizeof *seen);
	for (int a = 0; a < f->nblocks; a++) {
		for (;;) {
			kinst *t = kir_term(f, a);
			if (!t || t->op != K_BR)
				break;
			int b = t->succ[0];
			if (b == a || b == 0 || !f->blocks[b].ninsts || npred[b] != 1)
				break;
			kblock *ab = &f->blocks[a], *bb = &f->blocks[b];
			phis_to_copies(f, b);
			drop(t);
			int *list = xrealloc(ab->insts, (size_t)(ab->ninsts - 1 + bb->ninsts), sizeof *list);
			ab->insts = list;
			ab->ninsts--;
			for (int j = 0; j < bb->ninsts; j++) {
				list[ab->ninsts++] = bb->insts[j];
				f->insts[bb->insts[j]].block = a;
			}
			bb->ninsts = 0;
			npred[b] = 0;
			/* a's new successors, their marks cleared again after */
			int k = targets(f, a, seen, succ);
			for (int i = 0; i < k; i++)
				kir_retarget_phis(f, succ[i], b, a);
			for (int i = 0; i < k; i++)
				seen[succ[i]] = 0;
			n++;
		}
	}
	free(npred);
	free(seen);
	free(succ);
	return n;
}

/* Block B's new number in MAP, or -1 when it is gone. */
static int renum(const int *map, int nblocks, int b)
{
	return b >= 0 && b < nblocks ? map[b] : -1;
}

int kir_drop_empty_blocks(kfunc *f)
{
	int *map = xcalloc((size_t)f->nblocks + 1, sizeof *map), n = 0;
	for (int b = 0; b < f->nblocks; b++)
		map[b] = b == 0 || f->blocks[b].ninsts ? n++ : -1;
	if (n == f->nblocks) {
		free(map);
		return 0;
	}
	int dropped = f->nblocks - n;
	for (int i = 0; i < f->ninsts; i++) {
		kinst *k = &f->insts[i];
		k->block = renum(map, f->nblocks, k->block);
		if (k->block < 0)
			k->nargs = 0;
		if (k->op == K_BR || k->op == K_CONDBR || k->op == K_SWITCH) {
			k->succ[0] = renum(map, f->nblocks, k->succ[0]);
			if (k->op == K_CONDBR)
				k->succ[1] = renum(map, f->nblocks, k->succ[1]);
		}
		for (int c = 0; c < k->ncases; c++)
			k->case_succ[c] = renum(map, f->nblocks, k->case_succ[c]);
		for (int q = 0; q < k->nphi; q++)
			k->phi_block[q] = renum(map, f->nblocks, k->phi_block[q]);
	}
	for (int b = 0; b < f->nblocks; b++) {
		kblock *bl = &f->blocks[b];
		if (map[b] < 0) {
			free(bl->insts);
			free(bl->name);
			free(bl->label);
			continue;
		}
		f->blocks[map[b]] = *bl;
		char nm[24];
		snprintf(nm, sizeof nm, "bb%d", map[b]);
		free(f->blocks[map[b]].name);
		f->blocks[map[b]].name = xstrdup(nm);
	}
	f->nblocks = n;
	free(map);
	return dropped;
}

/* Block B's successors into OUT (room for 2 + its cases); how many (a successor reached twice counts once).
 */
int kir_succs(const kfunc *f, int b, int *out)
{
	const kblock *bl = &f->blocks[b];
	const kinst *t = bl->ninsts ? &f->insts[bl->insts[bl->ninsts - 1]] : NULL;
	int n = 0;
	if (!t || (t->op != K_BR && t->op != K_CONDBR && t->op != K_SWITCH))
		return 0;
	if (t->op == K_SWITCH && t->ncases + 1 > KIR_MAX_SUCCS)
		return -1;
	int all[KIR_MAX_SUCCS], na = 0;
	all[na++] = t->succ[0];
	if (t->op == K_CONDBR)
		all[na++] = t->succ[1];
	for (int c = 0; t->op == K_SWITCH && c < t->ncases; c++)
		all[na++] = t->case_succ[c];
	for (int i = 0; i < na; i++) {
		int dup = 0;
		for (int j = 0; j < n; j++)
			dup |= out[j] == all[i];
		if (!dup)
			out[n++] = all[i];
	}
	return n;
}

/* The post-dominator sets of F's blocks (a bit set of WORDS words per block; every block for one from which
 * no return is reached). */
uint64_t *kir_dominators(const kfunc *f, int words)
{
	int nb = f->nblocks, sc[KIR_MAX_SUCCS];
	uint64_t *dom = xcalloc((size_t)nb * (size_t)words + 1, sizeof *dom),
	         *in = xcalloc((size_t)nb * (size_t)words + 1, sizeof *in);
	unsigned char *has_pred = xcalloc((size_t)nb + 1, 1);
	for (int b = 0; b < nb; b++) {
		for (int w = 0; w < words; w++)
			dom[(size_t)b * (size_t)words + (size_t)w] = b ? ~0ull : 0;
		int ns = kir_succs(f, b, sc);
		for (int i = 0; i < ns; i++)
			has_pred[sc[i]] = 1;
	}
	if (nb)
		dom[0] = 1;
	/* forward: a block's set is itself and the meet of its predecessors'; a block without predecessors
	 * other than the entry keeps every block */
	for (int changed = 1; changed;) {
		changed = 0;
		memset(in, 0xff, (size_t)nb * (size_t)words * sizeof *in);
		for (int b = 0; b < nb; b++) {
			int ns = kir_succs(f, b, sc);
			for (int i = 0; i < ns; i++) {
				uint64_t *row = &in[(size_t)sc[i] * (size_t)words];
				for (int w = 0; w < words; w++)
					row[w] &= dom[(size_t)b * (size_t)words + (size_t)w];
			}
		}
		for (int b = 1; b < nb; b++) {
			if (!has_pred[b])
				continue;
			uint64_t *row = &dom[(size_t)b * (size_t)words], *r = &in[(size_t)b * (size_t)words];
			r[b / 64] |= 1ull << (b % 64);
			for (int w = 0; w < words; w++)
				if (row[w] != r[w]) {
					row[w] = r[w];
					changed = 1;
				}
		}
	}
	free(in);
	free(has_pred);
	return dom;
}

uint64_t *kir_post_dominators(kfunc *f, int words)
{
	int nb = f->nblocks, sc[KIR_MAX_SUCCS];
	uint64_t *pd = xcalloc((size_t)nb * (size_t)words, sizeof *pd),
	         *tmp = xcalloc((size_t)words, sizeof *tmp);
	for (int b = 0; b < nb; b++) {
		uint64_t *row = &pd[(size_t)b * (size_t)words];
		kinst *t = kir_term(f, b);
		if (t && t->op == K_RET)
			row[b / 64] |= 1ull << (b % 64);
		else
			for (int w = 0; w < words; w++)
				row[w] = ~0ull;
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (int b = nb - 1; b >= 0; b--) {
			int ns = kir_succs(f, b, sc);
			if (!ns)
				continue;
			for (int w = 0; w < words; w++) /* too many successors: as if B returned */
				tmp[w] = ns < 0 ? 0 : ~0ull;
			for (int i = 0; i < ns; i++)
				for (int w = 0; w < words; w++)
					tmp[w] &= pd[(size_t)sc[i] * (size_t)words + (size_t)w];
			tmp[b / 64] |= 1ull << (b % 64);
			uint64_t *row = &pd[(size_t)b * (size_t)words];
			for (int w = 0; w < words; w++)
				if (row[w] != tmp[w]) {
					row[w] = tmp[w];
					changed = 1;
				}
		}
	}
	free(tmp);
	return pd;
}

/* The nearest block other than H that every path from H to a return passes, from post-dominator sets PD;
 * -1 when there is none. */
int kir_ipdom(kfunc *f, const uint64_t *pd, int words, int h)
{
	const uint64_t *row = &pd[(size_t)h * (size_t)words];
	int best = -1, best_n = -1;
	for (int p = 0; p < f->nblocks; p++) {
		if (p == h || !(row[p / 64] >> (p % 64) & 1))
			continue;
		int n = 0;
		for (int w = 0; w < words; w++)
			n += __builtin_popcountll(pd[(size_t)p * (size_t)words + (size_t)w]);
		if (n > best_n) {
			best = p;
			best_n = n;
		}
	}
	return best_n >= f->nblocks ? -1 : best; /* a block that reaches no return post-dominates nothing */
}

/* A word's contribution to a row's hash (splitmix64's finaliser of the word and its place). */
static uint64_t row_mix(uint64_t v, int w)
{
	v ^= (uint64_t)w * 0x9e3779b97f4a7c15ull;
	v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ull;
	v = (v ^ (v >> 27)) * 0x94d049bb133111ebull;
	return v ^ (v >> 31);
}

/* Post-dominator sets of blocks that reach a return form a tree: H's nearest strict post-dominator is the
 * block whose set is H's without H, found by hashing each row once (kir_ipdom compares every set bit's
 * count, which for every block at once is quadratic). A block that reaches no return has every bit set;
 * for it kir_ipdom's answer is the block of the largest set, which the two largest counts give. Built with
 * KILN_CHECK_IPDOMS, it checks itself against kir_ipdom. */
int *kir_ipdoms(kfunc *f, const uint64_t *pd, int words)
{
	int nb = f->nblocks, cap = 1;
	while (cap < 2 * nb + 2)
		cap *= 2;
	int *cnt = xcalloc((size_t)nb + 1, sizeof *cnt), *ip = xcalloc((size_t)nb + 1, sizeof *ip);
	uint64_t *hash = xcalloc((size_t)nb + 1, sizeof *hash);
	int *slot = xcalloc((size_t)cap, sizeof *slot); /* block + 1 by hash, open addressing */
	int top[2] = {-1, -1};                          /* the largest counts, first on a tie */
	for (int p = 0; p < nb; p++) {
		const uint64_t *row = &pd[(size_t)p * (size_t)words];
		for (int w = 0; w < words; w++) {
			cnt[p] += __builtin_popcountll(row[w]);
			hash[p] += row_mix(row[w], w);
		}
		if (top[0] < 0 || cnt[p] > cnt[top[0]]) {
			top[1] = top[0];
			top[0] = p;
		} else if (top[1] < 0 || cnt[p] > cnt[top[1]]) {
			top[1] = p;
		}
		size_t at = (size_t)hash[p] & (size_t)(cap - 1);
		while (slot[at])
			at = (at + 1) & (size_t)(cap - 1);
		slot[at] = p + 1;
	}
	for (int h = 0; h < nb; h++) {
		const uint64_t *row = &pd[(size_t)h * (size_t)words];
		if (cnt[h] ==
		    64 * words) { /* every bit: a block that reaches no return (or, when NB fills the
			           * words, one every block post-dominates, where this is right too) */
			int best = top[0] == h ? top[1] : top[0];
			ip[h] = best < 0 || cnt[best] >= nb ? -1 : best;
			continue;
		}
		int w = h / 64;
		uint64_t lone = row[w] & ~(1ull << (h % 64));
		uint64_t want = hash[h] - row_mix(row[w], w) + row_mix(lone, w);
		ip[h] = -1;
		for (size_t at = (size_t)want & (size_t)(cap - 1); slot[at];
		     at = (at + 1) & (size_t)(cap - 1)) {
			int p = slot[at] - 1;
			if (hash[p] != want || cnt[p] != cnt[h] - 1)
				continue;
			const uint64_t *prow = &pd[(size_t)p * (size_t)words];
			int same = 1;
			for (int x = 0; x < words && same; x++)
				same = prow[x] == (x == w ? lone : row[x]);
			if (same) {
				ip[h] = p;
				break;
			}
		}
#ifdef KILN_CHECK_IPDOMS
		if (ip[h] != kir_ipdom(f, pd, words, h))
			abort();
#endif
	}
	free(cnt);
	free(hash);
	free(slot);
	return ip;
}
