// SPDX-License-Identifier: Apache-2.0
/* rtl_wrap on hand-written lines, without Verilator: long code breaks at spaces into lines of at most 100
 * columns that hold the same tokens, strings and directives stay whole, a long comment continues as one. */
#include <stdlib.h>
#include <string.h>

#include "hls/emit/rtl_wrap.h"
#include "test/harness.h"

static char *wrapped(const char *in)
{
	char *t = strdup(in);
	size_t n = strlen(t);
	if (rtl_wrap(&t, &n) != 0) {
		free(t);
		return NULL;
	}
	return t;
}

static size_t longest(const char *t)
{
	size_t best = 0;
	for (const char *p = t; *p;) {
		size_t n = strcspn(p, "\n");
		best = n > best ? n : best;
		p += n + !!p[n];
	}
	return best;
}

/* T with every run of spaces and newlines made one space: what a parser sees. */
static char *tokens(const char *t)
{
	char *o = malloc(strlen(t) + 1), *q = o;
	for (const char *p = t; *p; p++)
		if (*p == ' ' || *p == '\n') {
			if (q > o && q[-1] != ' ')
				*q++ = ' ';
		} else
			*q++ = *p;
	while (q > o && q[-1] == ' ')
		q--;
	*q = 0;
	return o;
}

int main(void)
{
	char in[4096] = "  assign m0_valid = 1'b0";
	for (int i = 0; i < 40; i++)
		snprintf(in + strlen(in), sizeof in - strlen(in), " | (state == S%d && !m0_full)", i);
	strcat(in, ";\n");
	char *t = wrapped(in);
	char *a = tokens(in), *b = t ? tokens(t) : NULL;
	KT_CHECK(t && longest(t) <= RTL_COLS && strstr(t, "\n      |"),
	         "a long assignment breaks within 100 columns", "longest %zu:\n%s", t ? longest(t) : 0,
	         t ? t : "");
	KT_CHECK(b && !strcmp(a, b), "the broken lines hold the same tokens", "\n%s\n%s", a, b ? b : "");
	free(t);
	free(a);
	free(b);

	char s[600];
	snprintf(s, sizeof s, "      $fwrite(fd, \"%s\", x);\n`define KILN_LONG %0150d\n",
	         "a b c d e f g h i j k l m n o p "
	         "q r s t u v w x y z a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i "
	         "j k l m",
	         0);
	t = wrapped(s);
	KT_CHECK(t && strstr(t, "\"a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h") &&
	             strstr(t, "\n`define KILN_LONG 0000"),
	         "strings and directives stay whole", "\n%s", t ? t : "");
	free(t);

	t = wrapped(
	    "  wire [31:0] v3 = arg_0 + 32'h1;  // a comment long enough that code and comment together run "
	    "well past the hundredth column of the line\n");
	KT_CHECK(t && longest(t) <= RTL_COLS &&
	             !strncmp(t, "  wire [31:0] v3 = arg_0 + 32'h1;\n  // a comment", 48),
	         "a long trailing comment continues on comment lines", "\n%s", t ? t : "");
	free(t);

	/* The review's #line name: the wrap must not start a comment line with "synthesis translate_off". */
	char lng[400];
	snprintf(
	    lng, sizeof lng, "  // kernel at %.*s synthesis translate_off %.*s\n", 88,
	    "YYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYYY",
	    90,
	    "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ");
	t = wrapped(lng);
	KT_CHECK(t && longest(t) <= RTL_COLS && !strstr(t, "// synthesis") && strstr(t, "\n  // ... "),
	         "a wrapped comment's later lines start '// ...', never with its text", "\n%s", t ? t : "");
	free(t);
	return KT_DONE();
}
