// SPDX-License-Identifier: Apache-2.0
/* kiln-cc: compiles C kernels with device globals into Kiln device images (ARCHITECTURE: the hls arrow).
 * Stages: front end (clang-15) -> lowering -> link/inline -> post-link (split) -> per image: HLS -> system ->
 * model -> image file. Intermediate outputs go to OUT.d/ beside each image. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>

#include "../../host/common/board.h"
#include "../../host/common/contract.h"
#include "../../host/common/fileio.h"
#include "../../host/common/version.h"
#include "../frontend/frontend.h"
#include "../ir/ir_util.h"
#include "../lower/heap.h"
#include "../lower/recursion.h"
#include "../pipeline/passes.h"
#include "../postlink/postlink.h"
#include "../postlink/split.h"
#include "../single/single_source.h"
#include "../support/child.h"
#include "../support/diag.h"
#include "fabric.h"
#include "image_build.h"

#define MAX_INPUTS 64
#define MAX_CFLAGS 128

typedef struct cc_opts {
	const char *out, *board, *stop, *profile, *depfile;
	enum pipeline_stop stop_at; /* what --stop-after STOP names */
	const pass *stop_pass;      /* the pass it names, for STOP_AFTER_PASS */
	const pass *print_after;    /* --print-after PASS */
	int verify_each;            /* --verify-each */
	const char *inputs[MAX_INPUTS], *cflags[MAX_CFLAGS];
	int ninputs, ncflags;
	double clock;
	int no_pipeline, no_printf, checks, trace, no_bitstream;
	const char *fabric;       /* --fabric, or NULL: the board's */
	const char *report;       /* --report[=FAMILY]: "" for the fabric's family, NULL when not asked */
	uint32_t heap_bytes;      /* --heap-size, 0 for the default */
	uint32_t rom_max_bytes;   /* --onchip-rom-max, 0 for the board's */
	long dsp_max;             /* --dsp-max, -1 for the board's */
	unsigned recursion_depth; /* --recursion-depth, 0 for the default */
	int single_source;        /* --single-source: OUT is a host executable, its image OUT.kimg */
	int long32;               /* --data-model llp64: C's long is 32 bits in kernels */
	enum split_mode split;
	int print;              /* printf reaches the host: the board has a debug channel, no --no-printf */
	const char *print_note; /* why not, when that is worth a warning */
	const kiln_board_config *board_cfg; /* the board loaded from BOARD */
} cc_opts;

