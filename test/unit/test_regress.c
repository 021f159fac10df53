// SPDX-License-Identifier: Apache-2.0
/* Unit tests of kiln test's manifest reader and reports (host/regress/) and of the XML and shell escapes they
 * use (host/common/text_escape.c). The runs themselves are tested end to end by test/regress/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/common/fileio.h"
#include "host/common/text_escape.h"
#include "host/regress/manifest.h"
#include "host/regress/report.h"
#include "test/harness.h"

static char dir[] = "/tmp/kiln-test-regress-XXXXXX";

/* Loads TEXT as a manifest; 0 on success, else -1 with the message in ERR. */
static int load(const char *text, kreg_manifest *m, char *err, size_t n)
{
	char path[256];
	snprintf(path, sizeof path, "%s/m.json", dir);
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	return kreg_manifest_load(path, m, err, n);
}

static void refused(const char *text, const char *want, const char *name)
{
	kreg_manifest m;
	char err[512] = "";
	int rc = load(text, &m, err, sizeof err);
	KT_CHECK(rc == -1 && strstr(err, want), name, "rc %d, message '%s', want '%s'", rc, err, want);
}

static char *escaped(const char *s, enum kiln_text_escape e)
{
	kiln_strbuf b = {0};
	kiln_sb_text(&b, s, e);
	return kiln_sb_finish(&b);
}

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	kreg_manifest m;
	char err[512] = "";
	int rc = load(
	    "{\"kiln_test\": 1, \"defaults\": {\"boards\": [\"sim\", \"sim-ideal\"], \"timeout_s\": 9,"
	    " \"options\": [\"-DX=1\"]},"
	    " \"tests\": [{\"name\": \"a\", \"sources\": [\"k.c\", \"/abs/l.c\"], \"check\": \"native\"},"
	    " {\"name\": \"b\", \"sources\": [\"k.c\"], \"check\": \"self\", \"boards\": [\"sim\"],"
	    " \"options\": [], \"timeout_s\": 0.5, \"max_cycles\": 1000, \"seed\": 42},"
	    " {\"name\": \"c.d-e\", \"sources\": [\"k.c\"], \"check\": \"host\", \"host\": [\"./h\", "
	    "\"{image}\"]}]}",
	    &m, err, sizeof err);
	if (KT_CHECK(rc == 0, "a manifest loads", "%s", err)) {
		KT_EQ_U64(m.ntests, 5, "two boards make two tests of one, one board one");
		KT_EQ_STR(m.tests[0].name, "a@sim", "a test of several boards is named NAME@BOARD");
		KT_EQ_STR(m.tests[1].board, "sim-ideal", "each board its test");
		char real[4096], want[4200];
		if (!realpath(dir, real))
			real[0] = 0;
		snprintf(want, sizeof want, "%s/k.c", real);
		KT_CHECK(!strcmp(m.tests[0].sources[0], want),
		         "sources are made absolute against the manifest's folder", "got %s, want %s",
		         m.tests[0].sources[0], want);
		KT_EQ_STR(m.tests[0].sources[1], "/abs/l.c", "an absolute source stays");
		KT_CHECK(m.tests[0].timeout_s == 9 && m.tests[0].noptions == 1 && m.tests[0].seed == 1 &&
		             m.tests[0].check == KREG_NATIVE,
		         "defaults apply", "timeout %g, %d options, seed %llu", m.tests[0].timeout_s,
		         m.tests[0].noptions, (unsigned long long)m.tests[0].seed);
		KT_CHECK(!strcmp(m.tests[2].name, "b") && m.tests[2].timeout_s == 0.5 &&
		             m.tests[2].noptions == 0 && m.tests[2].max_cycles == 1000 &&
		             m.tests[2].seed == 42 && !strcmp(m.tests[2].kernel, "run"),
		         "a test's own settings win over the defaults", "%s %g %d %llu", m.tests[2].name,
		         m.tests[2].timeout_s, m.tests[2].noptions,
		         (unsigned long long)m.tests[2].max_cycles);
		KT_CHECK(m.tests[3].nhost == 2 && strstr(m.tests[3].host[0], "/h") &&
		             m.tests[3].host[0][0] == '/' && !strcmp(m.tests[3].host[1], "{image}"),
		         "a host program given by path is resolved, its arguments kept", "%s",
		         m.tests[3].host[0]);
		kreg_manifest_free(&m);
	}
	refused(
	    "{\"kiln_test\": 1, \"tests\": [{\"name\": \"a\", \"sources\": [\"k.c\"], \"check\": \"native\", "
	    "\"timeout\": 3}]}",
	    "tests[0]: unknown key 'timeout'", "an unknown member is refused, named with its path");
	refused("{\"kiln_test\": 2, \"tests\": []}", "kiln_test", "another format version is refused");
	refused("{\"kiln_test\": 1, \"tests\": []}", "names no test", "an empty manifest is refused");
	refused("{\"kiln_test\": 1, \"tests\": [{\"name\": \"../x\", \"sources\": [\"k.c\"], \"check\": "
	        "\"self\"}]}",
	        "is not a test name", "a name that is a path is refused");
	refused("{\"kiln_test\": 1, \"tests\": [{\"name\": \"a'b\", \"sources\": [\"k.c\"], \"check\": "
	        "\"self\"}]}",
	        "is not a test name", "a name with a quote is refused");
	refused(
	    "{\"kiln_test\": 1, \"tests\": [{\"name\": \"a\", \"sources\": [\"k.c\"], \"check\": \"self\"},"
	    " {\"name\": \"a\", \"sources\": [\"k.c\"], \"check\": \"self\"}]}",
	    "a second test named 'a'", "a duplicate name is refused");
	refused("{\"kiln_test\": 1, \"tests\": [{\"name\": \"a\", \"sources\": [], \"check\": \"self\"}]}",
	        "at least one source", "a test without sources is refused");
	refused(
	    "{\"kiln_test\": 1, \"tests\": [{\"name\": \"a\", \"sources\": [\"k.c\"], \"check\": \"host\"}]}",
	    "needs the program", "a host check without a program is refused");
	refused(
	    "{\"kiln_test\": 1, \"tests\": [{\"name\": \"a\", \"sources\": [\"k.c\"], \"check\": \"self\","
	    " \"host\": [\"x\"]}]}",
	    "only a \"host\" check", "a program on another check is refused");
	refused(
	    "{\"kiln_test\": 1, \"tests\": [{\"name\": \"a\", \"sources\": [\"k.c\"], \"check\": \"self\","
	    " \"timeout_s\": -1}]}",
	    "tests[0].timeout_s: must be a number", "a negative timeout is refused");
	refused(
	    "{\"kiln_test\": 1, \"tests\": [{\"name\": \"a\", \"sources\": [\"k.c\"], \"check\": \"self\","
	    " \"max_cycles\": \"many\"}]}",
	    "tests[0].max_cycles", "a cycle limit that is not a number is refused");
	refused("{\"kiln_test\": 1, \"tests\": [{\"name\": \"a\", \"sources\": [7], \"check\": \"self\"}]}",
	        "tests[0].sources", "a source that is not a string is refused");
	refused("{\"kiln_test\": 1, \"tests\": [", "line 1", "a syntax error names its place");

	/* the escapes the reports and scripts rely on */
	char *x = escaped("a<b>&\"c'\n", KILN_ESC_XML);
	KT_EQ_STR(x, "a&lt;b&gt;&amp;&quot;c&apos; ",
	          "XML escape: the five entities, a line break as a space");
	free(x);
	x = escaped("it's $(rm -rf /) `x` \"q\"", KILN_ESC_SHELL);
	KT_EQ_STR(x, "it'\\''s $(rm -rf /) `x` \"q\"",
	          "shell escape: only the single quote changes inside '...'");
	free(x);

	char dirty[] = "a\xff\x01"
	               "b\xc3\xa9<\xe2\x82";
	kiln_text_clean(dirty);
	KT_EQ_STR(dirty, "a??b\xc3\xa9<??",
	          "a program's text made UTF-8 without controls: bad bytes become '?'");

	/* the reports carry hostile text only escaped */
	kreg_result r[2] = {{.name = "ok1", .board = "sim", .passed = 1, .checks_passed = 3, .attempts = 1},
	                    {.name = "bad",
	                     .board = "sim",
	                     .bucket = "mismatch",
	                     .why = "x</failure><evil a=\"1\">",
	                     .attempts = 1}};
	kreg_totals tot = {.wall_s = 1.5, .build_s = 0.5, .builds = 1};
	char path[300];
	snprintf(path, sizeof path, "%s/r.xml", dir);
	char *text = NULL;
	size_t len = 0;
	KT_CHECK(kreg_write_junit(path, r, 2, &tot) == 0 && kiln_read_file(path, &text, &len) == 0 &&
	             strstr(text, "x&lt;/failure&gt;&lt;evil a=&quot;1&quot;&gt;") &&
	             !strstr(text, "<evil") && strstr(text, "tests=\"2\" failures=\"1\""),
	         "JUnit: counts, and a failure's text escaped", "%s", text ? text : "(unreadable)");
	free(text);
	snprintf(path, sizeof path, "%s/r.json", dir);
	text = NULL;
	KT_CHECK(kreg_write_json(path, r, 2, &tot) == 0 && kiln_read_file(path, &text, &len) == 0 &&
	             strstr(text, "\"passed\": 1") && strstr(text, "\"cause\": \"mismatch\"") &&
	             strstr(text, "x</failure><evil a=\\\"1\\\">"),
	         "JSON: counts, causes, text as a JSON string", "%s", text ? text : "(unreadable)");
	free(text);
	FILE *f = tmpfile();
	kreg_summary(f, r, 2, &tot);
	rewind(f);
	char buf[2048] = "";
	size_t got = fread(buf, 1, sizeof buf - 1, f);
	buf[got] = 0;
	fclose(f);
	KT_CHECK(strstr(buf, "bad") && strstr(buf, "mismatch") && strstr(buf, "by cause: mismatch 1") &&
	             !strcmp(buf + strlen(buf) - strlen("1 passed, 1 failed\n"), "1 passed, 1 failed\n"),
	         "the summary lists failures by cause and ends with N passed, N failed", "%s", buf);
	kiln_remove_tree(dir);
	return KT_DONE();
}
