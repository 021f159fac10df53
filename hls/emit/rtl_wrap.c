// SPDX-License-Identifier: Apache-2.0
#include "rtl_wrap.h"

#include <stdlib.h>
#include <string.h>

#include "../../host/common/strbuf.h"

/* Where the code of line S (N bytes) ends: at a "//" comment outside strings, else N. */
static size_t code_end(const char *s, size_t n)
{
	int str = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"' && (i == 0 || s[i - 1] != '\\'))
			str = !str;
		else if (!str && s[i] == '/' && i + 1 < n && s[i + 1] == '/')
			return i;
	}
	return n;
}

/* The last space in S[0..LIMIT) outside strings at which a break leaves more than the indent on the line. */
static size_t break_at(const char *s, size_t n, size_t limit, size_t indent)
{
	size_t best = 0;
	int str = 0;
	for (size_t i = 0; i < n && i < limit; i++) {
		if (s[i] == '"' && (i == 0 || s[i - 1] != '\\'))
			str = !str;
		else if (!str && s[i] == ' ' && i > indent)
			best = i;
	}
	return best;
}

static void wrap_line(kiln_strbuf *b, const char *s, size_t n)
{
	size_t indent = strspn(s, " ");
	if (n <= RTL_COLS || (indent < n && s[indent] == '`')) {
		kiln_sb_addn(b, s, n);
		kiln_sb_addc(b, '\n');
		return;
	}
	size_t ce = code_end(s, n);
	const char *comment = ce < n ? s + ce : NULL;
	size_t clen = n - ce;
	size_t end = ce;
	while (end > 0 && s[end - 1] == ' ')
		end--;
	/* The code, in pieces; the first keeps its indent, the rest go four deeper. */
	size_t pos = 0, lead = 0;
	while (pos < end) {
		size_t room = RTL_COLS - lead;
		size_t rest = end - pos;
		if (rest <= room) {
			kiln_sb_pad(b, lead);
			kiln_sb_addn(b, s + pos, rest);
			pos = end;
			break;
		}
		size_t cut = break_at(s + pos, rest, room + 1, lead ? 0 : indent);
		if (!cut) /* no space in reach: the token is longer than the line, keep it whole */
			cut = break_at(s + pos, rest, rest, lead ? 0 : indent);
		if (!cut) {
			kiln_sb_pad(b, lead);
			kiln_sb_addn(b, s + pos, rest);
			pos = end;
			break;
		}
		kiln_sb_pad(b, lead);
		kiln_sb_addn(b, s + pos, cut);
		kiln_sb_addc(b, '\n');
		pos += cut;
		while (pos < end && s[pos] == ' ')
			pos++;
		lead = indent + 4;
	}
	if (!comment) {
		kiln_sb_addc(b, '\n');
		return;
	}
	/* The comment follows the code when it fits, else goes on lines of its own at the code's indent. */
	const char *last = b->s ? memrchr(b->s, '\n', b->len) : NULL;
	size_t used = last ? b->len - (size_t)(last + 1 - b->s) : b->len;
	if (end && used + 2 + clen <= RTL_COLS) {
		kiln_sb_add(b, "  ");
		kiln_sb_addn(b, comment, clen);
		kiln_sb_addc(b, '\n');
		return;
	}
	if (end)
		kiln_sb_addc(b, '\n');
	const char *t = comment + 2;
	size_t tl = clen - 2;
	while (tl && *t == ' ')
		t++, tl--;
	/* Lines after the first start "// ...": text that may be a name never starts a comment line, where
	 * tools read some words as directives. */
	int first = 1;
	while (tl) {
		size_t room = RTL_COLS - indent - (first ? 3 : 7);
		size_t take = tl;
		if (tl > room) {
			take = room;
			while (take && t[take] != ' ')
				take--;
			if (!take)
				take = room;
		}
		kiln_sb_pad(b, indent);
		kiln_sb_add(b, first ? "// " : "// ... ");
		first = 0;
		kiln_sb_addn(b, t, take);
		kiln_sb_addc(b, '\n');
		t += take;
		tl -= take;
		while (tl && *t == ' ')
			t++, tl--;
	}
}

int rtl_wrap(char **text, size_t *len)
{
	kiln_strbuf b = {0};
	const char *s = *text, *e = *text + *len;
	while (s < e) {
		const char *nl = memchr(s, '\n', (size_t)(e - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(e - s);
		wrap_line(&b, s, n);
		s += n + 1;
	}
	size_t nl = b.len;
	char *out = kiln_sb_finish(&b);
	if (!out)
		return -1;
	free(*text);
	*text = out;
	*len = nl;
	return 0;
}

char *rtl_wrapped(int (*emit)(const void *arg, FILE *out), const void *arg, size_t *len)
{
	char *t = NULL;
	FILE *f = open_memstream(&t, len);
	if (!f)
		return NULL;
	int rc = emit(arg, f);
	if (fclose(f) != 0 || rc != 0 || rtl_wrap(&t, len) != 0) {
		free(t);
		return NULL;
	}
	return t;
}
