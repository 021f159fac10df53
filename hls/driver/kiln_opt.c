// SPDX-License-Identifier: Apache-2.0
/* kiln-opt: runs kiln-cc's passes (hls/pipeline/passes.h) by name on an IR file and prints the result, so
 * that each pass can be tested alone, IR in and IR out, with FileCheck (test/hls/lit); and runs the HLS
 * stages after them (kernel IR, if-conversion, scheduling, binding, the kernel emitter) on kernel IR text
 * (opt_stages.h), text in and text out. A developer's tool, built for the tests and not installed. */
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
#include "delay_query.h"
#include "fabric.h"
#include "opt_stages.h"

static void usage(FILE *o)
{
	fprintf(o,
	        "usage: kiln-opt -p PASS[,PASS...] [options] INPUT.ll|INPUT.bc|- [-o OUT.ll]\n"
	        "       kiln-opt --print-points-to INPUT.ll|INPUT.bc|-\n"
	        "       kiln-opt --cdfg INPUT.ll|INPUT.bc|- [--run STAGES] [stage options] [-o OUT]\n"
	        "       kiln-opt --kir INPUT.kir|- [--run STAGES] [stage options] [-o OUT]\n"
	        "       kiln-opt [--fabric NAME] --delay OP WIDTH [ABITS BBITS]\n"
	        "\n"
	        "Runs kiln-cc's passes, by name and in the order given, on one module, and writes it as\n"
	        "text IR (to standard output without -o). The passes: kiln-cc --list-passes.\n"
	        "\n"
	        "With --cdfg or --kir it runs the HLS stages instead, on text: --cdfg builds the kernel\n"
	        "IR of each kernel of a module as HLS gets it (kiln-cc --stop-after schedule keeps it as\n"
	        "FILE.kimg.d/hls.ll), --kir reads kernel IR text (kir.txt, docs/compiler.md). Then the\n"
	        "stages of --run, in order (kiln-cc runs ifconv,wiloop,schedule,rtl):\n"
	        "  partition           apply the arrays' partitioning directives (--cdfg has already)\n"
	        "  ifconv              if-convert the ifs inside loops\n"
	        "  wiloop              a one-dimensional nd-range kernel's work-items as a loop\n"
	        "  schedule            schedule (and check it with the schedule verifier)\n"
	        "  bind                print the binding: ports, requests, tags, states, registers,\n"
	        "                      floating-point units, multipliers, dividers\n"
	        "  rtl                 print each kernel's Verilog module\n"
	        "and prints the kernel IR text after the last (without --run: as read). bind and rtl read\n"
	        "the schedule in the text unless schedule runs before them (its references and ranges\n"
	        "are checked, not its timing: the text rounds times to 0.01 ns).\n"
	        "stage options:\n"
	        "  --run STAGES        comma-separated stages, as above\n"
	        "  --clock-period NS   the clock to schedule for (default: the text's, else the board's)\n"
	        "  --no-pipeline       as kiln-cc --no-pipeline: loops are scheduled sequentially\n"
	        "\n"
	        "--delay prints the scheduler's delay in ns of one operation (its kernel IR name) of\n"
	        "WIDTH bits, a multiplication's of ABITS x BBITS (scripts/calibrate-delays), on the\n"
	        "fabric --fabric names (before it; default xc7); OP step: what a step holds besides its\n"
	        "chain; OP mul-cells: not a delay but the fabric's multiplier cells (DSPs) a WIDTH-bit\n"
	        "product of ABITS x BBITS takes, as binding counts them for the board's DSP budget.\n"
	        "\n"
	        "options:\n"
	        "  --board NAME        the board the passes read (default: sim)\n"
	        "  --clock-period NS   the clock the passes read (default: the board's)\n"
	        "  --fabric NAME       as kiln-cc --fabric (default: the board's FPGA family, else xc7)\n"
	        "  --checks            as kiln-cc --checks\n"
	        "  --no-printf         as kiln-cc --no-printf\n"
	        "  --from-c            the per-input passes treat the module as compiled from C\n"
	        "  --no-verify         do not run LLVM's verifier after each pass\n"
	        "  --print-points-to   print each kernel's points-to sets (hls/lower/points_to.h)\n"
	        "                      after the passes, instead of the module\n"
	        "  -h, --help          this help\n"
	        "  --version           the release\n");
}

/* Writes TEXT (LEN bytes) to OUT (NULL or "-": standard output) whole, or reports why not: every output is
 * rendered first, so that a failure leaves no half-written OUT. 0 or 1. */
static int write_out(const char *out, const char *text, size_t len)
{
	FILE *w = out && strcmp(out, "-") ? fopen(out, "w") : stdout;
	int bad = !w || fwrite(text, 1, len, w) != len;
	bad |= w && (w != stdout ? fclose(w) : fflush(w)) != 0;
	if (bad)
		diag_error(out ? out : "<stdout>", 0, 0, "cannot write");
	return bad;
}

