// SPDX-License-Identifier: Apache-2.0
#include "macro_hint.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/fileio.h"
#include "../support/diag.h"

#define MAX_NAME 64

/* Whether C may continue an identifier. */
static int ident(int c)
{
	return isalnum(c) || c == '_';
}

/* The macro names HEADER defines (#define NAME), NUL-separated in one buffer; *N of them. */
static char *defined_names(const char *text, int *n)
{
	size_t len = strlen(text);
	char *out = malloc(len + 1), *w = out;
	*n = 0;
	if (!out)
		return NULL;
	for (const char *p = text; (p = strstr(p, "#define ")) != NULL;) {
		p += 8;
		while (*p == ' ' || *p == '\t')
			p++;
		const char *s = p;
		while (ident((unsigned char)*p))
			p++;
		if (p > s && (size_t)(p - s) < MAX_NAME) {
			memcpy(w, s, (size_t)(p - s));
			w += p - s;
			*w++ = '\0';
			(*n)++;
		}
	}
	return out;
}

/* Edit distance between A and B (each under MAX_NAME). */
static int distance(const char *a, const char *b)
{
	int la = (int)strlen(a), lb = (int)strlen(b), row[MAX_NAME + 1];
	for (int j = 0; j <= lb; j++)
		row[j] = j;
	for (int i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = i;
		for (int j = 1; j <= lb; j++) {
			int up = row[j], best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

int macro_hint(const char *source, const char *shown, const char *header)
{
	char *src = NULL, *hdr = NULL;
	size_t slen = 0, hlen = 0;
	if (kiln_read_file(source, &src, &slen) != 0 || kiln_read_file(header, &hdr, &hlen) != 0 ||
	    memchr(src, '\0', slen) || memchr(hdr, '\0', hlen)) {
		free(src);
		free(hdr);
		return 0;
	}
	int ndef = 0, notes = 0;
	char *defs = defined_names(hdr, &ndef);
	if (!defs) {
		free(src);
		free(hdr);
		free(defs);
		return 0;
	}
	unsigned line = 1;
	for (const char *p = src; *p;) {
		if (*p == '\n')
			line++;
		if (strncmp(p, "KILN_DEVICE_GLOBAL", 18) || (p > src && ident((unsigned char)p[-1])) ||
		    ident((unsigned char)p[18])) {
			p++;
			continue;
		}
		/* its arguments, to the parenthesis that closes them: the properties are KILN_ names */
		p += 18;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '(')
			continue;
		for (int depth = 0; *p && (depth > 0 || *p == '(');) {
			if (*p == '\n')
				line++;
			depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
			if (!ident((unsigned char)*p) || ident((unsigned char)p[-1])) {
				p++;
				continue;
			}
			const char *s = p;
			while (ident((unsigned char)*p))
				p++;
			size_t n = (size_t)(p - s);
			if (n >= MAX_NAME || n < 6 || strncmp(s, "KILN_", 5))
				continue;
			char name[MAX_NAME];
			memcpy(name, s, n);
			name[n] = '\0';
			const char *best = NULL, *d = defs;
			int bd = 1 << 30, known = 0;
			for (int k = 0; !known && k < ndef; k++, d += strlen(d) + 1) {
				int dist = distance(name, d);
				known = dist == 0;
				if (dist < bd) {
					bd = dist;
					best = d;
				}
			}
			if (known)
				continue;
			if (best && bd <= 3)
				diag_note_loc(
				    shown, line,
				    "'%s' is no property macro of kiln/device.h; did you mean '%s'?", name,
				    best);
			else
				diag_note_loc(shown, line, "'%s' is no property macro of kiln/device.h",
				              name);
			notes++;
		}
	}
	free(src);
	free(hdr);
	free(defs);
	return notes;
}
