// SPDX-License-Identifier: Apache-2.0
/* The dead-signal removal on hand-written module text with signal marks (hls/emit/dead_signals.h), without
 * Verilator or LLVM: unread signals go with every line that defines them, and the values only they read go
 * after them; slices name the bits nobody reads; the marks become the names of binding's table; a mark
 * binding did not make, a mark in a comment or a definition that cannot go alone is refused and the text
 * kept. */
#include <stdlib.h>
#include <string.h>

#include "hls/emit/dead_signals.h"
#include "hls/emit/signals.h"
#include "test/harness.h"

/* A use and the definition of signal N in module text. */
#define U(n) "\x01" #n "\x02"
#define D(n) "\x03" #n "\x02"

static bind_signal table[] = {
    {"v3", 32},   {"v4", 64},   {"r3_q", 32}, {"v20", 32},     {"v21", 32},     {"v22", 32},
    {"p4_1", 32}, {"p4_m", 32}, {"p4_2", 32}, {"wide_q", 128}, {"sum_12_q", 8},
};

/* Removes the dead signals of IN; returns the text (malloc'd) and the sink entries in *SINK (malloc'd). */
static char *prune(const char *in, char **sink)
{
	kbind b = {.sigs = table, .nsigs = (int)(sizeof table / sizeof table[0])};
	char *t = strdup(in);
	size_t n = strlen(t);
	kiln_strbuf un = {0};
	if (emit_dead_signals(&t, &n, &b, &un) != 0) {
		free(t);
		t = NULL;
	}
	*sink = kiln_sb_finish(&un);
	return t;
}

static int has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	for (const char *p = text; p && (p = strstr(p, line)); p += n)
		if ((p == text || p[-1] == '\n') && (p[n] == '\n' || !p[n]))
			return 1;
	return 0;
}

int main(void)
{
	char *sink = NULL;
	/* r3_q (2) is written but never read; v3 (0) feeds only it; v4 (1) is read by the port, 16 of its 64
	 * bits. */
	char *t = prune(
	    "  wire [31:0] " D(0) " = arg_0 + 32'h1;  // add\n"
	                          "  wire [63:0] " D(1) " = {32'd0, arg_0} * 64'hdeadbeef;\n"
	                                                "  reg  [31:0] " D(
	                                                    2) ";\n"
	                                                       "  always @(posedge clk) begin\n"
	                                                       "    if (state == S2) " D(2) " <= " U(
	                                                           0) ";\n"
	                                                              "  end\n"
	                                                              "  assign m0_addr = {" U(
	                                                                  1) "[15:2], 2'b00};\n"
	                                                                     "  assign m0_wdata = {16'd0, " U(
	                                                                         1) "[15:0]};\n",
	    &sink);
	KT_CHECK(t && !strstr(t, "r3_q") && !strstr(t, "v3"),
	         "an unread register goes, then the value only it read", "\n%s", t ? t : "(failed)");
	KT_CHECK(t && has_line(t, "  always @(posedge clk) begin") && has_line(t, "  end"),
	         "the always block around a removed write stays well formed", "\n%s", t ? t : "");
	KT_CHECK(t && has_line(t, "  assign m0_addr = {v4[15:2], 2'b00};") && !strchr(t, '\x01') &&
	             !strchr(t, '\x03') && !strchr(t, '\x02'),
	         "every mark becomes its signal's name", "\n%s", t ? t : "");
	KT_CHECK(sink && !strcmp(sink, ", v4[63:16]"), "the bits nobody reads are named exactly", "\"%s\"",
	         sink ? sink : "");
	free(t);
	free(sink);

	/* Pipeline stage registers and the loop-carried one are datapath too; a read of every bit keeps them.
	 */
	t = prune(
	    "  reg  [31:0] " D(6) ";\n  reg  [31:0] " D(7) ";\n  reg  [31:0] " D(
	        8) ";\n"
	           "  always @(posedge clk) begin\n"
	           "    if (adv) " D(6) " <= arg_0;\n"
	                                "    if (adv) " D(7) " <= " U(6) ";\n"
	                                                                 "    if (adv) " D(8) " <= " U(
	                                                                     6) ";\n"
	                                                                        "  end\n"
	                                                                        "  assign out = " U(8) ";\n",
	    &sink);
	KT_CHECK(t && !strstr(t, "p4_m") && strstr(t, "p4_2 <= p4_1") && sink && !*sink,
	         "stage registers are removed like any value", "\n%s\nsink \"%s\"", t ? t : "",
	         sink ? sink : "");
	free(t);
	free(sink);

	/* A bit-operation cell drives v21 (nothing reads it) and v22 (read): v21's declaration and cell go,
	 * and the value only it read (v20), a round later. */
	t = prune("  wire [31:0] " D(
	              3) " = arg_0 ^ 32'h5;\n"
	                 "  wire [31:0] " D(
	                     4) ";\n"
	                        "  kiln_bitop #(.OP(\"ctpop\"), .W(32)) u_v21 (.a(" U(3) "), .y(" D(
	                            4) "));\n"
	                               "  wire [31:0] " D(
	                                   5) ";\n"
	                                      "  kiln_bitop #(.OP(\"ctlz\"), .W(32)) u_v22 (.a(arg_0), .y(" D(
	                                          5) "));\n"
	                                             "  assign m0_addr = " U(5) ";\n",
	          &sink);
	KT_CHECK(t && !strstr(t, "v21") && !strstr(t, "v20") && strstr(t, "u_v22 (.a(arg_0), .y(v22));"),
	         "an unread cell output goes with its instance, and the values only it read", "\n%s",
	         t ? t : "");
	free(t);
	free(sink);

	/* Signals wider than 64 bits are never removed nor named; unread ones of a narrower width are named
	 * whole, in the order they are declared. */
	t = prune("  reg  [7:0] " D(10) ";\n  reg  [127:0] " D(
	              9) ";\n"
	                 "  wire [31:0] " D(0) " = 32'd1;\n"
	                                       "  always @(posedge clk) " D(9) " <= {4{" U(0) "}};\n",
	          &sink);
	KT_CHECK(t && strstr(t, "wide_q <= {4{v3}}") && strstr(t, "v3 = 32'd1") && !strstr(t, "sum_12_q"),
	         "a signal wider than 64 bits stays, with what it reads", "\n%s", t ? t : "");
	KT_CHECK(sink && !*sink, "nothing kept unread is named", "\"%s\"", sink ? sink : "");
	free(t);
	free(sink);

	/* A mark of a signal binding did not make, or a malformed one, a mark in a comment, a definition an
	 * 'else' goes on from: an emitter's error, refused, the text left alone. */
	kbind b = {.sigs = table, .nsigs = (int)(sizeof table / sizeof table[0])};
	static const char *const bad[] = {"  assign x = " U(99) ";\n",
	                                  "  assign x = \x01"
	                                  "3;\n",
	                                  "  assign x = \x03\x02;\n",
	                                  "  assign x = \x01-\x02;\n",
	                                  "  assign x = 1'b0;  // " U(3) "\n",
	                                  "    if (go) " D(2) " <= " U(0) ";\n    else y <= 1'b0;\n"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *in = strdup(bad[i]);
		size_t n = strlen(in);
		kiln_strbuf un = {0};
		int rc = emit_dead_signals(&in, &n, &b, &un);
		KT_CHECK(rc == -2 && !strcmp(in, bad[i]), "a bad mark is refused and the text kept",
		         "case %zu: rc %d", i, rc);
		free(in);
		kiln_sb_free(&un);
	}
	return KT_DONE();
}
