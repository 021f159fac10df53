// SPDX-License-Identifier: Apache-2.0
/* rtl_prune on hand-written module bodies, without Verilator: unread registers go with their writes, and the
 * values only they read go after them; slices name the bits nobody reads; comparisons, literals, comments and
 * strings are not mistaken for writes or reads; writes the pass cannot remove alone keep their signal. */
#include <stdlib.h>
#include <string.h>

#include "hls/emit/rtl_prune.h"
#include "test/harness.h"

/* Prunes IN; returns the text (malloc'd) and the sink entries in *SINK (malloc'd). */
static char *prune(const char *in, char **sink)
{
	char *t = strdup(in);
	size_t n = strlen(t);
	kiln_strbuf un = {0};
	if (rtl_prune(&t, &n, &un) != 0) {
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
	/* r3_q is written but never read; v3 feeds only it; v4 is read by the port, 16 of its 64 bits. */
	char *t = prune("  wire [31:0] v3 = arg_0 + 32'h1;  // add\n"
	                "  wire [63:0] v4 = {32'd0, arg_0} * 64'hdeadbeef;\n"
	                "  reg  [31:0] r3_q;\n"
	                "  always @(posedge clk) begin\n"
	                "    if (state == S2) r3_q <= v3;\n"
	                "  end\n"
	                "  assign m0_addr = {v4[15:2], 2'b00};\n"
	                "  assign m0_wdata = {16'd0, v4[15:0]};\n",
	                &sink);
	KT_CHECK(t && !strstr(t, "r3_q") && !strstr(t, "v3"),
	         "an unread register goes, then the value only it read", "\n%s", t ? t : "(failed)");
	KT_CHECK(t && has_line(t, "  always @(posedge clk) begin") && has_line(t, "  end"),
	         "the always block around a removed write stays well formed", "\n%s", t ? t : "");
	KT_CHECK(sink && !strcmp(sink, ", v4[63:16]"), "the bits nobody reads are named exactly", "\"%s\"",
	         sink ? sink : "");
	free(t);
	free(sink);

	/* v5 <= v6 is a comparison (a read of both); names in comments, strings and literals are not reads.
	 */
	t = prune("  wire [7:0] v5 = arg_0[7:0];\n"
	          "  wire [7:0] v6 = arg_1[7:0];\n"
	          "  wire       v7 = v5 <= v6;  // v8 is not read here\n"
	          "  wire [7:0] v8 = 8'hd5;\n"
	          "  wire [31:0] r9_q = 32'hd5;\n"
	          "  initial $display(\"v8 %d\", arg_2);\n"
	          "  assign done = v7;\n",
	          &sink);
	KT_CHECK(t && strstr(t, "v7 = v5 <= v6") && !strstr(t, "v8 = ") && !strstr(t, "r9_q"),
	         "a comparison reads, comments, strings and based literals do not", "\n%s", t ? t : "");
	free(t);
	free(sink);

	/* The write to r11_q shares its line with another statement, and sum_12_q's write continues with an
	 * else: neither can go alone, so both stay and are named in the sink. */
	t = prune("  reg  [3:0] r11_q;\n  reg        sum_12_q;\n  reg  [3:0] q;\n"
	          "  always @(posedge clk) begin\n"
	          "    r11_q <= arg_0[3:0]; q <= arg_1[3:0];\n"
	          "    if (start) sum_12_q <= 1'b1;\n"
	          "    else sum_12_q <= 1'b0;\n"
	          "  end\n",
	          &sink);
	KT_CHECK(t && strstr(t, "r11_q <= arg_0") && strstr(t, "if (start) sum_12_q <= 1'b1;") &&
	             strstr(t, "else sum_12_q <= 1'b0;"),
	         "writes that cannot go alone keep their signal", "\n%s", t ? t : "");
	KT_CHECK(sink && !strcmp(sink, ", r11_q, sum_12_q"), "kept unread signals are named whole", "\"%s\"",
	         sink ? sink : "");
	free(t);
	free(sink);

	/* Names that only look like registers are not datapath: state_q, a port's m0_tq0, a bare r5. */
	t = prune("  reg  [3:0] state_q;\n  wire [3:0] m0_tq0;\n  reg  [3:0] r5;\n  reg  [3:0] x_q;\n",
	          &sink);
	KT_CHECK(t && strstr(t, "state_q;") && strstr(t, "m0_tq0;") && strstr(t, "r5;") &&
	             strstr(t, "x_q;") && sink && !*sink,
	         "only binding's register names (r<i>_q, <name>_<i>_q) are taken for datapath", "\n%s",
	         t ? t : "");
	free(t);
	free(sink);

	/* Pipeline stage registers and the loop-carried one are datapath too; a read of every bit keeps them.
	 */
	t = prune("  reg  [31:0] p4_1;\n  reg  [31:0] p4_m;\n  reg  [31:0] p4_2;\n"
	          "  always @(posedge clk) begin\n"
	          "    if (adv) p4_1 <= v4;\n"
	          "    if (adv) p4_m <= p4_1;\n"
	          "    if (adv) p4_2 <= p4_1;\n"
	          "  end\n"
	          "  assign out = p4_2;\n",
	          &sink);
	KT_CHECK(t && !strstr(t, "p4_m") && strstr(t, "p4_2 <= p4_1") && sink && !*sink,
	         "stage registers are pruned like any value", "\n%s\nsink \"%s\"", t ? t : "",
	         sink ? sink : "");
	free(t);
	free(sink);
	/* A bit-operation cell drives v21 (nothing reads it) and v22 (read): v21's cell and the value only it
	 * read (v20) go; a cell instance spread over lines cannot go alone, so its output stays. */
	t = prune("  wire [31:0] v20 = arg_0 ^ 32'h5;\n"
	          "  wire [31:0] v21;\n"
	          "  kiln_bitop #(.OP(\"ctpop\"), .W(32)) u_v21 (.a(v20), .y(v21));\n"
	          "  wire [31:0] v22;\n"
	          "  kiln_bitop #(.OP(\"ctlz\"), .W(32)) u_v22 (.a(arg_0), .y(v22));\n"
	          "  wire [31:0] v23;\n"
	          "  kiln_funnel #(.W(32), .LEFT(1)) u_v23 (.a(arg_0), .b(arg_0),\n"
	          "    .c(arg_1), .y(v23));\n"
	          "  assign m0_addr = v22;\n",
	          &sink);
	KT_CHECK(t && !strstr(t, "v21") && !strstr(t, "v20") && strstr(t, "u_v22 (.a(arg_0), .y(v22));"),
	         "an unread cell output goes with its instance, and the values only it read", "\n%s",
	         t ? t : "");
	KT_CHECK(t && strstr(t, ".y(v23));") && sink && strstr(sink, ", v23"),
	         "a cell instance over several lines stays, its output named in the sink", "\n%s\n\"%s\"",
	         t ? t : "", sink ? sink : "");
	free(t);
	free(sink);
	return KT_DONE();
}
