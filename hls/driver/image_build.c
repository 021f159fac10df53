// SPDX-License-Identifier: Apache-2.0
#include "image_build.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../host/common/contract.h"
#include "../../host/common/desc.h"
#include "../../host/common/fileio.h"
#include "../../host/common/image.h"
#include "../../host/common/paths.h"
#include "../../host/common/propset.h"
#include "../../host/common/regmap.h"
#include "../../host/common/strbuf.h"
#include "../../host/common/text_escape.h"
#include "../cdfg/cdfg.h"
#include "../cdfg/ifconv.h"
#include "../cdfg/wi_loop.h"
#include "../emit/dsp_share.h"
#include "../emit/emit_kernel.h"
#include "../emit/names.h"
#include "../emit/rtl_wrap.h"
#include "../ir/ir_util.h"
#include "../lower/debug_channel.h"
#include "../lower/heap.h"
#include "../lower/recursion.h"
#include "../package/fusesoc.h"
#include "../package/meminit.h"
#include "../package/package.h"
#include "../package/rtl_check.h"
#include "../postlink/input_names.h"
#include "../postlink/postlink.h"
#include "../report/html_report.h"
#include "../schedule/dump.h"
#include "../schedule/schedule.h"
#include "../schedule/verify.h"
#include "../support/diag.h"
#include "../system/system.h"

#define MAX_RTL 256

/* The hand-written cells (rtl/) an image carries beside its generated modules: the first N_BASE_CELLS in
 * every image, the floating-point units and their parts in images whose kernels compute in floating
 * point. */
static const char *const lib_cells[] = {
    "kiln_dg_store",    "kiln_dg_ram",    "kiln_ram",       "kiln_ram_dp",    "kiln_div",
    "kiln_bitop",       "kiln_funnel",    "kiln_fifo",      "kiln_copy",      "kiln_mem_arb",
    "kiln_port_arb",    "kiln_mmio_resp", "kiln_fadd",      "kiln_fmul",      "kiln_fma",
    "kiln_fdiv",        "kiln_fsqrt",     "kiln_fp_rint",   "kiln_fp_resize", "kiln_fp_to_int",
    "kiln_fp_from_int", "kiln_fp_unpack", "kiln_fp_lshift", "kiln_fp_norm",   "kiln_fp_round",
    "kiln_fp_result"};
#define N_LIB_CELLS (sizeof lib_cells / sizeof lib_cells[0])
#define N_BASE_CELLS 12

/* Everything one image build owns, released in one place whatever stage stopped it. */
typedef struct build {
	const image_build_opts *o;
	const char *out;   /* where the image is written (a staging folder) */
	const char *shown; /* where the driver puts it, for messages */
	char workdir[4096];
	kiln_desc desc;
	kiln_propsets props;
	char *prop_text;
	kfunc *ks;
	int nk;
	kiln_regmap regmap;
	int have_regmap;
	char *rtl_files[MAX_RTL];
	int nrtl;
	char *fulltext;
	size_t fulllen;
	meminit *inits; /* initial contents of the on-chip memories (files in rtl/, a C file for the model) */
	int ninits;
	char init_c[4200];
	char *memh;  /* the MEMH section: every init file, concatenated */
	char **lib;  /* the library cells' texts, lib_cells order */
	size_t nlib; /* how many of lib_cells the image carries */
} build;

