// SPDX-License-Identifier: Apache-2.0
/* rtl_check, the second wall (hls/package/rtl_check.h), on hand-made Verilog: Kiln's own cells pass, and a
 * system task, compiler directive or DPI import they do not use is refused with its line, while the same
 * text inside comments and strings is not code. Usage: rtl_check_test SRC_DIR (the cells are read from it).
 * The board shell (bsp/sim/rtl) is not an image's and is not checked: its `include would be refused, since an
 * included file escapes the check. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hls/package/rtl_check.h"
#include "test/harness.h"

static int check(const char *text, char *why, size_t n)
{
	why[0] = 0;
	return rtl_check(text, strlen(text), 0, why, n);
}

/* Every .v file of SRC/DIR passes; the number checked, or -1 when one fails or none is found. */
static int cells_pass(const char *src, const char *dir)
{
	char path[4096], why[300];
	snprintf(path, sizeof path, "%s/%s", src, dir);
	DIR *d = opendir(path);
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d));) {
		size_t l = strlen(e->d_name);
		if (l < 3 || strcmp(e->d_name + l - 2, ".v"))
			continue;
		snprintf(path, sizeof path, "%s/%s/%s", src, dir, e->d_name);
		size_t len = 0;
		char *t = kt_read_file(path, &len);
		int bad = !t || rtl_check(t, len, 0, why, sizeof why) != 0;
		KT_CHECK(!bad, e->d_name, "refused: %s", t ? why : "unreadable");
		free(t);
		n = bad || n < 0 ? -1 : n + 1;
	}
	if (d)
		closedir(d);
	return d ? n : -1;
}

int main(int argc, char **argv)
{
	const char *src = argc > 1 ? argv[1] : ".";
	char why[300];
	KT_CHECK(cells_pass(src, "rtl") > 0, "every cell in rtl/ passes", "see above");

	static const struct {
		const char *name, *text, *want;
	} refused[] = {
	    {"$system in an initial block", "module m;\n  initial $system(\"id > /tmp/x\");\nendmodule\n",
	     "line 2: the system task or function '$system'"},
	    {"Verilator's $c (inline C++)",
	     "module m;\n  initial begin\n    $c(\"system(0);\");\n  end\nendmodule\n",
	     "line 3: the system task or function '$c'"},
	    {"$display after a comment holding a quote", "// it's \"quoted\n/* a\n*/ initial $display(1);\n",
	     "line 3: the system task or function '$display'"},
	    {"a DPI import of another function",
	     "module m;\n  import \"DPI-C\" function int system(input string cmd);\nendmodule\n",
	     "line 2: a DPI declaration of 'system'"},
	    {"a DPI export", "module m;\n  export \"DPI-C\" function f;\nendmodule\n",
	     "a DPI declaration of 'f'"},
	    {"a DPI alias of an allowed name to another C function",
	     "module m;\n  import \"DPI-C\" system = function int kiln_init_find(input string "
	     "s);\nendmodule\n",
	     "line 2: a DPI declaration with an alias or a comment"},
	    {"a DPI import behind a comment",
	     "module m;\n  import /* x */ \"DPI-C\" function int system(input string s);\nendmodule\n",
	     "line 2: an import or export that is not a DPI-C function"},
	    {"a package import", "module m;\n  import p::*;\nendmodule\n",
	     "line 2: an import or export that is not a DPI-C function"},
	    {"Verilator's `systemc_implementation", "`systemc_implementation\nint x = system(\"id\");\n",
	     "line 1: the compiler directive '`systemc_implementation'"},
	    {"`include", "`include \"/etc/passwd\"\n", "line 1: the compiler directive '`include'"},
	    /* What the review found past the wall, each run by Verilator or honoured by yosys. */
	    {"a system task right after a number (#1$system)",
	     "module m;\n  initial #1$system(\"touch x\");\nendmodule\n",
	     "line 2: the system task or function '$system'"},
	    {"a system task after a based number", "module m;\n  initial #'h1$system(\"x\");\nendmodule\n",
	     "the system task or function '$system'"},
	    {"an identifier holding '$' (Kiln never writes one)", "module m;\n  wire a$system;\nendmodule\n",
	     "line 2: the system task or function '$system'"},
	    {"a string continued over a line break",
	     "module m;\n  localparam S = \"a\\\n\";  initial $system(\"x\"); // \";\nendmodule\n",
	     "line 2: a string over a line break"},
	    {"a string holding a raw line break", "module m;\n  localparam S = \"a\nb\";\nendmodule\n",
	     "line 2: a string over a line break"},
	    {"the profile's file tasks without --profile",
	     "module m;\n  integer fd;\n  initial fd = $fopen(\"/home/u/.bashrc\", \"w\");\nendmodule\n",
	     "line 3: the system task or function '$fopen'"},
	    {"a synthesis directive in a comment",
	     "module m(input a);\n  // synthesis translate_off\n  wire b;\nendmodule\n",
	     "line 2: the tool directive in a comment"},
	    {"a directive in a block comment, any case",
	     "module m;\n  /* Synopsys translate_off */\nendmodule\n",
	     "line 2: the tool directive in a comment"},
	    {"a Verilator directive Kiln does not write",
	     "module m;\n  // verilator public_flat_rw\nendmodule\n",
	     "line 2: the tool directive in a comment"},
	};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
		KT_CHECK(check(refused[i].text, why, sizeof why) != 0 && strstr(why, refused[i].want),
		         refused[i].name, "got \"%s\", want \"%s\"", why, refused[i].want);

	static const struct {
		const char *name, *text;
	} passed[] = {
	    {"$system inside comments and strings",
	     "// initial $system(\"x\");\n/* $system `include */\nmodule m;\n  localparam S = "
	     "\"$system(\\\"x\\\")\";\nendmodule\n"},
	    {"comments that only mention a directive, and Kiln's own Verilator ones",
	     "module m;\n  // argument synthesis translate_off\n  // verilator lint_off WIDTH\n"
	     "  wire [1:0] s /* verilator split_var */;\nendmodule\n"},
	    {"the RAM cells' DPI imports",
	     "module m;\n  import \"DPI-C\" function chandle kiln_init_find(input string name);\n"
	     "  import \"DPI-C\" function int kiln_init_word(input chandle handle, input int index);\n"
	     "`ifndef SYNTHESIS\n  integer fd;\n`endif\nendmodule\n"},
	    {"an escaped identifier holding $system", "module m;\n  wire \\a$system(1) ;\nendmodule\n"},
	};
	for (size_t i = 0; i < sizeof passed / sizeof passed[0]; i++)
		KT_CHECK(check(passed[i].text, why, sizeof why) == 0, passed[i].name, "refused: %s", why);
	static const char profile[] = "module m;\n  integer fd;\n  initial begin fd = $fopen(\"p\", \"a\"); "
	                              "$fwrite(fd, \"%s\", \"k\"); $fclose(fd); end\nendmodule\n";
	KT_CHECK(rtl_check(profile, strlen(profile), 1, why, sizeof why) == 0,
	         "the profile's file tasks with --profile", "refused: %s", why);
	return KT_DONE();
}
