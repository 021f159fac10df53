// SPDX-License-Identifier: Apache-2.0
#include "host/common/regmap_util.h"

#include <ctype.h>
#include <string.h>

static char ident_char(unsigned char c, enum kiln_ident_case cs)
{
	if (!isalnum(c) && c != '_')
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

void kiln_sb_text(kiln_strbuf *b, const char *s, enum kiln_text_escape e)
{
	for (const char *p = s ? s : ""; *p; p++) {
		char c = *p;
		if (c == '\n' || c == '\r' || c == '\t') {
			kiln_sb_addc(b, ' ');
		} else if (e == KILN_ESC_C_COMMENT && c == '*' && p[1] == '/') {
			kiln_sb_add(b, "* "); /* "*" "/" would end the comment early */
		} else if (e == KILN_ESC_C_COMMENT && c == '/' && p[1] == '*') {
			kiln_sb_add(b, "/ ");
		} else if (e == KILN_ESC_MARKDOWN && (c == '|' || c == '\\' || c == '<')) {
			kiln_sb_addc(b, '\\');
			kiln_sb_addc(b, c);
		} else if (e == KILN_ESC_RDL_STRING && (c == '"' || c == '\\')) {
			kiln_sb_addc(b, '\\');
			kiln_sb_addc(b, c);
		} else {
			kiln_sb_addc(b, c);
		}
	}
}

uint32_t kiln_field_mask(const kiln_field *f)
{
	uint32_t ones = f->width >= 32 ? 0xffffffffu : (1u << f->width) - 1;
	return ones << f->lsb;
}
