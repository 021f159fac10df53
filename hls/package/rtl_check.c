// SPDX-License-Identifier: Apache-2.0
#include "rtl_check.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* What an image's RTL uses, the cells of rtl/ and the emitters' modules (hls/emit, hls/system), and nothing
 * else: not even `include, which the board shell uses (bsp/sim/rtl), since an included file escapes the
 * check. */
static const char *const allowed_tasks[] = {
    "$clog2",    /* cells' address widths */
    "$signed",   /* datapath */
    "$unsigned", /* datapath */
    "$readmemh", /* memories' initial contents (hls/package/meminit.h) */
};
/* Only with kiln-cc --profile: the block profile file (emit_fsm.c). */
static const char *const file_tasks[] = {"$fopen", "$fwrite", "$fclose"};
/* Comments whose first word makes them a directive to some tool (synthesis, lint, simulation). The cells'
 * and emitters' own are the Verilator ones in verilator_ok. */
static const char *const directive_words[] = {
    "synthesis", "synopsys", "pragma",   "translate_off", "translate_on",  "verilator", "altera", "cadence",
    "ambit",     "xilinx",   "coverage", "lint_checking", "rtl_synthesis", "exemplar",  "quartus"};
static const char *const verilator_ok[] = {"lint_off", "lint_on", "split_var"};
static const char *const allowed_directives[] = {"ifdef", "ifndef", "elsif", "else", "endif"};
/* The DPI functions the RAM cells import (rtl/kiln_ram_dp.v, rtl/kiln_dg_ram.v), defined in kiln_init.c. */
static const char *const allowed_dpi[] = {"kiln_init_find", "kiln_init_word"};

#define IN(tab, s, n) in_table(tab, sizeof tab / sizeof tab[0], s, n)

static int in_table(const char *const *tab, size_t nt, const char *s, size_t n)
{
	for (size_t i = 0; i < nt; i++)
		if (strlen(tab[i]) == n && memcmp(tab[i], s, n) == 0)
			return 1;
	return 0;
}

/* Without '$', which Verilog allows inside identifiers and Kiln never uses there: "1$system" is the number 1
 * and then $system, not one name. */
static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

typedef struct scan {
	const char *t;
	size_t len, i;
	unsigned line;
} scan;

/* Moves past END (or to the end of the text), counting lines. */
static void skip_until(scan *s, const char *end)
{
	size_t el = strlen(end);
	while (s->i < s->len && (s->len - s->i < el || memcmp(s->t + s->i, end, el) != 0)) {
		s->line += s->t[s->i] == '\n';
		s->i++;
	}
	s->i += s->i < s->len ? el : 0;
}

static size_t ident_len(const scan *s, size_t at)
{
	size_t n = 0;
	while (at + n < s->len && ident_char(s->t[at + n]))
		n++;
	return n;
}

static int refuse(const scan *s, char *why, size_t whylen, const char *what, const char *name, size_t n)
{
	snprintf(why, whylen, "line %u: %s '%.*s', which Kiln's own hardware never uses", s->line, what,
	         (int)(n > 64 ? 64 : n), name);
	return -1;
}

/* After "import" or "export" (and white space): the only form Kiln's cells use, a plain
 * `import "DPI-C" function TYPE NAME(...)`, declaring one of allowed_dpi. Anything else is refused: another
 * string or none, a comment inside (which could hide a string), or "NAME = " (SystemVerilog's alias, which
 * binds the declared name to another C function). The function is the identifier before the first '('. */
static int check_dpi(scan *s, char *why, size_t whylen)
{
	static const char form[] = "\"DPI-C\"";
	if (s->len - s->i < sizeof form - 1 || memcmp(s->t + s->i, form, sizeof form - 1) != 0)
		return refuse(s, why, whylen, "an import or export that is not a DPI-C function", s->t + s->i,
		              ident_len(s, s->i) ? ident_len(s, s->i) : 1);
	size_t start = s->i + sizeof form - 1, name = 0, nl = 0;
	for (size_t j = start; j < s->len && s->t[j] != ';'; j++) {
		if (s->t[j] == '=' ||
		    (s->t[j] == '/' && j + 1 < s->len && (s->t[j + 1] == '/' || s->t[j + 1] == '*')))
			return refuse(s, why, whylen, "a DPI declaration with an alias or a comment",
			              s->t + start, j - start);
		if (s->t[j] == '(')
			break;
		if (ident_char(s->t[j]) && (j == start || !ident_char(s->t[j - 1]))) {
			name = j;
			nl = ident_len(s, j);
		}
	}
	if (!nl || !IN(allowed_dpi, s->t + name, nl))
		return refuse(s, why, whylen, "a DPI declaration of", nl ? s->t + name : "?", nl ? nl : 1);
	return 0;
}

/* A comment starting at S->i + 2 that is a tool's directive: its first word (any case) is one of
 * directive_words, but for the Verilator forms Kiln writes itself. */
static int is_directive(const scan *s)
{
	size_t j = s->i + 2, n = 0;
	while (j < s->len && (s->t[j] == ' ' || s->t[j] == '\t'))
		j++;
	while (j + n < s->len && ident_char(s->t[j + n]))
		n++;
	for (size_t k = 0; k < sizeof directive_words / sizeof directive_words[0]; k++)
		if (strlen(directive_words[k]) == n && !strncasecmp(s->t + j, directive_words[k], n)) {
			if (strcmp(directive_words[k], "verilator"))
				return 1;
			size_t w = j + n, wn = 0;
			while (w < s->len && s->t[w] == ' ')
				w++;
			while (w + wn < s->len && ident_char(s->t[w + wn]))
				wn++;
			return !IN(verilator_ok, s->t + w, wn);
		}
	return 0;
}

int rtl_check(const char *text, size_t len, int file_io, char *why, size_t whylen)
{
	scan s = {text, len, 0, 1};
	while (s.i < s.len) {
		const char *p = s.t + s.i;
		size_t left = s.len - s.i;
		if (left >= 2 && p[0] == '/' && (p[1] == '/' || p[1] == '*')) {
			if (is_directive(&s))
				return refuse(&s, why, whylen, "the tool directive in a comment", p,
				              strcspn(p, "\n") < 48 ? strcspn(p, "\n") : 48);
			s.i += 2;
			skip_until(&s, p[1] == '/' ? "\n" : "*/");
			s.line += p[1] == '/';
		} else if (p[0] == '"') {
			/* Kiln writes no string over a line break, which Verilator continues after a '\\'. */
			for (s.i++; s.i < s.len && s.t[s.i] != '"'; s.i++) {
				s.i += s.t[s.i] == '\\' && s.i + 1 < s.len && s.t[s.i + 1] != '\n';
				if (s.i < s.len && s.t[s.i] == '\n')
					return refuse(&s, why, whylen, "a string over a line break", p, 1);
			}
			s.i++;
		} else if (p[0] == '\\') { /* an escaped identifier runs to white space */
			while (s.i < s.len && !isspace((unsigned char)s.t[s.i]))
				s.i++;
		} else if (p[0] == '$') {
			size_t n = 1 + ident_len(&s, s.i + 1);
			if (!IN(allowed_tasks, p, n) && !(file_io && IN(file_tasks, p, n)))
				return refuse(&s, why, whylen, "the system task or function", p, n);
			s.i += n;
		} else if (p[0] == '`') {
			size_t n = ident_len(&s, s.i + 1);
			if (!IN(allowed_directives, p + 1, n))
				return refuse(&s, why, whylen, "the compiler directive", p, n + 1);
			s.i += n + 1;
		} else if (ident_char(p[0])) {
			size_t n = ident_len(&s, s.i);
			int port = (n == 6 && (!memcmp(p, "import", 6) || !memcmp(p, "export", 6)));
			s.i += n;
			while (port && s.i < s.len && isspace((unsigned char)s.t[s.i]))
				s.line += s.t[s.i++] == '\n';
			if (port && check_dpi(&s, why, whylen) != 0)
				return -1;
		} else {
			s.line += p[0] == '\n';
			s.i++;
		}
	}
	return 0;
}