static void usage(FILE *o)
{
	fprintf(
	    o,
	    "usage: kiln-cc -o OUT.kimg [options] FILE.c|FILE.ll|FILE.bc ...\n"
	    "       kiln-cc --single-source -o PROGRAM [options] FILE.c\n"
	    "\n"
	    "Compiles C kernels (see kiln/device.h) into a Kiln device image for a board.\n"
	    "\n"
	    "options:\n"
	    "  -o FILE             the image to write (required)\n"
	    "  --single-source     FILE.c holds host code, kernels and device globals: build the\n"
	    "                      executable PROGRAM (device image embedded; also PROGRAM.kimg, and\n"
	    "                      PROGRAM.kimg.d/ with host.ll, footer.c, device-split.ll). See\n"
	    "                      docs/single-source.md\n"
	    "  --board NAME        target board, one of `kiln list` (default: sim)\n"
	    "  --clock-period NS   target clock period in ns (default: the board's); a period\n"
	    "                      shorter than one operation needs is warned of at its line\n"
	    "  --fabric NAME       the FPGA fabric whose delays the schedule fits the clock to: xc7, ice40\n"
	    "                      or ecp5 (default: the board's FPGA family; xc7 on a simulated board)\n"
	    "  --no-pipeline       do not overlap loop iterations (every loop runs one iteration at a time)\n"
	    "  --data-model MODEL  lp64 (default: long is 64 bits, as on the host) or llp64 (long is 32\n"
	    "                      bits, for C written for 32-bit long: its operators are half as wide;\n"
	    "                      pointers, size_t and long long stay 64 bits, the host's kernel ABI)\n"
	    "  --no-printf         kernels' printf, puts and putchar print nothing (they cost no hardware)\n"
	    "  --no-bitstream      a board with an FPGA: write the image without its bitstream (for a\n"
	    "                      co-simulated board; kiln program refuses it)\n"
	    "  --report[=FAMILY]   measure area (LUTs, FFs, block RAMs, DSPs per kernel and device\n"
	    "                      global) and estimate the clock with yosys, for FAMILY: xc7, ice40,\n"
	    "                      ecp5 or generic (default: the fabric's); IMAGE.kimg.d/area.json and\n"
	    "                      report.html show it; a repeat of the same RTL is taken from the cache\n"
	    "  --trace             build the simulation model with waveform support (KILN_TRACE); it\n"
	    "                      takes about as long again to compile\n"
	    "  --heap-size BYTES   the image's heap, when its kernels call malloc (K, M, G after the\n"
	    "                      number); a kernel's KILN_HEAP_SIZE(BYTES) may ask for more; 1M when\n"
	    "                      neither is given\n"
	    "  --onchip-rom-max BYTES\n"
	    "                      constant tables larger than this live in device memory instead of\n"
	    "                      block RAM (default: the board's fpga.rom_max_bytes, else 1M)\n"
	    "  --dsp-max N         the DSPs (multiplier cells) the image's multipliers may take: binding\n"
	    "                      shares multipliers beyond what the clock allows until they fit\n"
	    "                      (default: the board's fpga.dsps; no limit on a simulated board)\n"
	    "  --recursion-depth N the nested calls a recursive function's stack holds (default: %u); its\n"
	    "                      KILN_RECURSION_DEPTH(N) may ask for more\n"
	    "  --checks            checked build: an access outside its on-chip array stops the kernel with\n"
	    "                      its source line (CHStone: +4%% to +36%% cycles; see kiln-cc(1))\n"
	    "  --split MODE        device images: off (one for all kernels, default), per_source,\n"
	    "                      per_kernel; with more than one image they are OUT_0.kimg, OUT_1.kimg, "
	    "...\n"
	    "  --stop-after STAGE  stop after ir | postlink | schedule | rtl and keep what was produced in\n"
	    "                      FILE.d/ (ir: device.ll, linked and inlined, before post-link; schedule:\n"
	    "                      hls.ll, the IR HLS schedules, and kir.txt, the kernel IR with every\n"
	    "                      operation's step)\n"
	    "  --stop-after PASS   stop after that pass (see --list-passes), keeping its output as\n"
	    "                      FILE.d/PASS.ll (PASS.N.ll per input N for the per-input passes)\n"
	    "  --print-after PASS  keep the module after PASS as FILE.d/PASS.ll and go on\n"
	    "  --verify-each       run LLVM's verifier after every pass\n"
	    "  --list-passes       the passes, in the order they run, and what each does\n"
	    "  --profile FILE     simulation only: kernels append per-block execution counts and cycles to "
	    "FILE\n"
	    "                      after every run (for the benchmark's lower bounds; not synthesizable)\n"
	    "  -I DIR, -D NAME[=V], -U NAME, -include FILE, -isystem DIR, -std=STD, -W..., -w\n"
	    "                      passed to the C front end (clang-15)\n"
	    "  -ffast-math, -fassociative-math, -ffp-contract=MODE, and their -fno- forms\n"
	    "                      passed to clang: with reassociation allowed, a float sum or product\n"
	    "                      carried around a loop is split into partial results, so that the loop\n"
	    "                      need not wait for the adder every iteration\n"
	    "  -funroll-loops      unroll small loops of known trip count whole, as clang -O2 does: fewer\n"
	    "                      cycles, but each copy of a multiply in a pipelined loop is a multiplier\n"
	    "                      of its own (CHStone adpcm: 0.53x the cycles, 4x the DSPs). By default\n"
	    "                      only loops of at most 8 iterations (16 with tiny bodies) without\n"
	    "                      multiplications, divisions or floating point are unrolled whole;\n"
	    "                      -fno-unroll-loops unrolls none.\n"
	    "                      #pragma unroll, unroll N and nounroll decide for one loop either way\n"
	    "  --depfile FILE      write every file the inputs depend on (headers included) to FILE, in\n"
	    "                      make syntax\n"
	    "  -q                  no progress lines\n"
	    "  -h, --help          this help\n"
	    "  --version           the release\n"
	    "\n"
	    "Outputs beside the image, in FILE.d/: device.ll (IR with DPC++ attributes and SPIR-V\n"
	    "decorations), image.prop (property sets), rtl/*.v (one module per file), IMAGE.core (rtl/ as\n"
	    "a FuseSoC core), regmap.{json,h,md,rdl}, schedule.{txt,json}, binding.txt, kir.txt. Exit "
	    "status\n"
	    "1 on any error, with file:line:col diagnostics.\n",
	    RECURSION_DEFAULT_DEPTH);
}