static void build_free(build *b)
{
	for (int i = 0; i < b->nk; i++)
		kfunc_free(&b->ks[i]);
	free(b->ks);
	for (int i = 0; i < b->nrtl; i++)
		free(b->rtl_files[i]);
	free(b->fulltext);
	for (int i = 0; i < b->ninits; i++) {
		free(b->inits[i].file);
		free(b->inits[i].hex);
	}
	free(b->inits);
	for (size_t i = 0; b->lib && i < N_LIB_CELLS; i++)
		free(b->lib[i]);
	free(b->lib);
	free(b->memh);
	free(b->prop_text);
	if (b->have_regmap)
		kiln_regmap_free(&b->regmap);
	kiln_desc_free(&b->desc);
	kiln_propsets_free(&b->props);
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

static void image_name(const char *out, char *buf, size_t n)
{
	const char *base = strrchr(out, '/');
	base = base ? base + 1 : out;
	snprintf(buf, n, "%s", base);
	char *dot = strchr(buf, '.');
	if (dot)
		*dot = '\0';
}

/* The image's property sets from its globals and MOD's stops, into B and image.prop; made again when a stage
 * after post-link adds stops (--checks). */
static int make_props(build *b, LLVMModuleRef mod)
{
	char path[4200];
	kiln_propsets_free(&b->props);
	free(b->prop_text);
	b->prop_text = NULL;
	if (postlink_dg_propset(&b->desc, &b->props) != 0 || debug_propsets(mod, &b->props) != 0 ||
	    heap_propset(mod, &b->props) != 0 || recursion_propset(mod, &b->props) != 0 ||
	    debug_channel_propset(&b->props, b->o->board) != 0)
		return -1;
	if (!(b->prop_text = kiln_propsets_format(&b->props))) {
		diag_error(b->shown, 0, 0,
		           "cannot write the property sets (out of memory or a name they cannot hold)");
		return -1;
	}
	snprintf(path, sizeof path, "%s/image.prop", b->workdir);
	return write_text(path, b->prop_text);
}

/* Post-link outputs of the image: device IR with decorations, and the property sets. */
static int stage_postlink(build *b, LLVMModuleRef mod)
{
	char path[4200], *msg = NULL;
	if (postlink_check_names(mod, 1) != 0)
		return -1;
	b->desc.board = strdup(b->o->board->name);
	b->desc.clock_period_ns = b->o->clock_ns;
	postlink_collect_dgs(mod, &b->desc);
	if (postlink_spirv_ready(mod) != 0)
		return -1;
	postlink_add_spirv_decorations(mod);
	snprintf(path, sizeof path, "%s/device.ll", b->workdir);
	if (LLVMPrintModuleToFile(mod, path, &msg)) {
		diag_error(path, 0, 0, "cannot write: %s", msg);
		LLVMDisposeMessage(msg);
		return -1;
	}
	return make_props(b, mod);
}

/* IMAGE.kimg.d/binding.txt: the multipliers binding gives each kernel and the DSPs they take. */
static int write_dsp_report(build *b)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/binding.txt", b->workdir);
	FILE *o = fopen(path, "w");
	if (!o)
		return -1;
	int rc = dsp_report(b->ks, b->nk, b->o->dsps, o);
	return fclose(o) != 0 || rc != 0 ? -1 : 0;
}

/* Builds and schedules B's kernels from MOD into B->ks (anew, when they were before) at level MUL_SERIAL of
 * making room for fewer multipliers (kfunc.mul_serial). */
static void schedule_kernels(build *b, LLVMModuleRef mod, int mul_serial)
{
	int k = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (!ir_is_kernel(fn) || !LLVMCountBasicBlocks(fn))
			continue;
		kfunc *f = &b->ks[k++];
		if (f->name) /* scheduled before, at another level */
			kfunc_free(f);
		if (cdfg_build(mod, fn, f) != 0)
			continue;
		f->profile = b->o->profile;
		f->mul_serial = mul_serial;
		ifconv_stage(f, b->o->clock_ns, !b->o->no_pipeline);
		if (!b->o->no_pipeline)
			wi_loop(f);
		sched_run(f, b->o->clock_ns, !b->o->no_pipeline);
		char why[512];
		if (sched_verify(f, why, sizeof why) != 0)
			diag_error(f->file, f->line, 0,
			           "internal error: the schedule of kernel '%s' breaks a constraint: %s",
			           f->name, why);
	}
}

/* A clock shorter than one operation takes: the scheduler gives it a state and lets it run over, so the
 * hardware cannot close timing at that clock. Said once per kernel, at its slowest operation. */
