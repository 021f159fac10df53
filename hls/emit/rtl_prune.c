// SPDX-License-Identifier: Apache-2.0
#include "rtl_prune.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/image.h"

/* Passes stop here even if removals still free signals; what remains is named in the sink. */
#define MAX_PASSES 32

typedef struct line {
	const char *s;
	size_t n;
	int dead;
} line;

typedef struct sig {
	const char *name;
	int nlen, width, decl;
	uint64_t read;
	int stuck; /* written somewhere this pass cannot remove: kept even when unread */
} sig;

typedef struct write {
	int sig, line;
} write;

typedef struct pass {
	line *lines;
	int nlines;
	sig *sigs;
	int nsigs;
	int *slots; /* open addressing: sig index + 1, 0 = empty */
	size_t nslots;
	write *writes;
	int nwrites, capwrites;
} pass;

static int is_id0(int c)
{
	return isalpha(c) || c == '_';
}

static int is_id(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

/* S[K..N) is one or more decimal digits. */
static int digits(const char *s, int k, int n)
{
	if (k >= n)
		return 0;
	for (; k < n; k++)
		if (!isdigit((unsigned char)s[k]))
			return 0;
	return 1;
}

/* A register's name from binding: r<i>_q, or <source name>_<i>_q (lower-case letters and digits). */
static int reg_name(const char *s, int n)
{
	if (n < 4 || s[n - 2] != '_' || s[n - 1] != 'q')
		return 0;
	int e = n - 2, k = e;
	while (k > 0 && isdigit((unsigned char)s[k - 1]))
		k--;
	if (k == e || k == 0)
		return 0;
	if (k == 1 && s[0] == 'r')
		return 1;
	if (s[k - 1] != '_' || k < 2 || !islower((unsigned char)s[0]))
		return 0;
	for (int j = 0; j < k - 1; j++)
		if (!islower((unsigned char)s[j]) && !isdigit((unsigned char)s[j]))
			return 0;
	return 1;
}

/* The datapath signals this pass owns: v<i>, ld<i>, p<i>_<s>, p<i>_m and the registers (reg_name). */
static int tracked(const char *s, int n)
{
	if (reg_name(s, n))
		return 1;
	if (s[0] == 'v')
		return digits(s, 1, n);
	if (s[0] == 'l' && n > 2 && s[1] == 'd')
		return digits(s, 2, n);
	if (s[0] != 'p')
		return 0;
	int k = 1;
	while (k < n && isdigit((unsigned char)s[k]))
		k++;
	if (k == 1 || k + 1 >= n || s[k] != '_')
		return 0;
	return (k + 2 == n && s[k + 1] == 'm') || digits(s, k + 1, n);
}

static uint64_t hash(const char *s, int n)
{
	return kiln_fnv64(KILN_FNV64_INIT, s, (size_t)n);
}

static int find(const pass *p, const char *s, int n)
{
	for (size_t i = hash(s, n) % p->nslots;; i = (i + 1) % p->nslots) {
		int v = p->slots[i];
		if (!v)
			return -1;
		const sig *g = &p->sigs[v - 1];
		if (g->nlen == n && !memcmp(g->name, s, (size_t)n))
			return v - 1;
	}
}

static uint64_t bits(int hi, int lo)
{
	uint64_t top = hi >= 63 ? ~0ull : (1ull << (hi + 1)) - 1;
	return top & ~((1ull << lo) - 1);
}

/* A declaration "  wire|reg [hi:lo] NAME ..." of one tracked signal: its index in P, or -1. */
static int parse_decl(pass *p, const line *l, int li)
{
	const char *s = l->s, *e = l->s + l->n;
	const char *kw = !strncmp(s, "  wire ", 7) ? s + 7 : !strncmp(s, "  reg ", 6) ? s + 6 : NULL;
	if (!kw)
		return -1;
	while (kw < e && *kw == ' ')
		kw++;
	int hi = 0, lo = 0;
	if (kw < e && *kw == '[') {
		char *end;
		hi = (int)strtol(kw + 1, &end, 10);
		if (*end != ':')
			return -1;
		lo = (int)strtol(end + 1, &end, 10);
		if (*end != ']')
			return -1;
		kw = end + 1;
		while (kw < e && *kw == ' ')
			kw++;
	}
	const char *n0 = kw;
	while (kw < e && is_id((unsigned char)*kw))
		kw++;
	int n = (int)(kw - n0);
	while (kw < e && *kw == ' ')
		kw++;
	if (!n || !tracked(n0, n) || lo != 0 || hi > 63 || kw >= e || (*kw != ';' && *kw != '='))
		return -1;
	sig *g = &p->sigs[p->nsigs];
	*g = (sig){n0, n, hi + 1, li, 0, 0};
	size_t i = hash(n0, n) % p->nslots;
	while (p->slots[i])
		i = (i + 1) % p->nslots;
	p->slots[i] = ++p->nsigs;
	return p->nsigs - 1;
}

static const char *skip_spaces(const line *l)
{
	const char *s = l->s, *e = l->s + l->n;
	while (s < e && *s == ' ')
		s++;
	return s;
}

/* The statement of line LI is only the assignment to the target at T ("T <= ...;" or "if (...) T <= ...;")
 * and no "else" goes on from it on the next line. */
static int removable(const pass *p, int li, const char *t)
{
	const line *l = &p->lines[li];
	const char *s = skip_spaces(l), *e = l->s + l->n;
	if (s != t && strncmp(s, "if (", 4))
		return 0;
	if (li + 1 < p->nlines) {
		const line *nx = &p->lines[li + 1];
		const char *ns = skip_spaces(nx);
		if ((size_t)(nx->s + nx->n - ns) >= 4 && !memcmp(ns, "else", 4))
			return 0;
	}
	const char *semi = memchr(t, ';', (size_t)(e - t));
	if (!semi)
		return 0;
	for (const char *q = semi + 1; q < e; q++)
		if (*q != ' ') /* a trailing comment is all that may follow */
			return q + 1 < e && q[0] == '/' && q[1] == '/';
	return 1;
}

/* Line L is a whole cell instance on its own ("  kiln_... );"): removed with the value it drives. */
static int cell_line(const line *l)
{
	const char *s = skip_spaces(l), *e = l->s + l->n;
	return e - s > 7 && !memcmp(s, "kiln_", 5) && e[-2] == ')' && e[-1] == ';';
}

static int add_write(pass *p, int g, int li)
{
	if (p->nwrites == p->capwrites) {
		int cap = p->capwrites ? 2 * p->capwrites : 256;
		write *w = realloc(p->writes, (size_t)cap * sizeof *w);
		if (!w)
			return -1;
		p->writes = w;
		p->capwrites = cap;
	}
	p->writes[p->nwrites++] = (write){g, li};
	return 0;
}

/* Records every occurrence of a tracked signal on line LI: a read (with its bits), a write, or its
 * declaration. */
static int scan_line(pass *p, int li, int decl)
{
	const line *l = &p->lines[li];
	const char *s = l->s, *e = l->s + l->n;
	int seen_decl = 0;
	for (const char *q = s; q < e;) {
		unsigned char c = (unsigned char)*q;
		if (c == '/' && q + 1 < e && q[1] == '/')
			break;
		if (c == '"') {
			for (q++; q < e && *q != '"'; q++)
				q += *q == '\\';
			q++;
			continue;
		}
		if (c == '\'') { /* a based literal: skip its digits, which may look like a name */
			q++;
			if (q < e && (*q == 's' || *q == 'S'))
				q++;
			if (q < e)
				q++;
			while (q < e && (isxdigit((unsigned char)*q) || strchr("_xXzZ?", *q)))
				q++;
			continue;
		}
		if (c == '`' || c == '$') { /* a directive or system task name */
			for (q++; q < e && is_id((unsigned char)*q); q++)
				;
			continue;
		}
		if (!is_id0(c)) {
			if (isdigit(c))
				while (q < e && is_id((unsigned char)*q))
					q++;
			else
				q++;
			continue;
		}
		const char *t = q;
		while (q < e && is_id((unsigned char)*q))
			q++;
		int n = (int)(q - t);
		if (!tracked(t, n))
			continue;
		int g = find(p, t, n);
		if (g < 0)
			continue;
		if (g == decl && !seen_decl) {
			seen_decl = 1;
			continue;
		}
		const char *a = q;
		while (a < e && *a == ' ')
			a++;
		const char *b = t;
		while (b > s && b[-1] == ' ')
			b--;
		if (t - s >= 3 &&
		    !memcmp(t - 3, ".y(", 3)) { /* the output of a datapath cell (kiln_bitop...) */
			if (!cell_line(l))
				p->sigs[g].stuck = 1;
			if (add_write(p, g, li))
				return -1;
			continue;
		}
		int at_start = b == s || b[-1] == ')' || (b - s >= 4 && !memcmp(b - 4, "else", 4)) ||
		               (b - s >= 5 && !memcmp(b - 5, "begin", 5));
		if (at_start && a + 1 < e && a[0] == '<' && a[1] == '=' && (a + 2 >= e || a[2] != '=')) {
			if (!removable(p, li, t))
				p->sigs[g].stuck = 1;
			if (add_write(p, g, li))
				return -1;
			continue;
		}
		uint64_t m = bits(p->sigs[g].width - 1, 0);
		if (q < e && *q == '[') {
			char *end;
			long hi = strtol(q + 1, &end, 10), lo = hi;
			if (end > q + 1 && *end == ':')
				lo = strtol(end + 1, &end, 10);
			if (end > q + 1 && *end == ']' && hi >= lo && lo >= 0 && hi < 64)
				m &= bits((int)hi, (int)lo);
		}
		p->sigs[g].read |= m;
	}
	return 0;
}

static void pass_free(pass *p)
{
	free(p->lines);
	free(p->sigs);
	free(p->slots);
	free(p->writes);
	memset(p, 0, sizeof *p);
}

/* Splits TEXT into lines and records declarations, reads and writes. */
static int pass_scan(pass *p, const char *text, size_t len)
{
	int cap = 1;
	for (size_t i = 0; i < len; i++)
		cap += text[i] == '\n';
	p->lines = calloc((size_t)cap, sizeof *p->lines);
	p->sigs = calloc((size_t)cap, sizeof *p->sigs);
	p->nslots = 2 * (size_t)cap + 1;
	p->slots = calloc(p->nslots, sizeof *p->slots);
	if (!p->lines || !p->sigs || !p->slots)
		return -1;
	for (const char *s = text, *e = text + len; s < e;) {
		const char *nl = memchr(s, '\n', (size_t)(e - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(e - s);
		p->lines[p->nlines++] = (line){s, n, 0};
		s += n + 1;
	}
	int *decl = malloc((size_t)p->nlines * sizeof *decl);
	if (!decl)
		return -1;
	for (int i = 0; i < p->nlines; i++)
		decl[i] = parse_decl(p, &p->lines[i], i);
	int rc = 0;
	for (int i = 0; i < p->nlines && !rc; i++)
		rc = scan_line(p, i, decl[i]);
	free(decl);
	return rc;
}

/* Marks the lines of every unread, removable signal dead: its declaration and its writes. */
static int pass_prune(pass *p)
{
	int removed = 0;
	for (int w = 0; w < p->nwrites; w++) {
		const sig *g = &p->sigs[p->writes[w].sig];
		if (!g->read && !g->stuck)
			p->lines[p->writes[w].line].dead = 1;
	}
	for (int i = 0; i < p->nsigs; i++)
		if (!p->sigs[i].read && !p->sigs[i].stuck) {
			p->lines[p->sigs[i].decl].dead = 1;
			removed++;
		}
	return removed;
}

static char *pass_text(const pass *p, size_t *len)
{
	kiln_strbuf b = {0};
	for (int i = 0; i < p->nlines; i++)
		if (!p->lines[i].dead) {
			kiln_sb_addn(&b, p->lines[i].s, p->lines[i].n);
			kiln_sb_addc(&b, '\n');
		}
	*len = b.len;
	return kiln_sb_finish(&b);
}

int rtl_prune(char **text, size_t *len, kiln_strbuf *unused)
{
	char *cur = *text;
	size_t n = *len;
	for (int round = 0;; round++) {
		pass p = {0};
		if (pass_scan(&p, cur, n) != 0) {
			pass_free(&p);
			return -1;
		}
		if (round < MAX_PASSES && pass_prune(&p) > 0) {
			size_t nl;
			char *next = pass_text(&p, &nl);
			pass_free(&p);
			if (!next)
				return -1;
			free(cur);
			*text = cur = next;
			*len = n = nl;
			continue;
		}
		/* Settled: name what stays unread, in declaration order. */
		for (int i = 0; i < p.nsigs; i++) {
			const sig *g = &p.sigs[i];
			uint64_t un = ~g->read & bits(g->width - 1, 0);
			if (un == bits(g->width - 1, 0)) {
				kiln_sb_printf(unused, ", %.*s", g->nlen, g->name);
				continue;
			}
			for (int b = 0; b < g->width;) {
				if (!(un >> b & 1)) {
					b++;
					continue;
				}
				int lo = b;
				while (b < g->width && (un >> b & 1))
					b++;
				kiln_sb_printf(unused, ", %.*s[%d:%d]", g->nlen, g->name, b - 1, lo);
			}
		}
		pass_free(&p);
		return 0;
	}
}
