// SPDX-License-Identifier: Apache-2.0
/* kiln-opt: runs kiln-cc's passes (hls/pipeline/passes.h) by name on an IR file and prints the result, so
 * that each pass can be tested alone, IR in and IR out, with FileCheck (test/hls/lit). A developer's tool,
 * built for the tests and not installed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "../../host/common/board.h"
#include "../../host/common/version.h"
#include "../ir/ir_read.h"
#include "../ir/ir_util.h"
#include "../lower/points_to.h"
#include "../pipeline/passes.h"
#include "../support/diag.h"
#include "../support/xalloc.h"

static void usage(FILE *o)
{
	fprintf(o, "usage: kiln-opt -p PASS[,PASS...] [options] INPUT.ll|INPUT.bc|- [-o OUT.ll]\n"
	           "       kiln-opt --print-points-to INPUT.ll|INPUT.bc|-\n"
	           "\n"
	           "Runs kiln-cc's passes, by name and in the order given, on one module, and writes it as\n"
	           "text IR (to standard output without -o). The passes: kiln-cc --list-passes.\n"
	           "\n"
	           "options:\n"
	           "  --board NAME        the board the passes read (default: sim)\n"
	           "  --clock-period NS   the clock the passes read (default: the board's)\n"
	           "  --checks            as kiln-cc --checks\n"
	           "  --no-printf         as kiln-cc --no-printf\n"
	           "  --from-c            the per-input passes treat the module as compiled from C\n"
	           "  --no-verify         do not run LLVM's verifier after each pass\n"
	           "  --print-points-to   print each kernel's points-to sets (hls/lower/points_to.h)\n"
	           "                      after the passes, instead of the module\n"
	           "  -h, --help          this help\n"
	           "  --version           the release\n");
}

int main(int argc, char **argv)
{
	const char *in = NULL, *out = NULL, *board_name = "sim", *list = NULL;
	double clock = 0;
	int checks = 0, no_printf = 0, from_c = 0, verify = 1, points_to_only = 0;
	diag_program = "kiln-opt";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int more = i + 1 < argc;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "--version")) {
			kiln_print_version("kiln-opt");
			return 0;
		} else if (!strcmp(a, "-p") && more) {
			list = argv[++i];
		} else if (!strcmp(a, "-o") && more) {
			out = argv[++i];
		} else if (!strcmp(a, "--board") && more) {
			board_name = argv[++i];
		} else if (!strcmp(a, "--clock-period") && more) {
			clock = strtod(argv[++i], NULL);
		} else if (!strcmp(a, "--checks")) {
			checks = 1;
		} else if (!strcmp(a, "--no-printf")) {
			no_printf = 1;
		} else if (!strcmp(a, "--from-c")) {
			from_c = 1;
		} else if (!strcmp(a, "--no-verify")) {
			verify = 0;
		} else if (!strcmp(a, "--print-points-to")) {
			points_to_only = 1;
		} else if (a[0] == '-' && a[1]) {
			diag_error(NULL, 0, 0, "unknown option '%s' (see kiln-opt --help)", a);
			return 1;
		} else if (!in) {
			in = a;
		} else {
			diag_error(NULL, 0, 0, "only one input module is accepted");
			return 1;
		}
	}
	if ((!list && !points_to_only) || !in) {
		usage(stderr);
		return 1;
	}
	kiln_board_config board;
	char err[512];
	if (kiln_board_load(board_name, &board, err, sizeof err) != 0) {
		diag_error(NULL, 0, 0, "%s", err);
		return 1;
	}
	pass_opts po = {.board = &board,
	                .clock_ns = clock > 0 ? clock : board.clock_period_ns,
	                .checks = checks,
	                .print = !no_printf && kiln_board_has_debug_channel(&board),
	                .input = in,
	                .input_is_ir = !from_c};
	/* The passes named, all checked before any runs: one that would not run here is refused, so that a
	 * test never checks a pass that did nothing. */
	const pass **ps = NULL;
	int np = 0;
	for (const char *t = list; t && *t;) {
		size_t l = strcspn(t, ",");
		char name[64];
		snprintf(name, sizeof name, "%.*s", (int)(l < sizeof name ? l : sizeof name - 1), t);
		const pass *p = l < sizeof name ? pass_find(name) : NULL;
		if (!p)
			diag_error(NULL, 0, 0, "no pass '%.*s' (see kiln-cc --list-passes)", (int)l, t);
		else if (!pass_applies(p, &po))
			diag_error(NULL, 0, 0, "pass '%s' does not run here (see --checks and --from-c)",
			           name);
		ps = xrealloc(ps, (size_t)np + 1, sizeof *ps);
		ps[np++] = p;
		t += l + (t[l] == ',');
	}
	if (diag_errors()) {
		free(ps);
		kiln_board_free(&board);
		return 1;
	}
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMModuleRef mod = ir_read_file(ctx, in);
	int rc = mod ? 0 : 1;
	for (int i = 0; i < np && !rc; i++)
		rc = pass_run_one(mod, ps[i], &po, verify) != 0;
	FILE *pto = !rc && points_to_only ? (out && strcmp(out, "-") ? fopen(out, "w") : stdout) : NULL;
	if (!rc && points_to_only && !pto) {
		diag_error(out, 0, 0, "cannot write");
		rc = 1;
	}
	for (LLVMValueRef fn = pto ? LLVMGetFirstFunction(mod) : NULL; fn; fn = LLVMGetNextFunction(fn)) {
		if (!ir_is_defined_kernel(fn))
			continue;
		points_to pt;
		pt_collect(&pt, mod, fn);
		pt_solve(&pt);
		pt_print(&pt, pto);
		pt_free(&pt);
	}
	if (pto) {
		int bad = ferror(pto);
		bad |= (pto != stdout ? fclose(pto) : fflush(pto)) != 0;
		if (bad) {
			diag_error(out, 0, 0, "cannot write");
			rc = 1;
		}
	}
	if (!rc && !points_to_only) {
		char *msg = NULL;
		if (out && strcmp(out, "-")) {
			if (LLVMPrintModuleToFile(mod, out, &msg)) {
				diag_error(out, 0, 0, "cannot write: %s", msg);
				rc = 1;
			}
			LLVMDisposeMessage(msg);
		} else {
			char *text = LLVMPrintModuleToString(mod);
			rc = fputs(text, stdout) < 0 || fflush(stdout) != 0;
			LLVMDisposeMessage(text);
		}
	}
	if (mod)
		LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	kiln_board_free(&board);
	free(ps);
	return rc || diag_errors() ? 1 : 0;
}