static void warn_overruns(const build *b)
{
	for (int k = 0; k < b->nk; k++) {
		const kfunc *f = &b->ks[k];
		double need = 0;
		int i = f->name ? sched_overrun(f, &need) : -1;
		if (i < 0)
			continue;
		const kinst *op = &f->insts[i];
		char name[1024], bits[16] = "";
		diag_shown(f->name, strlen(f->name), name, sizeof name);
		if (op->width) /* a store's or branch's has none */
			snprintf(bits, sizeof bits, "%d-bit ", op->width);
		diag_warning_loc(
		    f->file, op->line,
		    "kernel '%s': a %.2f ns clock is shorter than %s %s%s needs (%.2f ns with a state's "
		    "own logic); it gets a state and runs over it, so the hardware will not close timing "
		    "below about %.2f ns",
		    name, f->clock_ns, op->line ? "this" : "a", bits, kop_name(op->op), need, need);
	}
}

/* HLS: one scheduled kernel per kernel function. */
static int stage_hls(build *b, LLVMModuleRef mod)
{
	pass_opts po = {.board = b->o->board, .clock_ns = b->o->clock_ns, .checks = b->o->checks};
	pass_control pc = {b->o->stop_pass, b->o->print_after, b->workdir, -1, b->o->verify_each};
	int r = passes_run(mod, PASS_IMAGE, &po, &pc);
	if (r < 0 || (po.stops_added && make_props(b, mod) != 0))
		return -1;
	if (r > 0) /* --stop-after named a pass of this stage */
		return 0;
	if (b->o->stop) { /* what HLS schedules, for looking into a stage's output */
		char path[4200], *msg = NULL;
		snprintf(path, sizeof path, "%s/hls.ll", b->workdir);
		if (LLVMPrintModuleToFile(mod, path, &msg)) {
			diag_error(path, 0, 0, "cannot write: %s", msg);
			LLVMDisposeMessage(msg);
			return -1;
		}
	}
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		b->nk += ir_is_kernel(fn) && LLVMCountBasicBlocks(fn) > 0;
	b->ks = calloc((size_t)b->nk + 1, sizeof *b->ks);
	if (!b->ks)
		return -1;
	schedule_kernels(b, mod, 0);
	if (b->nk == 0)
		diag_note("%s: no kernels; the image holds only device globals", b->shown);
	long least = 0, best = 0;
	unsigned dsps = (unsigned)b->o->dsps;
	int share = !diag_errors() && b->o->dsps >= 0 ? dsp_share(b->ks, b->nk, dsps, &least) : 0;
	/* Too few DSPs even with every multiplier shared: the kernels are scheduled again with fewer products
	 * at once, level by level (kfunc.mul_serial), until they fit; when none does, at the lowest level
	 * that takes the fewest, as a level that saves no cell only costs cycles (on a part without DSPs,
	 * say, whose products are logic cells at any level). */
	int level = 0, best_level = 0;
	for (best = least; share == 1 && level < KFUNC_SERIAL_LOOPS;) {
		schedule_kernels(b, mod, ++level);
		share = !diag_errors() ? dsp_share(b->ks, b->nk, dsps, &least) : 0;
		if (share >= 0 && least < best) {
			best = least;
			best_level = level;
		}
	}
	if (share == 1 && level != best_level) {
		schedule_kernels(b, mod, best_level);
		share = !diag_errors() ? dsp_share(b->ks, b->nk, dsps, &least) : 0;
	}
	if (share < 0)
		diag_error(b->workdir, 0, 0, "out of memory sharing the board's DSPs");
	warn_overruns(b);
	if (!diag_errors() && write_dsp_report(b) != 0)
		diag_error(b->workdir, 0, 0, "cannot write the binding report");
	if (!diag_errors())
		sched_report_console(b->ks, b->nk);
	if (!diag_errors() && (sched_report_write(b->ks, b->nk, b->workdir) != 0 ||
	                       kir_dump_write(b->ks, b->nk, b->workdir) != 0))
		diag_error(b->workdir, 0, 0, "cannot write the schedule report and kernel IR dump");
	return diag_errors() ? -1 : 0;
}

/* Writes module NAME to the image's rtl/ folder and appends it to the image's RTL text. */
static int add_module(build *b, FILE *full, const char *name, const char *text, size_t len)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/rtl/%s.v", b->workdir, name);
	FILE *f = fopen(path, "w");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
		diag_error(path, 0, 0, "cannot write: %s", strerror(errno));
		return -1;
	}
	fwrite(text, 1, len, full);
	fputc('\n', full);
	if (b->nrtl < MAX_RTL)
		b->rtl_files[b->nrtl++] = strdup(path);
	return 0;
}