/* --list-passes: the pass table, one line each. */
static void list_passes(void)
{
	static const char *const stage[] = {"per input", "linked", "per image"};
	size_t n = 0;
	const pass *t = pass_table(&n);
	for (size_t i = 0; i < n; i++) {
		unsigned w = t[i].when;
		const char *runs = w & PASS_FROM_C      ? "C inputs"
		                   : w & PASS_FROM_IR   ? "IR inputs"
		                   : w & PASS_IF_CHECKS ? "--checks"
		                                        : "always";
		printf("%-18s  %-10s  %-10s  %s\n", t[i].name, stage[t[i].stage], runs, t[i].what);
	}
}

/* The floating-point model options clang takes from the user (reassociation, contraction). */
static int fp_model_flag(const char *a)
{
	static const char *const flags[] = {
	    "-ffast-math",        "-fno-fast-math",   "-fassociative-math", "-fno-associative-math",
	    "-ffp-contract=fast", "-ffp-contract=on", "-ffp-contract=off"};
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if (!strcmp(a, flags[i]))
			return 1;
	return 0;
}

/* -funroll-loops or -fno-unroll-loops: 1 or 0 (clang takes it too), else -1. */
static int unroll_flag(const char *a)
{
	return !strcmp(a, "-funroll-loops") ? 1 : !strcmp(a, "-fno-unroll-loops") ? 0 : -1;
}