/* kiln-opt --cdfg|--kir: the HLS stages on text (opt_stages.h), written to OUT (NULL or "-": standard
 * output). */
static int stages_main(const char *cdfg_in, const char *kir_in, const char *run, double clock,
                       int no_pipeline, kiln_board_config *board, const char *out)
{
	opt_stages o = {
	    .run = run, .clock_ns = clock, .default_ns = board->clock_period_ns, .no_pipeline = no_pipeline};
	/* The text is written only when every kernel went through: a failure leaves no half-written OUT. */
	int rc = 1;
	char *text = NULL;
	size_t len = 0;
	FILE *fo = opt_stages_check(run) == 0 ? open_memstream(&text, &len) : NULL;
	if (fo) {
		rc = cdfg_in ? opt_stages_from_ir(cdfg_in, &o, fo) : opt_stages_from_text(kir_in, &o, fo);
		if (fclose(fo) != 0)
			rc = 1;
	}
	if (!rc && !diag_errors())
		rc = write_out(out, text, len);
	free(text);
	kiln_board_free(board);
	return rc || diag_errors() ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *in = NULL, *out = NULL, *board_name = "sim", *list = NULL, *fabric = NULL;
	double clock = 0;
	int checks = 0, no_printf = 0, from_c = 0, verify = 1, points_to_only = 0, no_pipeline = 0;
	const char *cdfg_in = NULL, *kir_in = NULL, *run = NULL;
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
		} else if (!strcmp(a, "--fabric") && more) {
			fabric = argv[++i];
			if (driver_select_fabric(NULL, fabric) != 0) /* now, for a --delay that follows */
				return 1;
		} else if (!strcmp(a, "--clock-period") && more) {
			char *e;
			clock = strtod(argv[++i], &e);
			if (*e || !(clock > 0)) {
				diag_error(NULL, 0, 0,
				           "--clock-period takes a period in ns above 0, not '%s'", argv[i]);
				return 1;
			}
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
		} else if (!strcmp(a, "--cdfg") && more) {
			cdfg_in = argv[++i];
		} else if (!strcmp(a, "--kir") && more) {
			kir_in = argv[++i];
		} else if (!strcmp(a, "--run") && more) {
			run = argv[++i];
		} else if (!strcmp(a, "--no-pipeline")) {
			no_pipeline = 1;
		} else if (!strcmp(a, "--delay") && i + 2 < argc) {
			int mul = i + 4 < argc && argv[i + 3][0] != '-';
			return delay_query(argv[i + 1], argv[i + 2], mul ? argv[i + 3] : NULL,
			                   mul ? argv[i + 4] : NULL, stdout);
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
	if (cdfg_in || kir_in) {
		if ((cdfg_in && kir_in) || in || list || points_to_only) {
			diag_error(NULL, 0, 0,
			           "--cdfg and --kir take the one input and go without -p and "
			           "--print-points-to");
			return 1;
		}
	} else if ((!list && !points_to_only) || !in || run || no_pipeline) {
		if (run || no_pipeline)
			diag_error(NULL, 0, 0, "--run and --no-pipeline go with --cdfg or --kir");
		usage(stderr);
		return 1;
	}
	kiln_board_config board;
	char err[512];
	if (kiln_board_load(board_name, &board, err, sizeof err) != 0) {
		diag_error(NULL, 0, 0, "%s", err);
		return 1;
	}
	if (driver_select_fabric(&board, fabric) != 0) {
		kiln_board_free(&board);
		return 1;
	}
	if (cdfg_in || kir_in)
		return stages_main(cdfg_in, kir_in, run, clock, no_pipeline, &board, out);
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
	char *text = NULL;
	size_t len = 0;
	if (!rc && points_to_only) {
		FILE *pto = open_memstream(&text, &len);
		for (LLVMValueRef fn = pto ? LLVMGetFirstFunction(mod) : NULL; fn;
		     fn = LLVMGetNextFunction(fn)) {
			if (!ir_is_defined_kernel(fn))
				continue;
			points_to pt;
			pt_collect(&pt, mod, fn);
			pt_solve(&pt);
			pt_print(&pt, pto);
			pt_free(&pt);
		}
		rc = !pto || fclose(pto) != 0 ? 1 : write_out(out, text, len);
		free(text);
	} else if (!rc) {
		char *ir = LLVMPrintModuleToString(mod);
		rc = write_out(out, ir, strlen(ir));
		LLVMDisposeMessage(ir);
	}
	if (mod)
		LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	kiln_board_free(&board);
	free(ps);
	return rc || diag_errors() ? 1 : 0;
}