/* IMAGE.kimg.d/NAME.core: the rtl/ folder as a FuseSoC core (the folder is self-contained). */
static int write_fusesoc_core(build *b)
{
	const char *files[MAX_RTL];
	char rel[MAX_RTL][300], path[4400];
	for (int i = 0; i < b->nrtl; i++) {
		const char *base = strrchr(b->rtl_files[i], '/');
		snprintf(rel[i], sizeof rel[i], "rtl/%s", base ? base + 1 : b->rtl_files[i]);
		files[i] = rel[i];
	}
	const char *inits[MAX_RTL];
	int ni = 0;
	for (int i = 0; i < b->ninits && ni < MAX_RTL; i++)
		inits[ni++] = b->inits[i].file;
	char *core =
	    fusesoc_core(b->regmap.image, files, b->nrtl, inits, ni, "kiln_image", b->desc.image_hash);
	snprintf(path, sizeof path, "%s/%s.core", b->workdir, b->regmap.image);
	int rc = write_text(path, core);
	free(core);
	return rc;
}

static int emit_kernel_cb(const void *k, FILE *o)
{
	return emit_kernel(k, o);
}

static int emit_top_cb(const void *a, FILE *o)
{
	const build *b = a;
	return system_emit_top(b->ks, b->nk, &b->desc, &b->regmap, o);
}

/* The initial contents of every on-chip memory, each as its $readmemh text, and their concatenation (the
 * image's MEMH section); files are written with the RTL (hls/package/meminit.h). */
static int collect_inits(build *b)
{
	int max = (int)b->desc.ndgs;
	for (int i = 0; i < b->nk; i++)
		max += b->ks[i].nimems;
	b->inits = calloc((size_t)max + 1, sizeof *b->inits);
	if (!b->inits)
		return -1;
	char name[400];
	for (int i = 0; i < b->nk; i++) {
		const kfunc *f = &b->ks[i];
		for (int m = f->nmems; m < f->nmems + f->nimems; m++) {
			if (!f->mems[m].init)
				continue;
			emit_mem_init_file(f, m, name, sizeof name);
			b->inits[b->ninits++] = (meminit){.file = strdup(name),
			                                  .bytes = f->mems[m].init,
			                                  .size = f->mems[m].size,
			                                  .word_bytes = kmem_word_bytes(f, m)};
		}
	}
	for (size_t gi = 0; gi < b->desc.ndgs; gi++) {
		const kiln_dg_desc *g = &b->desc.dgs[gi];
		if (g->storage != KILN_DG_DEDICATED)
			continue;
		system_dg_init_file(gi, name, sizeof name);
		b->inits[b->ninits++] =
		    (meminit){.file = strdup(name), .bytes = g->init, .size = g->size, .word_bytes = 4};
	}
	kiln_strbuf all = {0};
	for (int i = 0; i < b->ninits; i++) {
		meminit *m = &b->inits[i];
		if (!m->file || !(m->hex = meminit_hex(m))) {
			kiln_sb_free(&all);
			return -1;
		}
		kiln_sb_add(&all, m->hex);
	}
	b->memh = kiln_sb_finish(&all);
	return b->memh ? 0 : -1;
}

/* The library cells' texts, from the installation. */
static int read_lib_cells(build *b)
{
	if (!(b->lib = calloc(N_LIB_CELLS, sizeof *b->lib)))
		return -1;
	b->nlib = N_BASE_CELLS;
	for (int k = 0; k < b->nk; k++)
		for (int i = 0; i < b->ks[k].ninsts; i++)
			if (b->ks[k].insts[i].block >= 0 && kop_unit(b->ks[k].insts[i].op) == KU_FPU)
				b->nlib = N_LIB_CELLS;
	for (size_t i = 0; i < b->nlib; i++) {
		char lp[4096];
		size_t tl = 0;
		snprintf(lp, sizeof lp, "%s/rtl/%s.v", kiln_data_dir(), lib_cells[i]);
		if (kiln_read_file(lp, &b->lib[i], &tl) != 0) {
			diag_error(lp, 0, 0, "cannot read RTL library file");
			return -1;
		}
	}
	return 0;
}