/* 0: go on, 1: stop with status 0 (help), -1: stop with status 1. */
static int parse_args(int argc, char **argv, cc_opts *o)
{
	memset(o, 0, sizeof *o);
	o->dsp_max = -1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int more = i + 1 < argc;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 1;
		} else if (!strcmp(a, "--version")) {
			kiln_print_version("kiln-cc");
			return 1;
		} else if (!strcmp(a, "-o") && more) {
			o->out = argv[++i];
		} else if (!strcmp(a, "--board") && more) {
			o->board = argv[++i];
		} else if (!strcmp(a, "--fabric") && more) {
			o->fabric = argv[++i];
		} else if (!strcmp(a, "--clock-period") && more) {
			char *end;
			o->clock = strtod(argv[++i], &end);
			if (*end || o->clock <= 0) {
				diag_error(NULL, 0, 0, "--clock-period needs a positive number of ns");
				return -1;
			}
		} else if ((!strcmp(a, "--data-model") && more) || !strncmp(a, "--data-model=", 13)) {
			const char *v = a[12] == '=' ? a + 13 : argv[++i];
			if (strcmp(v, "lp64") && strcmp(v, "llp64")) {
				char shown[256];
				diag_shown(v, strlen(v), shown, sizeof shown);
				diag_error(NULL, 0, 0, "--data-model is lp64 or llp64, not '%s'", shown);
				return -1;
			}
			o->long32 = !strcmp(v, "llp64");
		} else if ((!strcmp(a, "--split") && more) || !strncmp(a, "--split=", 8)) {
			const char *v = a[7] == '=' ? a + 8 : argv[++i];
			if (postlink_split_mode(v, &o->split) != 0) {
				diag_error(NULL, 0, 0,
				           "--split takes off, per_source or per_kernel, not '%s'", v);
				return -1;
			}
		} else if (!strcmp(a, "--stop-after") && more) {
			o->stop = argv[++i];
			if (pipeline_parse_stop(o->stop, &o->stop_at, &o->stop_pass) != 0) {
				diag_error(NULL, 0, 0,
				           "--stop-after takes ir, postlink, schedule, rtl or a pass (see "
				           "--list-passes), not '%s'",
				           o->stop);
				return -1;
			}
		} else if (!strcmp(a, "--print-after") && more) {
			if (o->print_after) {
				diag_error(NULL, 0, 0, "--print-after is given twice: it takes one pass");
				return -1;
			}
			if (!(o->print_after = pass_find(argv[++i]))) {
				diag_error(NULL, 0, 0,
				           "--print-after takes a pass (see --list-passes), not '%s'",
				           argv[i]);
				return -1;
			}
		} else if (!strcmp(a, "--verify-each")) {
			o->verify_each = 1;
		} else if (!strcmp(a, "--list-passes")) {
			list_passes();
			return 1;
		} else if (!strcmp(a, "--depfile") && more) {
			o->depfile = argv[++i];
		} else if (!strcmp(a, "--profile") && more) {
			o->profile = argv[++i];
		} else if (!strcmp(a, "--no-pipeline")) {
			o->no_pipeline = 1;
		} else if (!strcmp(a, "--trace")) {
			o->trace = 1;
		} else if (!strcmp(a, "--checks")) {
			o->checks = 1;
		} else if (!strcmp(a, "--onchip-rom-max") && more) {
			const char *size = argv[++i];
			if (heap_parse_size(size, strlen(size), &o->rom_max_bytes) != 0 ||
			    o->rom_max_bytes > KILN_ONCHIP_MEM_MAX_BYTES) {
				char shown[1024];
				diag_shown(size, strlen(size), shown, sizeof shown);
				diag_error(
				    NULL, 0, 0,
				    "--onchip-rom-max takes a number of bytes from 64 to 1M (K or M after "
				    "it), not '%s'",
				    shown);
				return -1;
			}
		} else if (!strcmp(a, "--dsp-max") && more) {
			const char *n = argv[++i];
			char *end;
			errno = 0;
			long v = strtol(n, &end, 10);
			if (!*n || *end || errno || v < 0 || v > 1000000) {
				char shown[1024];
				diag_shown(n, strlen(n), shown, sizeof shown);
				diag_error(NULL, 0, 0,
				           "--dsp-max takes a number of DSPs from 0 to 1000000, not '%s'",
				           shown);
				return -1;
			}
			o->dsp_max = v;
		} else if (!strcmp(a, "--heap-size") && more) {
			const char *size = argv[++i];
			if (heap_parse_size(size, strlen(size), &o->heap_bytes) != 0) {
				char shown[1024];
				diag_shown(size, strlen(size), shown, sizeof shown);
				diag_error(NULL, 0, 0,
				           "--heap-size takes a number of bytes from 64 to 2G (K, M or G "
				           "after it), not '%s'",
				           shown);
				return -1;
			}
		} else if (!strcmp(a, "--recursion-depth") && more) {
			const char *d = argv[++i];
			if (recursion_parse_depth(d, strlen(d), &o->recursion_depth) != 0) {
				char shown[1024];
				diag_shown(d, strlen(d), shown, sizeof shown);
				diag_error(NULL, 0, 0,
				           "--recursion-depth takes a number of calls from 1 to %u, not '%s'",
				           RECURSION_MAX_DEPTH, shown);
				return -1;
			}
		} else if (!strcmp(a, "--single-source")) {
			o->single_source = 1;
		} else if (!strcmp(a, "--no-printf")) {
			o->no_printf = 1;
		} else if (!strcmp(a, "--no-bitstream")) {
			o->no_bitstream = 1;
		} else if (!strcmp(a, "--report")) {
			o->report = "";
		} else if (!strncmp(a, "--report=", 9)) {
			area_family f;
			if (area_family_parse(a + 9, &f) != 0) {
				diag_error(NULL, 0, 0,
				           "--report=%s: no such family (xc7, ice40, ecp5 or generic)",
				           a + 9);
				return -1;
			}
			o->report = a + 9;
		} else if (!strcmp(a, "-q")) {
			diag_verbose = 0;
		} else if ((!strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U") ||
		            !strcmp(a, "-include") || !strcmp(a, "-isystem")) &&
		           more && o->ncflags + 2 < MAX_CFLAGS) {
			o->cflags[o->ncflags++] = a;
			o->cflags[o->ncflags++] = argv[++i];
		} else if ((!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) ||
		            !strncmp(a, "-std=", 5) || (!strncmp(a, "-W", 2) && strncmp(a, "-Wl,", 4)) ||
		            !strcmp(a, "-w") || fp_model_flag(a) || unroll_flag(a) >= 0) &&
		           o->ncflags < MAX_CFLAGS) {
			if (unroll_flag(a) >= 0)
				ir_set_loop_unrolling(unroll_flag(a));
			o->cflags[o->ncflags++] = a;
		} else if (a[0] == '-') {
			diag_error(NULL, 0, 0, "unknown option '%s' (see kiln-cc --help)", a);
			return -1;
		} else if (o->ninputs < MAX_INPUTS) {
			o->inputs[o->ninputs++] = a;
		} else {
			diag_error(NULL, 0, 0, "too many input files (at most %d)", MAX_INPUTS);
			return -1;
		}
	}
	if (argc < 2) {
		usage(stderr);
		return -1;
	}
	if (!o->out) {
		diag_error(NULL, 0, 0,
		           "no output file: name the image with -o FILE.kimg (see kiln-cc --help)");
		return -1;
	}
	const char *base = strrchr(o->out, '/');
	struct stat st;
	if (!*(base ? base + 1 : o->out)) {
		diag_error(NULL, 0, 0, "no output file name in -o '%s': use -o FILE.kimg", o->out);
		return -1;
	}
	if (stat(o->out, &st) == 0 && S_ISDIR(st.st_mode)) {
		diag_error(o->out, 0, 0, "cannot write the image: it is a directory (use -o FILE.kimg)");
		return -1;
	}
	if (!o->ninputs) {
		diag_error(NULL, 0, 0, "no input files: give kernel sources (.c) or device IR (.ll, .bc)");
		return -1;
	}
	if (o->single_source && (o->ninputs != 1 || frontend_is_ir(o->inputs[0]))) {
		diag_error(NULL, 0, 0,
		           "--single-source takes one C file (host code, kernels and device globals)");
		return -1;
	}
	/* The single-source split lowers its one module itself (hls/single), not pass by pass. */
	const pass *in_pass = o->stop_pass && o->stop_pass->stage == PASS_INPUT       ? o->stop_pass
	                      : o->print_after && o->print_after->stage == PASS_INPUT ? o->print_after
	                                                                              : NULL;
	if (o->single_source && in_pass) {
		diag_error(NULL, 0, 0,
		           "--single-source does not run the per-input pass '%s' on its own: stop or print "
		           "after a later pass",
		           in_pass->name);
		return -1;
	}
	for (int i = 0; o->long32 && i < o->ninputs; i++)
		if (frontend_is_ir(o->inputs[i])) {
			diag_error(
			    o->inputs[i], 0, 0,
			    "IR was compiled with its own data model (DPC++'s is LP64): --data-model llp64 "
			    "takes C sources only");
			return -1;
		}
	if (o->single_source && o->long32) {
		diag_error(NULL, 0, 0,
		           "--single-source shares its types with the host program, whose long is 64 bits: "
		           "--data-model llp64 cannot be used with it");
		return -1;
	}
	if (o->single_source && o->split != SPLIT_OFF) {
		diag_error(NULL, 0, 0,
		           "--single-source embeds one device image: --split cannot be used with it");
		return -1;
	}
	return 0;
}

