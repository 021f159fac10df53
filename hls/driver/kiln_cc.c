/* kiln-cc: compiles C kernels with device globals into a Kiln device image (ARCHITECTURE: the hls arrow).
 * Stages: front end (clang-15) -> lowering -> link/inline -> post-link -> scheduling -> RTL -> system -> model ->
 * image. Intermediate outputs go to OUT.d/ beside the image. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "../../host/common/board.h"
#include "../../host/common/desc.h"
#include "../../host/common/image.h"
#include "../../host/common/propset.h"
#include "../../host/common/regmap.h"
#include "../cdfg/cdfg.h"
#include "../emit/emit_kernel.h"
#include "../frontend/frontend.h"
#include "../lower/lower.h"
#include "../package/package.h"
#include "../postlink/postlink.h"
#include "../schedule/schedule.h"
#include "../system/system.h"
#include "diag.h"

#define MAX_INPUTS 64
#define MAX_CFLAGS 128
#define MAX_RTL 256

static int slurp(const char *path, char **buf, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	FILE *m = open_memstream(buf, len);
	char b[8192];
	size_t n;
	while ((n = fread(b, 1, sizeof b, f)) > 0)
		fwrite(b, 1, n, m);
	fclose(m);
	fclose(f);
	return 0;
}

/* Writes module NAME's TEXT to DIR/NAME.v, appends it to FULL and records the path in FILES. */
static int write_module(const char *dir, const char *name, const char *text, size_t len, FILE *full,
			const char **files, int *nfiles)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/%s.v", dir, name);
	FILE *f = fopen(path, "w");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
		diag_error(path, 0, 0, "cannot write: %s", strerror(errno));
		return -1;
	}
	fwrite(text, 1, len, full);
	fputc('\n', full);
	if (*nfiles < MAX_RTL)
		files[(*nfiles)++] = strdup(path);
	return 0;
}

static void usage(FILE *o)
{
	fprintf(o, "usage: kiln-cc -o OUT.kimg [options] FILE.c|FILE.ll|FILE.bc ...\n"
		   "\n"
		   "Compiles C kernels (see kiln/device.h) into a Kiln device image for a board.\n"
		   "\n"
		   "options:\n"
		   "  -o FILE             the image to write (required)\n"
		   "  --board NAME        target board from configs/boards (default: sim)\n"
		   "  --clock-period NS   target clock period in ns (default: the board's)\n"
		   "  --stop-after STAGE  stop after ir | postlink | rtl and keep what was produced in FILE.d/\n"
		   "  -I DIR, -D NAME[=V] passed to the C front end (clang-15)\n"
		   "  -q                  no progress lines\n"
		   "  -h, --help          this help\n"
		   "\n"
		   "Outputs beside the image, in FILE.d/: device.ll (IR with DPC++ attributes and SPIR-V\n"
		   "decorations), image.prop (property sets), kiln_image.v (RTL), regmap.{json,h,md,rdl},\n"
		   "schedule.txt. Exit status 1 on any error, with file:line:col diagnostics.\n");
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f || fputs(text ? text : "", f) < 0 || fclose(f) != 0) {
		diag_error(path, 0, 0, "cannot write: %s", strerror(errno));
		return -1;
	}
	return 0;
}

static int is_kernel(LLVMValueRef fn)
{
	return LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-single-task-kernel", 23) ||
	       LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "sycl-nd-range-kernel", 20);
}

/* Hardware has no calls: every helper function is inlined into the kernels that use it. */
static int inline_all(LLVMModuleRef mod)
{
	LLVMContextRef ctx = LLVMGetModuleContext(mod);
	unsigned ai = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
	unsigned ni = LLVMGetEnumAttributeKindForName("noinline", 8);
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!LLVMCountBasicBlocks(fn) || is_kernel(fn))
			continue;
		LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, ni);
		LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, ai, 0));
	}
	LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
	LLVMPassBuilderOptionsSetLoopVectorization(po, 0);
	LLVMPassBuilderOptionsSetSLPVectorization(po, 0);
	LLVMPassBuilderOptionsSetLoopUnrolling(po, 0);
	LLVMErrorRef e = LLVMRunPasses(mod, "always-inline,default<O2>", NULL, po);
	LLVMDisposePassBuilderOptions(po);
	if (e) {
		char *m = LLVMGetErrorMessage(e);
		diag_error(NULL, 0, 0, "optimisation failed: %s", m);
		LLVMDisposeErrorMessage(m);
		return -1;
	}
	return 0;
}

