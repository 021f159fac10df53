// SPDX-License-Identifier: Apache-2.0
/* The one place where text from a user's input (file names, kernel, argument and device-global names, unique
 * ids, image names) is made safe for a generated output: per output language one escape, and the check that
 * refuses names no output could carry. Shared by the compiler and the runtime. */
#ifndef KILN_TEXT_ESCAPE_H
#define KILN_TEXT_ESCAPE_H
#include <stddef.h>
#include <stdio.h>

#include "host/common/strbuf.h"

/* How kiln_sb_text escapes a text. The lossy forms keep it on one line (control characters become spaces);
 * the string forms are lossless, so that the compiled string equals the original. */
enum kiln_text_escape {
	KILN_ESC_PLAIN,        /* plain-text reports */
	KILN_ESC_MESSAGE,      /* a name quoted in a diagnostic: printable ASCII, the rest octal (lossless) */
	KILN_ESC_C_COMMENT,    /* inside a C block comment */
	KILN_ESC_LINE_COMMENT, /* after // in Verilog or SystemRDL, or in a $readmemh file */
	KILN_ESC_MARKDOWN,     /* a Markdown table cell */
	KILN_ESC_RDL_STRING,   /* inside a SystemRDL "string" */
	KILN_ESC_YAML_STRING,  /* inside a YAML "double-quoted" scalar (FuseSoC core) */
	KILN_ESC_C_STRING,     /* inside a C "string literal" (lossless) */
	KILN_ESC_VERILOG_STRING, /* inside a Verilog "string literal" (lossless) */
	KILN_ESC_XML,            /* XML character data or a "quoted" attribute value (JUnit reports) */
	KILN_ESC_SHELL /* inside a POSIX shell 'single-quoted' word (reproduction scripts; lossless) */
};

enum kiln_ident_case { KILN_IDENT_LOWER, KILN_IDENT_UPPER, KILN_IDENT_KEEP };
/* Appends NAME as a C (and Verilog) identifier: characters outside [A-Za-z0-9_] become '_', a leading digit
 * gets a '_' prefix, letters are converted as C says. An empty name gives "_". */
void kiln_sb_ident(kiln_strbuf *b, const char *name, enum kiln_ident_case c);
/* True when A and B give the same identifier under kiln_sb_ident (so they would clash in generated code). */
int kiln_ident_same(const char *a, const char *b);
/* Appends S (NULL as "") escaped for the output language E. */
void kiln_sb_text(kiln_strbuf *b, const char *s, enum kiln_text_escape e);
/* Writes S escaped for E to O (kiln_sb_text for the emitters that write to a stream); -1 when out of
 * memory. */
int kiln_fput_text(FILE *o, const char *s, enum kiln_text_escape e);
/* Writes JSON, a JSON text, to O as the content of an HTML <script type="application/json"> element: every
 * '<', '>' and '&' (which JSON has only inside strings) as its \u escape, so that no string in it can end the
 * element or open a comment, and the script reads the same value back; -1 on a write error. */
int kiln_fput_script_json(FILE *o, const char *json);
/* Makes S (NUL-terminated, changed in place) text every output can carry: each byte of a sequence that is not
 * UTF-8, and each control character, becomes '?'. For text a program printed (kiln test's failure reasons).
 */
void kiln_text_clean(char *s);
/* Why the LEN bytes of NAME cannot name anything in an output (a NUL, a line break or another control
 * character, bytes that are not UTF-8), or NULL when it can. */
const char *kiln_name_problem(const char *name, size_t len);

#endif