/* The device flow from one lowered, linked device module to the inlined module post-link splits (NULL on
 * errors; MOD is consumed then). */
static LLVMModuleRef front_finish(LLVMModuleRef mod, const cc_opts *o, const char *workdir)
{
	pass_opts po = {.board = o->board_cfg,
	                .checks = o->checks,
	                .print = o->print,
	                .print_note = o->print_note,
	                .heap_bytes = o->heap_bytes,
	                .recursion_depth = o->recursion_depth,
	                .rom_max_bytes = o->rom_max_bytes};
	pass_control pc = {o->stop_pass, o->print_after, workdir, -1, o->verify_each};
	if (mod && !diag_errors() && passes_run(mod, PASS_LINKED, &po, &pc) >= 0)
		return mod;
	if (mod)
		LLVMDisposeModule(mod);
	return NULL;
}

/* Front end and lowering per translation unit, then one linked, inlined device module (NULL on errors, and
 * when --stop-after names a per-input pass: nothing is linked then). With --single-source, the device half
 * of the split; the host half goes to *HOST. */
static LLVMModuleRef front(LLVMContextRef ctx, const cc_opts *o, const char *workdir, LLVMModuleRef *host,
                           single_host *info)
{
	frontend_opts fo = {o->cflags, o->ncflags, workdir, NULL, o->depfile, o->out, 0, NULL, o->long32};
	if (o->single_source) {
		diag_input(o->inputs[0]);
		diag_progress("compiling %s (single source)", o->inputs[0]);
		return front_finish(single_front(ctx, o->inputs[0], &fo, host, info), o, workdir);
	}
	if (o->depfile) {
		FILE *d = fopen(o->depfile, "w");
		if (!d || fclose(d) != 0) {
			diag_error(o->depfile, 0, 0, "cannot write: %s", strerror(errno));
			return NULL;
		}
	}
	LLVMModuleRef mod = NULL;
	int stop_input = o->stop_pass && o->stop_pass->stage == PASS_INPUT;
	for (int i = 0; i < o->ninputs; i++) {
		diag_input(o->inputs[i]);
		diag_progress("compiling %s", o->inputs[i]);
		LLVMModuleRef m = frontend_load(ctx, o->inputs[i], &fo);
		if (!m)
			continue;
		/* Every input is lowered and reported on, whatever an earlier one did. */
		pass_opts po = {.board = o->board_cfg,
		                .input = o->inputs[i],
		                .input_is_ir = frontend_is_ir(o->inputs[i])};
		pass_control pc = {o->stop_pass, o->print_after, workdir, o->ninputs > 1 ? i : -1,
		                   o->verify_each};
		passes_run(m, PASS_INPUT, &po, &pc);
		if (stop_input) {
			LLVMDisposeModule(m);
			continue;
		}
		if (!mod)
			mod = m;
		else if (LLVMLinkModules2(mod, m)) /* consumes m */
			diag_error(o->inputs[i], 0, 0,
			           "cannot link with the other inputs (conflicting definitions)");
	}
	return stop_input ? NULL : front_finish(mod, o, workdir);
}

