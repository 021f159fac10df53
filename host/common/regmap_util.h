// SPDX-License-Identifier: Apache-2.0
/* Helpers shared by the register-map model (regmap.c) and its exporters (regmap_export.c). Internal to
 * host/common. */
#ifndef KILN_REGMAP_UTIL_H
#define KILN_REGMAP_UTIL_H
#include "host/common/regmap.h"
#include "host/common/strbuf.h"

/* How kiln_sb_text escapes a description: every form keeps it on one line. */
enum kiln_text_escape { KILN_ESC_PLAIN, KILN_ESC_C_COMMENT, KILN_ESC_MARKDOWN, KILN_ESC_RDL_STRING };

enum kiln_ident_case { KILN_IDENT_LOWER, KILN_IDENT_UPPER, KILN_IDENT_KEEP };
/* Appends NAME as a C identifier: characters outside [A-Za-z0-9_] become '_', a leading digit gets a '_'
 * prefix, letters are converted as C says. An empty name gives "_". */
void kiln_sb_ident(kiln_strbuf *b, const char *name, enum kiln_ident_case c);
/* True when A and B give the same identifier under kiln_sb_ident (so they would clash in generated code). */
int kiln_ident_same(const char *a, const char *b);
/* Appends S (NULL as "") with line breaks turned into spaces and the escapes of E applied. */
void kiln_sb_text(kiln_strbuf *b, const char *s, enum kiln_text_escape e);
/* In-place mask of a field: WIDTH ones shifted left by LSB (the field must fit 32 bits). */
uint32_t kiln_field_mask(const kiln_field *f);

#endif
