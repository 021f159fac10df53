// SPDX-License-Identifier: Apache-2.0
#include "dead_signals.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "signals.h"

/* Rounds stop here even if removals still free signals; what remains is named in the sink. */
#define MAX_ROUNDS 32

/* A mark in the text: a use of a signal with the bits it reads, or its definition. */
typedef struct mark {
	int sig, def;
	uint64_t bits;
} mark;

typedef struct line {
	const char *s;
	size_t n;
	int first, nmarks; /* its marks, in the model's mark array */
	int dead;
} line;

typedef struct model {
	line *lines;
	int nlines;
	mark *marks;
	int nmarks;
	int *decl;      /* per signal: the line of its first definition (its declaration), or -1 */
	uint64_t *read; /* per signal: the bits live lines read */
} model;

static uint64_t bits(int hi, int lo)
{
	uint64_t top = hi >= 63 ? ~0ull : (1ull << (hi + 1)) - 1;
	return top & ~((1ull << lo) - 1);
}

/* Signals wider than a mask are never removed (none of the datapath's are). */
static int tracked(const kbind *b, int sig)
{
	return b->sigs[sig].width >= 1 && b->sigs[sig].width <= 64;
}

/* The decimal index of a mark at S (after its kind), up to END; -1 when malformed. */
static int mark_index(const char *s, const char *end, const char **after)
{
	long v = 0;
	const char *q = s;
	while (q < end && *q >= '0' && *q <= '9' && v < 100000000)
		v = v * 10 + (*q++ - '0');
	if (q == s || q >= end || *q != EMIT_SIG_END)
		return -1;
	*after = q + 1;
	return (int)v;
}

/* The bits a use reads: all of them, or the slice "[hi:lo]" / bit "[n]" written right after it. */
static uint64_t use_bits(const kbind *b, int sig, const char *q, const char *end)
{
	uint64_t m = bits(b->sigs[sig].width - 1, 0);
	if (q < end && *q == '[') {
		char *e2;
		long hi = strtol(q + 1, &e2, 10), lo = hi;
		if (e2 > q + 1 && *e2 == ':')
			lo = strtol(e2 + 1, &e2, 10);
		if (e2 > q + 1 && *e2 == ']' && hi >= lo && lo >= 0 && hi < 64)
			m &= bits((int)hi, (int)lo);
	}
	return m;
}

static void model_free(model *m)
{
	free(m->lines);
	free(m->marks);
	free(m->decl);
	free(m->read);
}