/* Every output is built in a staging folder beside OUT (same file system, so renames are atomic) and moved
 * into place only once the whole compile has succeeded: a failed compile leaves the previous images and
 * folders as they were, and a successful one leaves no file of an earlier run in a folder. */
static int staging_create(const char *out, char *dir, size_t len)
{
	const char *slash = strrchr(out, '/');
	int dlen = slash ? (int)(slash - out) + 1 : 0;
	snprintf(dir, len, "%.*s.%s.kiln-tmp.%d", dlen, out, slash ? slash + 1 : out, (int)getpid());
	if (mkdir(dir, 0777) != 0) {
		diag_error(out, 0, 0, "cannot create (staging folder %s): %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

/* The staging folder of this run, for the signal handler: an interrupted compile (Ctrl-C, a closed pipe,
 * kill) removes it too. Removing a tree is not async-signal-safe, so the handler runs rm in a child; it
 * retries because the model build, killed with the same process group, may still be writing into it. */
static char staging_dir[4200];
/* The dependency list being written (--depfile), removed the same way. */
static char dep_tmp[4300];

static void staging_on_signal(int sig)
{
	child_stop(); /* the model build or bitstream flow, in a process group of its own */
	if (dep_tmp[0])
		unlink(dep_tmp);
	static char *const env[] = {NULL};
	char *const av[] = {"rm", "-rf", staging_dir, NULL};
	for (int try = 0; try < 5 && access(staging_dir, F_OK) == 0; try++) {
		pid_t pid = fork();
		if (pid == 0) {
			execve("/bin/rm", av, env);
			_exit(127);
		}
		if (pid > 0)
			waitpid(pid, NULL, 0);
		struct timespec pause = {0, 100000000};
		nanosleep(&pause, NULL);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The process that set the guard up: a child that calls exit() (LLVM's fatal errors in the IR reader's
 * trial child do) must not remove its parent's staging. */
static pid_t staging_owner;

/* A compile that exits early (xalloc.h's out of memory) leaves nothing either. */
static void staging_at_exit(void)
{
	if (getpid() != staging_owner)
		return;
	if (dep_tmp[0])
		unlink(dep_tmp);
	if (staging_dir[0])
		kiln_remove_tree(staging_dir);
}

static void staging_guard(const char *dir)
{
	snprintf(staging_dir, sizeof staging_dir, "%s", dir);
	if (!staging_owner) {
		staging_owner = getpid();
		atexit(staging_at_exit);
	}
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		struct sigaction sa = {.sa_handler = staging_on_signal};
		sigemptyset(&sa.sa_mask);
		for (size_t j = 0; j < sizeof sigs / sizeof sigs[0]; j++)
			sigaddset(&sa.sa_mask, sigs[j]);
		struct sigaction old;
		/* A signal the caller ignores (a background job's SIGINT) stays ignored. */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
}

/* Where FINAL is built inside staging folder STAGE; -1 when the path does not fit. */
static int staged_path(const char *stage, const char *final, char *buf, size_t len)
{
	const char *slash = strrchr(final, '/');
	int n = snprintf(buf, len, "%s/%s", stage, slash ? slash + 1 : final);
	if (n < 0 || (size_t)n >= len) {
		diag_error(final, 0, 0, "path too long");
		return -1;
	}
	return 0;
}

enum publish_kind {
	PUBLISH_IMAGE,    /* FINAL and FINAL.d/ */
	PUBLISH_FOLDER,   /* FINAL.d/ only (the front end's folder of a split) */
	PUBLISH_NO_IMAGE, /* FINAL.d/ only, and an older FINAL goes (--stop-after: no image to pair it with)
	                   */
};

/* Moves STAGED(.d) over FINAL(.d); the old folder goes into the staging folder, removed with it. */
static int publish(const char *stage, const char *staged, const char *final, enum publish_kind kind, int i)
{
	char sd[4300], fd[4300], old[4400];
	struct stat st;
	snprintf(sd, sizeof sd, "%s.d", staged);
	snprintf(fd, sizeof fd, "%s.d", final);
	snprintf(old, sizeof old, "%s/previous-%d.d", stage, i);
	int moved = 0;
	if (stat(sd, &st) == 0) {
		if (lstat(fd, &st) == 0 && rename(fd, old) != 0) {
			diag_error(fd, 0, 0, "cannot replace: %s", strerror(errno));
			return -1;
		}
		if (rename(sd, fd) != 0) {
			diag_error(fd, 0, 0, "cannot write: %s", strerror(errno));
			rename(old, fd);
			return -1;
		}
		moved = 1;
	}
	if (kind == PUBLISH_IMAGE && rename(staged, final) != 0) {
		diag_error(final, 0, 0, "cannot write: %s", strerror(errno));
		/* The new folder without its image would be half an output: the old folder goes back. */
		if (moved && rename(fd, sd) == 0)
			rename(old, fd);
		return -1;
	}
	if (kind == PUBLISH_NO_IMAGE && unlink(final) != 0 && errno != ENOENT) {
		diag_error(final, 0, 0, "cannot remove the previous image: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* OUT for a single image; OUT_<i>.kimg (before the extension) when the split gives several. */
static void image_path(const char *out, int i, int n, char *buf, size_t len)
{
	if (n == 1) {
		snprintf(buf, len, "%s", out);
		return;
	}
	const char *slash = strrchr(out, '/');
	const char *dot = strrchr(slash ? slash : out, '.');
	int stem = dot ? (int)(dot - out) : (int)strlen(out);
	snprintf(buf, len, "%.*s_%d%s", stem, out, i, dot ? dot : "");
}

int main(int argc, char **argv)
{
	cc_opts o;
	int p = parse_args(argc, argv, &o);
	if (p)
		return p > 0 ? 0 : 1;
	/* A single-source program's image is PROGRAM.kimg; from here on OUT names it, as in a device compile.
	 */
	char img_out[4200];
	const char *exe = NULL;
	if (o.single_source) {
		snprintf(img_out, sizeof img_out, "%s.kimg", o.out);
		exe = o.out;
		o.out = img_out;
	}
	kiln_board_config board;
	char err[512], stage[4200], front_out[4300], workdir[4400];
	if (kiln_board_load(o.board ? o.board : "sim", &board, err, sizeof err) != 0) {
		diag_error(NULL, 0, 0, "%s", err);
		return 1;
	}
	o.board_cfg = &board;
	if (driver_select_fabric(&board, o.fabric) != 0) {
		kiln_board_free(&board);
		return 1;
	}
	char note[300];
	o.print = !o.no_printf && kiln_board_has_debug_channel(&board);
	snprintf(note, sizeof note,
	         "board '%s' has no debug channel: printf output is dropped (and exit, abort and assert "
	         "end the kernel without a status)",
	         board.name);
	o.print_note = o.no_printf ? NULL : note;
	if (staging_create(o.out, stage, sizeof stage) != 0) {
		kiln_board_free(&board);
		return 1;
	}
	staging_guard(stage);
	/* The front end's files go to OUT.d/ (staged); a single image's build reuses that folder. */
	int rc = staged_path(stage, o.out, front_out, sizeof front_out) ? 1 : 0;
	snprintf(workdir, sizeof workdir, "%s.d", front_out);
	if (!rc && mkdir(workdir, 0777) != 0) {
		diag_error(workdir, 0, 0, "cannot create: %s", strerror(errno));
		rc = 1;
	}
	LLVMContextRef ctx = LLVMContextCreate();
	/* The dependency list is written beside its final name and moved there only when the compile
	 * succeeds, like every other output. */
	char dep_final[4300] = "";
	if (o.depfile) {
		snprintf(dep_final, sizeof dep_final, "%s", o.depfile);
		snprintf(dep_tmp, sizeof dep_tmp, "%s.kiln-tmp.%d", o.depfile, (int)getpid());
		o.depfile = dep_tmp;
	}
	LLVMModuleRef host = NULL;
	single_host sinfo = {0};
	/* --stop-after ends the flow before post-link: nothing is split, and only OUT.d/ is published. */
	int early = o.stop_at == STOP_IR || (o.stop_pass && o.stop_pass->stage != PASS_IMAGE);
	LLVMModuleRef mod = rc ? NULL : front(ctx, &o, workdir, &host, &sinfo);
	rc = rc || diag_errors() || (!mod && !(o.stop_pass && o.stop_pass->stage == PASS_INPUT)) ? 1 : 0;
	/* --stop-after ir: the linked, inlined module, before post-link splits and decorates it. */
	if (!rc && o.stop_at == STOP_IR) {
		char path[4500], *msg = NULL;
		snprintf(path, sizeof path, "%s/device.ll", workdir);
		if (LLVMPrintModuleToFile(mod, path, &msg)) {
			diag_error(path, 0, 0, "cannot write: %s", msg);
			rc = 1;
		}
		LLVMDisposeMessage(msg);
	}
	LLVMModuleRef *imgs = NULL;
	int n = 0;
	if (!rc && !early &&
	    (postlink_check_dgs(mod) != 0 || postlink_check_image_scope(mod, o.split, SPLIT_FOR_HLS) != 0))
		rc = 1;
	if (!rc && !early) {
		n = postlink_split(mod, o.split, SPLIT_FOR_HLS, &imgs, NULL);
		rc = n < 1 ? 1 : 0;
	}
	image_build_opts bo = {.board = &board,
	                       .clock_ns = o.clock > 0 ? o.clock : board.clock_period_ns,
	                       .stop = o.stop_at,
	                       .stop_pass = o.stop_pass,
	                       .print_after = o.print_after,
	                       .verify_each = o.verify_each,
	                       .profile = o.profile,
	                       .no_pipeline = o.no_pipeline,
	                       .checks = o.checks,
	                       .trace = o.trace,
	                       .no_bitstream = o.no_bitstream,
	                       .report = o.report != NULL,
	                       .dsps = o.dsp_max >= 0                        ? o.dsp_max
	                               : board.fpga.family != KILN_FPGA_NONE ? (long)board.fpga.dsps
	                                                                     : -1};
	const char *c_inputs[MAX_INPUTS];
	for (int i = 0; i < o.ninputs; i++)
		if (!frontend_is_ir(o.inputs[i]))
			c_inputs[bo.nsources++] = o.inputs[i];
	bo.sources = c_inputs;
	/* --report's family: the one named, else the fabric's (its names are area families too) */
	if (o.report && area_family_parse(*o.report ? o.report : driver_fabric_name(&board, o.fabric),
	                                  &bo.report_family) != 0)
		bo.report_family = AREA_GENERIC;
	for (int i = 0; i < n && !rc; i++) {
		char path[4200], staged[4400];
		image_path(o.out, i, n, path, sizeof path);
		rc = staged_path(stage, path, staged, sizeof staged) ||
		     image_build(imgs[i], staged, path, &bo);
	}
	/* The host program is linked with the staged image, which it embeds; it moves into place last. */
	char staged_exe[4400] = "";
	if (!rc && exe) {
		char staged_img[4400];
		rc = staged_path(stage, o.out, staged_img, sizeof staged_img) ||
		     staged_path(stage, exe, staged_exe, sizeof staged_exe) ||
		     single_link(host, &sinfo, workdir, o.stop ? o.out : staged_img,
		                 o.stop ? NULL : staged_exe, o.inputs[0]);
	}
	enum publish_kind kind = o.stop ? PUBLISH_NO_IMAGE : PUBLISH_IMAGE;
	if (!rc && (n > 1 || early))
		rc = publish(stage, front_out, o.out, early ? PUBLISH_NO_IMAGE : PUBLISH_FOLDER, n) ? 1 : 0;
	for (int i = 0; i < n && !rc; i++) {
		char path[4200], staged[4400];
		image_path(o.out, i, n, path, sizeof path);
		rc = staged_path(stage, path, staged, sizeof staged) || publish(stage, staged, path, kind, i);
	}
	if (exe && !o.stop && !rc && rename(staged_exe, exe) != 0) {
		diag_error(exe, 0, 0, "cannot write: %s", strerror(errno));
		rc = 1;
	}
	if (o.depfile && !rc && rename(o.depfile, dep_final) != 0) {
		diag_error(dep_final, 0, 0, "cannot write: %s", strerror(errno));
		rc = 1;
	}
	if (o.depfile)
		unlink(o.depfile); /* gone already unless the compile failed */
	if (kiln_remove_tree(stage) != 0)
		diag_error(stage, 0, 0, "cannot remove the staging folder: %s", strerror(errno));
	staging_dir[0] = dep_tmp[0] = '\0';
	for (int i = 0; i < n; i++)
		if (imgs[i] != mod)
			LLVMDisposeModule(imgs[i]);
	free(imgs);
	if (mod)
		LLVMDisposeModule(mod);
	if (host)
		LLVMDisposeModule(host);
	single_host_free(&sinfo);
	LLVMContextDispose(ctx);
	kiln_board_free(&board);
	return rc;
}