static void image_name(const char *out, char *buf, size_t n)
{
	const char *b = strrchr(out, '/');
	b = b ? b + 1 : out;
	snprintf(buf, n, "%s", b);
	char *dot = strchr(buf, '.');
	if (dot)
		*dot = '\0';
}

int main(int argc, char **argv)
{
	const char *out = NULL, *board_name = NULL, *stop = NULL;
	const char *inputs[MAX_INPUTS], *cflags[MAX_CFLAGS];
	int ninputs = 0, ncflags = 0;
	double clock = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "-o") && i + 1 < argc) {
			out = argv[++i];
		} else if (!strcmp(a, "--board") && i + 1 < argc) {
			board_name = argv[++i];
		} else if (!strcmp(a, "--clock-period") && i + 1 < argc) {
			char *end;
			clock = strtod(argv[++i], &end);
			if (*end || clock <= 0) {
				diag_error(NULL, 0, 0, "--clock-period needs a positive number of ns");
				return 1;
			}
		} else if (!strcmp(a, "--stop-after") && i + 1 < argc) {
			stop = argv[++i];
			if (strcmp(stop, "ir") && strcmp(stop, "postlink") && strcmp(stop, "rtl")) {
				diag_error(NULL, 0, 0, "--stop-after takes ir, postlink or rtl");
				return 1;
			}
		} else if (!strcmp(a, "-q")) {
			diag_verbose = 0;
		} else if ((!strcmp(a, "-I") || !strcmp(a, "-D")) && i + 1 < argc && ncflags + 2 < MAX_CFLAGS) {
			cflags[ncflags++] = a;
			cflags[ncflags++] = argv[++i];
		} else if ((!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-std=", 5)) &&
			   ncflags < MAX_CFLAGS) {
			cflags[ncflags++] = a;
		} else if (a[0] == '-') {
			diag_error(NULL, 0, 0, "unknown option '%s' (see kiln-cc --help)", a);
			return 1;
		} else if (ninputs < MAX_INPUTS) {
			inputs[ninputs++] = a;
		}
	}
	if (!out || !ninputs) {
		usage(stderr);
		return 1;
	}

	kiln_board_config board;
	char err[512];
	if (kiln_board_load(board_name ? board_name : "sim", &board, err, sizeof err) != 0) {
		diag_error(NULL, 0, 0, "%s", err);
		return 1;
	}
	if (clock <= 0)
		clock = board.clock_period_ns;

	char workdir[4096], path[4200];
	snprintf(workdir, sizeof workdir, "%s.d", out);
	if (mkdir(workdir, 0777) != 0 && errno != EEXIST) {
		diag_error(workdir, 0, 0, "cannot create: %s", strerror(errno));
		return 1;
	}

	/* Front end and lowering, per translation unit; then one linked device module. */
	LLVMContextRef ctx = LLVMContextCreate();
	frontend_opts fo = {cflags, ncflags, workdir, NULL};
	LLVMModuleRef mod = NULL;
	for (int i = 0; i < ninputs; i++) {
		diag_progress("compiling %s", inputs[i]);
		LLVMModuleRef m = frontend_load(ctx, inputs[i], &fo);
		if (!m)
			continue;
		if (!frontend_is_ir(inputs[i]))
			lower_annotations(m, inputs[i]);
		if (!mod) {
			mod = m;
		} else if (LLVMLinkModules2(mod, m)) {
			diag_error(inputs[i], 0, 0, "cannot link with the other inputs (conflicting definitions)");
		}
	}
	if (diag_errors() || !mod)
		return 1;
	if (inline_all(mod) != 0)
		return 1;
	char *verr = NULL;
	if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &verr)) {
		diag_error(NULL, 0, 0, "invalid IR after optimisation: %s", verr);
		return 1;
	}
	LLVMDisposeMessage(verr);

	/* Post-link: device globals, decorations, property sets. */
	kiln_desc desc = {0};
	desc.board = strdup(board.name);
	desc.clock_period_ns = clock;
	postlink_collect_dgs(mod, &desc);
	postlink_add_spirv_decorations(mod);
	snprintf(path, sizeof path, "%s/device.ll", workdir);
	char *msg = NULL;
	if (LLVMPrintModuleToFile(mod, path, &msg)) {
		diag_error(path, 0, 0, "cannot write: %s", msg);
		return 1;
	}
	if (stop && !strcmp(stop, "ir"))
		return diag_errors() ? 1 : 0;
	kiln_propsets props = {0};
	postlink_dg_propset(&desc, &props);
	char *prop_text = kiln_propsets_format(&props);
	snprintf(path, sizeof path, "%s/image.prop", workdir);
	write_text(path, prop_text);
	if (diag_errors() || (stop && !strcmp(stop, "postlink")))
		return diag_errors() ? 1 : 0;

	/* HLS: one scheduled kernel per kernel function. */
	int nk = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		nk += is_kernel(fn) && LLVMCountBasicBlocks(fn) > 0;
	kfunc *ks = calloc((size_t)nk + 1, sizeof *ks);
	int k = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!is_kernel(fn) || !LLVMCountBasicBlocks(fn))
			continue;
		if (cdfg_build(mod, fn, &ks[k]) == 0)
			sched_run(&ks[k], clock);
		k++;
	}
	if (diag_errors())
		return 1;
	if (nk == 0)
		diag_note("no kernels in the inputs; the image holds only device globals");

	/* System: layout, register map, RTL with the image hash. */
	char iname[256];
	image_name(out, iname, sizeof iname);
	kiln_regmap regmap;
	if (system_layout(ks, nk, &desc, &regmap, iname) != 0)
		return 1;
	char *rtl = NULL, *top = NULL;
	size_t rtl_len = 0, top_len = 0;
	FILE *rf = open_memstream(&rtl, &rtl_len);
	for (int i = 0; i < nk; i++) {
		emit_kernel(&ks[i], rf);
		fputc('\n', rf);
	}
	fclose(rf);
	FILE *tf = open_memstream(&top, &top_len);
	system_emit_top(ks, nk, &desc, tf);
	fclose(tf);
	char *json0 = kiln_desc_to_json(&desc);
	uint64_t h = kiln_fnv64(KILN_FNV64_INIT, rtl, rtl_len);
	h = kiln_fnv64(h, top, top_len);
	h = kiln_fnv64(h, json0, strlen(json0));
	free(json0);
	desc.image_hash = h;
	for (size_t b = 0; b < regmap.nblocks; b++)
		for (size_t r = 0; r < regmap.blocks[b].nregs; r++) {
			kiln_reg *reg = &regmap.blocks[b].regs[r];
			if (!strcmp(reg->name, "IMAGE_HASH_LO"))
				reg->reset = (uint32_t)h;
			else if (!strcmp(reg->name, "IMAGE_HASH_HI"))
				reg->reset = (uint32_t)(h >> 32);
		}
	free(top);
	tf = open_memstream(&top, &top_len);
	system_emit_top(ks, nk, &desc, tf);
	fclose(tf);
	/* One file per module in OUT.d/rtl/ (lint wants file names to match modules); the image carries their
	 * concatenation, library modules included, so that it is self-contained. */
	char rtldir[4200];
	snprintf(rtldir, sizeof rtldir, "%s/rtl", workdir);
	mkdir(rtldir, 0777);
	const char *rtl_files[MAX_RTL];
	int nrtl = 0;
	char *fulltext = NULL;
	size_t fulllen = 0;
	FILE *full = open_memstream(&fulltext, &fulllen);
	if (write_module(rtldir, "kiln_image", top, top_len, full, rtl_files, &nrtl) != 0)
		return 1;
	for (int i = 0; i < nk; i++) {
		char *t = NULL, mname[300];
		size_t tl = 0;
		FILE *kf = open_memstream(&t, &tl);
		emit_kernel(&ks[i], kf);
		fclose(kf);
		emit_kernel_module_name(&ks[i], mname, sizeof mname);
		int rc = write_module(rtldir, mname, t, tl, full, rtl_files, &nrtl);
		free(t);
		if (rc != 0)
			return 1;
	}
	static const char *const lib[] = {"kiln_dg_store", "kiln_mem_arb"};
	for (size_t i = 0; i < sizeof lib / sizeof lib[0]; i++) {
		char lp[4096];
		char *t = NULL;
		size_t tl = 0;
		snprintf(lp, sizeof lp, "%s/rtl/%s.v", KILN_SOURCE_DIR, lib[i]);
		if (slurp(lp, &t, &tl) != 0) {
			diag_error(lp, 0, 0, "cannot read RTL library file");
			return 1;
		}
		int rc = write_module(rtldir, lib[i], t, tl, full, rtl_files, &nrtl);
		free(t);
		if (rc != 0)
			return 1;
	}
	fclose(full);

	static const struct {
		const char *ext;
		char *(*fn)(const kiln_regmap *);
	} exports[] = {{"json", kiln_regmap_to_json},
		       {"h", kiln_regmap_to_c_header},
		       {"md", kiln_regmap_to_markdown},
		       {"rdl", kiln_regmap_to_systemrdl}};
	for (size_t i = 0; i < sizeof exports / sizeof exports[0]; i++) {
		char *t = exports[i].fn(&regmap);
		snprintf(path, sizeof path, "%s/regmap.%s", workdir, exports[i].ext);
		write_text(path, t);
		free(t);
	}
	if (sched_report_write(ks, nk, workdir) != 0)
		diag_error(workdir, 0, 0, "cannot write the schedule report");
	if (diag_errors() || (stop && !strcmp(stop, "rtl")))
		return diag_errors() ? 1 : 0;

	/* Model and image. */
	uint8_t *model = NULL;
	size_t model_len = 0;
	if (package_build_model(&board, workdir, rtl_files, nrtl, &model, &model_len) != 0)
		return 1;
	char *json = kiln_desc_to_json(&desc);
	char *regjson = kiln_regmap_to_json(&regmap);
	kiln_image_writer *w = kiln_image_writer_new(board.name, desc.image_hash);
	if (!w || kiln_image_writer_add(w, KILN_SEC_META, json, strlen(json)) ||
	    kiln_image_writer_add(w, KILN_SEC_PROPS, prop_text, strlen(prop_text)) ||
	    kiln_image_writer_add(w, KILN_SEC_REGMAP, regjson, strlen(regjson)) ||
	    kiln_image_writer_add(w, KILN_SEC_RTL, fulltext, fulllen) ||
	    kiln_image_writer_add(w, KILN_SEC_MODEL, model, model_len) ||
	    kiln_image_writer_save(w, out, err, sizeof err)) {
		diag_error(out, 0, 0, "cannot write image: %s", err);
		return 1;
	}
	diag_progress("wrote %s (%d kernel%s, %zu device global%s, image hash %016llx)", out, nk, nk == 1 ? "" : "s",
		      desc.ndgs, desc.ndgs == 1 ? "" : "s", (unsigned long long)desc.image_hash);
	kiln_image_writer_free(w);
	free(json);
	free(regjson);
	free(fulltext);
	free(model);
	free(prop_text);
	free(rtl);
	free(top);
	for (int i = 0; i < nk; i++)
		kfunc_free(&ks[i]);
	free(ks);
	kiln_regmap_free(&regmap);
	kiln_desc_free(&desc);
	kiln_propsets_free(&props);
	kiln_board_free(&board);
	LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	return 0;
}