/* Splits TEXT into lines and reads their marks. */
static int model_build(model *m, const char *text, size_t len, const kbind *b)
{
	int cap = 1, ncap = 1;
	for (size_t i = 0; i < len; i++) {
		cap += text[i] == '\n';
		ncap += text[i] == EMIT_SIG_USE || text[i] == EMIT_SIG_DEF;
	}
	m->lines = calloc((size_t)cap, sizeof *m->lines);
	m->marks = calloc((size_t)ncap, sizeof *m->marks);
	m->decl = malloc(((size_t)b->nsigs + 1) * sizeof *m->decl);
	m->read = calloc((size_t)b->nsigs + 1, sizeof *m->read);
	if (!m->lines || !m->marks || !m->decl || !m->read)
		return -1;
	for (int g = 0; g < b->nsigs; g++)
		m->decl[g] = -1;
	for (const char *s = text, *e = text + len; s < e;) {
		const char *nl = memchr(s, '\n', (size_t)(e - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(e - s);
		line *l = &m->lines[m->nlines];
		*l = (line){s, n, m->nmarks, 0, 0};
		const char *comment = NULL;
		for (const char *q = s, *le = s + n; q < le; q++) {
			if (!comment && q + 1 < le && q[0] == '/' && q[1] == '/')
				comment = q;
			if (*q != EMIT_SIG_USE && *q != EMIT_SIG_DEF)
				continue;
			if (comment) /* a name in a comment is text, never a read: the emitter spelled it
			                wrong */
				return -2;
			const char *after;
			int g = mark_index(q + 1, le, &after);
			if (g < 0 || g >= b->nsigs)
				return -2;
			int def = *q == EMIT_SIG_DEF;
			m->marks[m->nmarks++] = (mark){g, def, def ? 0 : use_bits(b, g, after, le)};
			l->nmarks++;
			if (def && m->decl[g] < 0)
				m->decl[g] = m->nlines;
			q = after - 1;
		}
		m->nlines++;
		s += n + 1;
	}
	/* A definition's line is removed whole, so it must be a statement of its own: not one an 'else' goes
	 * on from. */
	for (int i = 0; i + 1 < m->nlines; i++) {
		const line *nx = &m->lines[i + 1];
		size_t k = 0;
		while (k < nx->n && nx->s[k] == ' ')
			k++;
		for (int j = 0; j < m->lines[i].nmarks; j++)
			if (m->marks[m->lines[i].first + j].def && nx->n - k >= 4 &&
			    !memcmp(nx->s + k, "else", 4))
				return -2;
	}
	return 0;
}

/* The bits of each signal that live lines read. */
static void model_reads(model *m, const kbind *b)
{
	memset(m->read, 0, (size_t)b->nsigs * sizeof *m->read);
	for (int i = 0; i < m->nlines; i++)
		for (int k = 0; !m->lines[i].dead && k < m->lines[i].nmarks; k++) {
			const mark *mk = &m->marks[m->lines[i].first + k];
			if (!mk->def)
				m->read[mk->sig] |= mk->bits;
		}
}

/* Marks dead every line that defines a signal nothing reads; the number of signals removed. */
static int model_prune(model *m, const kbind *b)
{
	int removed = 0;
	for (int i = 0; i < m->nlines; i++) {
		line *l = &m->lines[i];
		for (int k = 0; !l->dead && k < l->nmarks; k++) {
			const mark *mk = &m->marks[l->first + k];
			if (mk->def && !m->read[mk->sig] && tracked(b, mk->sig)) {
				l->dead = 1;
				removed += m->decl[mk->sig] == i;
			}
		}
	}
	return removed;
}

/* The live lines with every mark replaced by its signal's name. */
static char *model_print(const model *m, const kbind *b, size_t *len)
{
	kiln_strbuf o = {0};
	for (int i = 0; i < m->nlines; i++) {
		const line *l = &m->lines[i];
		if (l->dead)
			continue;
		const char *q = l->s, *e = l->s + l->n;
		while (q < e) {
			const char *mk = q;
			while (mk < e && *mk != EMIT_SIG_USE && *mk != EMIT_SIG_DEF)
				mk++;
			kiln_sb_addn(&o, q, (size_t)(mk - q));
			if (mk == e)
				break;
			const char *after;
			int g = mark_index(mk + 1, e, &after);
			kiln_sb_add(&o, b->sigs[g].name);
			q = after;
		}
		kiln_sb_addc(&o, '\n');
	}
	*len = o.len;
	return kiln_sb_finish(&o);
}

int emit_dead_signals(char **text, size_t *len, const kbind *b, kiln_strbuf *unused)
{
	model m = {0};
	int rc = model_build(&m, *text, *len, b);
	if (rc != 0) {
		model_free(&m);
		return rc;
	}
	for (int round = 0;; round++) {
		model_reads(&m, b);
		if (round == MAX_ROUNDS || model_prune(&m, b) == 0)
			break;
	}
	/* Settled: name what stays unread, in declaration order. */
	for (int i = 0; i < m.nlines; i++) {
		const line *l = &m.lines[i];
		for (int k = 0; !l->dead && k < l->nmarks; k++) {
			const mark *mk = &m.marks[l->first + k];
			int g = mk->sig;
			if (!mk->def || m.decl[g] != i || !tracked(b, g))
				continue;
			int w = b->sigs[g].width;
			uint64_t un = ~m.read[g] & bits(w - 1, 0);
			if (un == bits(w - 1, 0)) {
				kiln_sb_printf(unused, ", %s", b->sigs[g].name);
				continue;
			}
			for (int bit = 0; bit < w;) {
				if (!(un >> bit & 1)) {
					bit++;
					continue;
				}
				int lo = bit;
				while (bit < w && (un >> bit & 1))
					bit++;
				kiln_sb_printf(unused, ", %s[%d:%d]", b->sigs[g].name, bit - 1, lo);
			}
		}
	}
	size_t n;
	char *out = model_print(&m, b, &n);
	model_free(&m);
	if (!out)
		return -1;
	free(*text);
	*text = out;
	*len = n;
	return 0;
}