/* IMAGE.kimg.d/report.html, from what the build has written for tools (hls/report/html_report.h), with AREA
 * (area.json's text) when --report measured it. */
static int write_html_report(const build *b, const char *iname, const char *area)
{
	char *meta = kiln_desc_to_json(&b->desc), *regmap = kiln_regmap_to_json(&b->regmap);
	html_report_in in = {.image = iname,
	                     .board = b->o->board->name,
	                     .clock_ns = b->o->clock_ns,
	                     .meta_json = meta,
	                     .regmap_json = regmap,
	                     .area_json = area,
	                     .sources = b->o->sources,
	                     .nsources = b->o->nsources};
	int rc = meta && regmap ? html_report_write(b->workdir, b->ks, b->nk, &in) : -1;
	if (rc != 0)
		diag_error(b->workdir, 0, 0, "cannot write report.html: %s",
		           meta && regmap ? strerror(errno) : "out of memory");
	free(meta);
	free(regmap);
	return rc;
}

/* System assembly: layout, register map, RTL files; the image hash covers the design itself. */
static int stage_system(build *b)
{
	char iname[256], path[4200];
	image_name(b->out, iname, sizeof iname);
	const char *why = kiln_name_problem(iname, strlen(iname));
	if (why) { /* the name is in the register map's JSON, which must be UTF-8 */
		diag_error(b->shown, 0, 0, "the image's name holds %s: choose another -o", why);
		return -1;
	}
	if ((unsigned)b->nk > KILN_MAX_KERNELS) {
		/* The interrupt registers hold one bit per kernel. */
		diag_error(b->out, 0, 0,
		           "the image would hold %d kernels; an image holds at most %u (one interrupt bit "
		           "each): split them with --split per_source or per_kernel",
		           b->nk, KILN_MAX_KERNELS);
		return -1;
	}
	if (system_layout(b->ks, b->nk, &b->desc, &b->regmap, iname) != 0)
		return -1;
	b->have_regmap = 1;
	char **kern = calloc((size_t)b->nk + 1, sizeof *kern);
	size_t *klen = calloc((size_t)b->nk + 1, sizeof *klen);
	int rc = kern && klen && read_lib_cells(b) == 0 && collect_inits(b) == 0 ? 0 : -1;
	for (int i = 0; i < b->nk && rc == 0; i++)
		if (!(kern[i] = rtl_wrapped(emit_kernel_cb, &b->ks[i], &klen[i])))
			rc = -1;
	/* The image hash covers everything the hardware is made of: the modules, the cells, the memories'
	 * contents and the description. The top takes it as a parameter, so the top is emitted once and the
	 * hash covers its text too. */
	size_t n = 0;
	char *top = rc ? NULL : rtl_wrapped(emit_top_cb, b, &n);
	char *json = top ? kiln_desc_to_json(&b->desc) : NULL;
	if (!json) {
		rc = -1;
	} else {
		uint64_t h = kiln_fnv64(KILN_FNV64_INIT, top, n);
		for (int i = 0; i < b->nk; i++)
			h = kiln_fnv64(h, kern[i], klen[i]);
		for (size_t i = 0; i < b->nlib; i++)
			h = kiln_fnv64(h, b->lib[i], strlen(b->lib[i]));
		h = kiln_fnv64(kiln_fnv64(h, b->memh, strlen(b->memh)), json, strlen(json));
		b->desc.image_hash = h;
		for (size_t bl = 0; bl < b->regmap.nblocks; bl++)
			for (size_t r = 0; r < b->regmap.blocks[bl].nregs; r++) {
				kiln_reg *reg = &b->regmap.blocks[bl].regs[r];
				if (reg->offset == KILN_IMG_HASH_LO)
					reg->reset = (uint32_t)h;
				else if (reg->offset == KILN_IMG_HASH_HI)
					reg->reset = (uint32_t)(h >> 32);
			}
	}
	free(json);

	/* One file per module (lint wants file names to match modules); the image carries their
	 * concatenation, library modules included, so that it is self-contained. The memories' files go
	 * beside them, where $readmemh finds them. */
	snprintf(path, sizeof path, "%s/rtl", b->workdir);
	if (rc == 0 && mkdir(path, 0777) != 0 && errno != EEXIST) {
		diag_error(path, 0, 0, "cannot create: %s", strerror(errno));
		rc = -1;
	}
	FILE *full = open_memstream(&b->fulltext, &b->fulllen);
	if (!full)
		rc = -1;
	if (rc == 0)
		rc = add_module(b, full, "kiln_image", top, n);
	free(top);
	for (int i = 0; i < b->nk; i++) {
		char mname[300];
		emit_kernel_module_name(&b->ks[i], mname, sizeof mname);
		if (rc == 0)
			rc = add_module(b, full, mname, kern[i], klen[i]);
		free(kern ? kern[i] : NULL);
	}
	free(kern);
	free(klen);
	for (size_t i = 0; i < b->nlib && rc == 0; i++)
		rc = add_module(b, full, lib_cells[i], b->lib[i], strlen(b->lib[i]));
	if (full)
		fclose(full);
	for (int i = 0; i < b->ninits && rc == 0; i++) {
		snprintf(path, sizeof path, "%s/rtl/%s", b->workdir, b->inits[i].file);
		rc = write_text(path, b->inits[i].hex);
	}
	if (rc == 0) {
		char *c = meminit_c(b->inits, b->ninits);
		snprintf(b->init_c, sizeof b->init_c, "%s/kiln_init.c", b->workdir);
		rc = c ? write_text(b->init_c, c) : -1;
		free(c);
	}
	if (rc != 0) {
		if (!diag_errors())
			diag_error(b->out, 0, 0, "out of memory while generating the RTL");
		return -1;
	}

	static const struct {
		const char *ext;
		char *(*fn)(const kiln_regmap *);
	} exports[] = {{"json", kiln_regmap_to_json},
	               {"h", kiln_regmap_to_c_header},
	               {"md", kiln_regmap_to_markdown},
	               {"rdl", kiln_regmap_to_systemrdl}};
	for (size_t i = 0; i < sizeof exports / sizeof exports[0]; i++) {
		char *t = exports[i].fn(&b->regmap);
		snprintf(path, sizeof path, "%s/regmap.%s", b->workdir, exports[i].ext);
		if (!t)
			diag_error(path, 0, 0, "cannot make the register map's export (out of memory)");
		rc |= t ? write_text(path, t) : -1;
		free(t);
	}
	rc |= write_fusesoc_core(b);
	char *area = NULL;
	if (rc == 0 && b->o->report) {
		snprintf(path, sizeof path, "%s/rtl", b->workdir);
		area_in ai = {.workdir = b->workdir,
		              .rtl_dir = path,
		              .rtl_text = b->fulltext,
		              .memh = b->memh,
		              .family = b->o->report_family,
		              .ks = b->ks,
		              .nk = b->nk,
		              .desc = &b->desc,
		              .clock_ns = b->o->clock_ns};
		area = area_report(&ai);
		rc |= area ? 0 : -1;
	}
	rc |= write_html_report(b, iname, area);
	free(area);
	return rc;
}

