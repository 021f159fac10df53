// SPDX-License-Identifier: Apache-2.0
#include "host/common/text_escape.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static char ident_char(unsigned char c, enum kiln_ident_case cs)
{
	if (c >= 0x80 || (!isalnum(c) && c != '_')) /* isalnum of a byte >= 0x80 depends on the locale */
		return '_';
	return (char)(cs == KILN_IDENT_UPPER ? toupper(c) : cs == KILN_IDENT_LOWER ? tolower(c) : c);
}

/* The identifier starts with '_' inserted before a leading digit or for an empty name. */
static int needs_prefix(const char *s)
{
	return !*s || isdigit((unsigned char)*s);
}

void kiln_sb_ident(kiln_strbuf *b, const char *name, enum kiln_ident_case cs)
{
	if (!name)
		name = "";
	if (needs_prefix(name))
		kiln_sb_addc(b, '_');
	for (const char *p = name; *p; p++)
		kiln_sb_addc(b, ident_char((unsigned char)*p, cs));
}

int kiln_ident_same(const char *a, const char *b)
{
	if (needs_prefix(a) != needs_prefix(b))
		return 0;
	for (; *a && *b; a++, b++)
		if (ident_char((unsigned char)*a, KILN_IDENT_UPPER) !=
		    ident_char((unsigned char)*b, KILN_IDENT_UPPER))
			return 0;
	return *a == *b;
}

static int is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

/* Per language, the characters that take a backslash before them, and for the lossless forms those written
 * as a three-digit octal escape besides every character outside printable ASCII. */
static const struct {
	const char *backslashed;
	int lossless;
	const char *octal;
} esc_rules[] = {
    [KILN_ESC_PLAIN] = {"", 0, ""},
    [KILN_ESC_MESSAGE] = {"\\", 1, ""},
    [KILN_ESC_C_COMMENT] = {"", 0, ""},
    [KILN_ESC_LINE_COMMENT] = {"", 0, ""},
    [KILN_ESC_MARKDOWN] = {"|\\<", 0, ""},
    [KILN_ESC_RDL_STRING] = {"\"\\", 0, ""},
    [KILN_ESC_YAML_STRING] = {"\"\\", 0, ""},
    [KILN_ESC_C_STRING] = {"\"\\?", 1, ""}, /* '?': "??/" is a trigraph under -std=c11 */
    /* octal: a string then holds no quote but its delimiters, for tools that find strings by quotes
     * (rtl_wrap.h) */
    [KILN_ESC_VERILOG_STRING] = {"", 1, "\"\\"},
    [KILN_ESC_XML] = {"", 0, ""},
    [KILN_ESC_SHELL] = {"", 0, ""},
};

/* XML's five predefined entities: enough for character data and for attribute values in either quotes. */
static const char *xml_entity(unsigned char c)
{
	return c == '&'    ? "&amp;"
	       : c == '<'  ? "&lt;"
	       : c == '>'  ? "&gt;"
	       : c == '"'  ? "&quot;"
	       : c == '\'' ? "&apos;"
	                   : NULL;
}

void kiln_sb_text(kiln_strbuf *b, const char *s, enum kiln_text_escape e)
{
	for (const char *p = s ? s : ""; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (e == KILN_ESC_SHELL) {
			/* nothing is special inside single quotes but the quote itself: end, escape, reopen
			 */
			if (c == '\'')
				kiln_sb_add(b, "'\\''");
			else
				kiln_sb_addc(b, (char)c);
			continue;
		}
		if (e == KILN_ESC_XML && xml_entity(c)) {
			kiln_sb_add(b, xml_entity(c));
			continue;
		}
		if (esc_rules[e].lossless && (is_control(c) || c >= 0x80 || strchr(esc_rules[e].octal, c))) {
			kiln_sb_printf(b, "\\%03o", c);
		} else if (is_control(c)) {
			kiln_sb_addc(b, ' '); /* a line break would end a comment or a table row */
		} else if (e == KILN_ESC_C_COMMENT && c == '*' && p[1] == '/') {
			kiln_sb_add(b, "* "); /* "*" "/" would end the comment early */
		} else if (e == KILN_ESC_C_COMMENT && c == '/' && p[1] == '*') {
			kiln_sb_add(b, "/ ");
		} else if ((e == KILN_ESC_RDL_STRING || e == KILN_ESC_LINE_COMMENT) &&
		           ((c == '<' && p[1] == '%') || (c == '%' && p[1] == '>'))) {
			/* SystemRDL's Perl preprocessor runs <% ... %> wherever it stands, strings included
			 */
			kiln_sb_addc(b, (char)c);
			kiln_sb_addc(b, ' ');
		} else if (e == KILN_ESC_RDL_STRING && c == '`') {
			kiln_sb_addc(b, '\''); /* a SystemRDL preprocessor directive (`include) */
		} else if (strchr(esc_rules[e].backslashed, c)) {
			kiln_sb_addc(b, '\\');
			kiln_sb_addc(b, (char)c);
		} else {
			kiln_sb_addc(b, (char)c);
		}
	}
}

int kiln_fput_text(FILE *o, const char *s, enum kiln_text_escape e)
{
	kiln_strbuf b = {0};
	kiln_sb_text(&b, s, e);
	char *t = kiln_sb_finish(&b);
	int rc = t && fputs(t, o) >= 0 ? 0 : -1;
	free(t);
	return rc;
}

/* Length of the UTF-8 sequence at P (N bytes left), or 0 when it is not one (overlong forms, surrogates and
 * code points above U+10FFFF included). */
static size_t utf8_len(const unsigned char *p, size_t n)
{
	size_t len = p[0] < 0x80                    ? 1
	             : p[0] >= 0xc2 && p[0] <= 0xdf ? 2
	             : p[0] >= 0xe0 && p[0] <= 0xef ? 3
	             : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4
	                                            : 0;
	if (!len || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0) ||
	    (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))
		return 0;
	return len;
}

void kiln_text_clean(char *s)
{
	size_t len = s ? strlen(s) : 0;
	for (size_t i = 0; i < len;) {
		unsigned char *p = (unsigned char *)s + i;
		size_t n = utf8_len(p, len - i);
		if (!n || is_control(*p)) {
			*p = '?';
			n = 1;
		}
		i += n;
	}
}

const char *kiln_name_problem(const char *name, size_t len)
{
	const unsigned char *p = (const unsigned char *)name;
	for (size_t i = 0; i < len;) {
		if (p[i] == 0)
			return "a NUL byte";
		if (p[i] == '\n' || p[i] == '\r')
			return "a line break";
		if (is_control(p[i]))
			return "a control character";
		size_t n = utf8_len(p + i, len - i);
		if (!n)
			return "bytes that are not UTF-8";
		i += n;
	}
	return NULL;
}

int kiln_fput_script_json(FILE *o, const char *json)
{
	for (const char *p = json; *p; p++) {
		int rc = *p == '<'   ? fputs("\\u003c", o)
		         : *p == '>' ? fputs("\\u003e", o)
		         : *p == '&' ? fputs("\\u0026", o)
		                     : fputc(*p, o);
		if (rc < 0)
			return -1;
	}
	return 0;
}