/* The second wall (rtl_check.h): every RTL file of the image, before any tool reads it. */
static int check_rtl(const build *b)
{
	int bad = 0;
	for (int i = 0; i < b->nrtl; i++) {
		char *t = NULL, why[300];
		size_t n = 0;
		if (kiln_read_file(b->rtl_files[i], &t, &n) != 0) {
			diag_error(b->rtl_files[i], 0, 0, "cannot read: %s", strerror(errno));
			bad++;
		} else if (rtl_check(t, n, b->o->profile != NULL, why, sizeof why) != 0) {
			diag_error(b->rtl_files[i], 0, 0, "refusing to build a model from this RTL: %s", why);
			bad++;
		}
		free(t);
	}
	return bad ? -1 : 0;
}

/* The model (from the cache when the design was built before) and the image file. */
static int stage_package(build *b)
{
	uint8_t *model = NULL;
	size_t model_len = 0;
	char err[512] = "out of memory";
	/* The simulation model is the sim board's hardware; a board with another backend (the fake one of the
	 * runtime tests, a real board's bitstream flow) gets none. */
	const char *srcs[MAX_RTL + 1];
	for (int i = 0; i < b->nrtl; i++)
		srcs[i] = b->rtl_files[i];
	srcs[b->nrtl] = b->init_c;
	if (check_rtl(b) != 0)
		return -1;
	if (strcmp(b->o->board->backend, "sim") == 0 &&
	    package_build_model(b->o->board, b->workdir, srcs, b->nrtl + 1, b->desc.image_hash, b->o->trace,
	                        &model, &model_len) != 0)
		return -1;
	/* A real board's hardware is its bitstream (its file names the FPGA). */
	uint8_t *bits = NULL;
	char *pnr = NULL, rtl_dir[sizeof b->workdir + 8];
	size_t bits_len = 0, pnr_len = 0;
	snprintf(rtl_dir, sizeof rtl_dir, "%s/rtl", b->workdir);
	if (b->o->board->fpga.family != KILN_FPGA_NONE && !b->o->no_bitstream &&
	    package_build_bitstream(b->o->board, b->workdir, rtl_dir, b->o->clock_ns, b->desc.image_hash,
	                            &bits, &bits_len, &pnr, &pnr_len) != 0) {
		free(model);
		return -1;
	}
	char *json = kiln_desc_to_json(&b->desc);
	char *regjson = kiln_regmap_to_json(&b->regmap);
	kiln_image_writer *w = kiln_image_writer_new(b->o->board->name, b->desc.image_hash);
	int rc = 0;
	if (!w || !json || !regjson || kiln_image_writer_add(w, KILN_SEC_META, json, strlen(json)) ||
	    kiln_image_writer_add(w, KILN_SEC_PROPS, b->prop_text, strlen(b->prop_text)) ||
	    kiln_image_writer_add(w, KILN_SEC_REGMAP, regjson, strlen(regjson)) ||
	    kiln_image_writer_add(w, KILN_SEC_RTL, b->fulltext, b->fulllen) ||
	    (*b->memh && kiln_image_writer_add(w, KILN_SEC_MEMH, b->memh, strlen(b->memh))) ||
	    (model && kiln_image_writer_add(w, KILN_SEC_MODEL, model, model_len)) ||
	    (bits && kiln_image_writer_add(w, KILN_SEC_BITS, bits, bits_len)) ||
	    (pnr && kiln_image_writer_add(w, KILN_SEC_PNR, pnr, pnr_len)) ||
	    kiln_image_writer_save(w, b->out, err, sizeof err)) {
		diag_error(b->out, 0, 0, "cannot write image: %s", err);
		rc = -1;
	}
	kiln_image_writer_free(w);
	free(json);
	free(regjson);
	free(model);
	free(bits);
	free(pnr);
	if (rc == 0)
		diag_progress("wrote %s (%d kernel%s, %zu device global%s, image hash %016llx)", b->shown,
		              b->nk, b->nk == 1 ? "" : "s", b->desc.ndgs, b->desc.ndgs == 1 ? "" : "s",
		              (unsigned long long)b->desc.image_hash);
	return rc;
}

int image_build(LLVMModuleRef mod, const char *out, const char *shown, const image_build_opts *o)
{
	build b;
	memset(&b, 0, sizeof b);
	b.o = o;
	b.out = out;
	b.shown = shown;
	snprintf(b.workdir, sizeof b.workdir, "%s.d", out);
	if (mkdir(b.workdir, 0777) != 0 && errno != EEXIST) {
		diag_error(b.workdir, 0, 0, "cannot create: %s", strerror(errno));
		return 1;
	}
	enum pipeline_stop stop = o->stop;
	int rc = stage_postlink(&b, mod);
	if (rc == 0 && !diag_errors() && stop != STOP_POSTLINK)
		rc = stage_hls(&b, mod);
	if (rc == 0 && !diag_errors() && stop != STOP_AFTER_PASS && stop != STOP_POSTLINK &&
	    stop != STOP_SCHEDULE)
		rc = stage_system(&b);
	if (rc == 0 && !diag_errors() && stop == STOP_NONE)
		rc = stage_package(&b);
	build_free(&b);
	return rc || diag_errors() ? 1 : 0;
}
