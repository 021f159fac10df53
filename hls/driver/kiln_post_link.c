// SPDX-License-Identifier: Apache-2.0
/* kiln-post-link: Kiln's post-link stage on its own, a stand-in for DPC++'s sycl-post-link on device IR:
 * device code split, !spirv.Decorations for device globals, [SYCL/device globals] property sets, symbol
 * files and the [Code|Properties|Symbols] file table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>

#include "../../host/common/desc.h"
#include "../../host/common/propset.h"
#include "../../host/common/version.h"
#include "../frontend/frontend.h"
#include "../ir/ir_util.h"
#include "../lower/spirv_import.h"
#include "../postlink/postlink.h"
#include "../postlink/split.h"
#include "diag.h"

typedef struct pl_opts {
	const char *in, *out;
	int device_globals, properties, symbols, text;
	enum split_mode split;
} pl_opts;

static void usage(FILE *o)
{
	fprintf(o,
	        "usage: kiln-post-link [options] -o OUT.table INPUT.bc|INPUT.ll\n"
	        "\n"
	        "Splits linked device IR into device images and writes, per image, the module, its property\n"
	        "sets and its symbols, plus a file table, in the formats of DPC++'s sycl-post-link.\n"
	        "\n"
	        "options:\n"
	        "  -o FILE            the file table to write; images are FILE's stem + _N.bc/.prop/.sym\n"
	        "  -split=MODE        source | kernel | auto (auto: per source); default: one image\n"
	        "  --device-globals   process device globals: decorations and [SYCL/device globals]\n"
	        "  -properties        write a .prop file per image\n"
	        "  -symbols           write a .sym file (kernel names) per image\n"
	        "  -S                 write modules as text IR (.ll)\n"
	        "  -h, --help         this help\n"
	        "  --version          the release\n");
}

static int parse(int argc, char **argv, pl_opts *o)
{
	memset(o, 0, sizeof *o);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 1;
		} else if (!strcmp(a, "--version")) {
			kiln_print_version("kiln-post-link");
			return 1;
		} else if (!strcmp(a, "-o") && i + 1 < argc) {
			o->out = argv[++i];
		} else if (!strncmp(a, "-split=", 7) || !strncmp(a, "--split=", 8)) {
			const char *v = strchr(a, '=') + 1;
			if (!strcmp(v, "auto"))
				v = "source";
			if (postlink_split_mode(v, &o->split) != 0) {
				diag_error(NULL, 0, 0, "-split takes source, kernel or auto, not '%s'", v);
				return -1;
			}
		} else if (!strcmp(a, "--device-globals") || !strcmp(a, "-device-globals")) {
			o->device_globals = 1;
		} else if (!strcmp(a, "-properties") || !strcmp(a, "--properties")) {
			o->properties = 1;
		} else if (!strcmp(a, "-symbols") || !strcmp(a, "--symbols")) {
			o->symbols = 1;
		} else if (!strcmp(a, "-S")) {
			o->text = 1;
		} else if (a[0] == '-') {
			diag_error(NULL, 0, 0, "unknown option '%s' (see kiln-post-link --help)", a);
			return -1;
		} else if (!o->in) {
			o->in = a;
		} else {
			diag_error(NULL, 0, 0, "only one input module is accepted ('%s' and '%s')", o->in, a);
			return -1;
		}
	}
	if (!o->in || !o->out) {
		usage(stderr);
		return -1;
	}
	if (!frontend_is_ir(o->in)) {
		diag_error(o->in, 0, 0, "input must be LLVM IR (.bc or .ll); compile C with kiln-cc");
		return -1;
	}
	return 0;
}

static int write_image(LLVMModuleRef m, const pl_opts *o, const char *stem, int i, FILE *table)
{
	char code[4200], prop[4200], sym[4200];
	snprintf(code, sizeof code, "%s_%d.%s", stem, i, o->text ? "ll" : "bc");
	snprintf(prop, sizeof prop, "%s_%d.prop", stem, i);
	snprintf(sym, sizeof sym, "%s_%d.sym", stem, i);
	int rc = 0;
	kiln_desc d = {0};
	kiln_propsets ps = {0};
	if (o->device_globals) {
		rc |= postlink_collect_dgs(m, &d) != 0;
		postlink_add_spirv_decorations(m);
	}
	char *msg = NULL;
	if (o->text ? LLVMPrintModuleToFile(m, code, &msg) != 0 : LLVMWriteBitcodeToFile(m, code) != 0) {
		diag_error(code, 0, 0, "cannot write%s%s", msg ? ": " : "", msg ? msg : "");
		rc = 1;
	}
	LLVMDisposeMessage(msg);
	if (o->properties && !rc) {
		char *text = NULL;
		FILE *f = fopen(prop, "w");
		if (o->device_globals && postlink_dg_propset(&d, &ps) != 0)
			rc = 1;
		text = kiln_propsets_format(&ps);
		if (!f || !text || fputs(text, f) < 0) {
			diag_error(prop, 0, 0, "cannot write");
			rc = 1;
		}
		if (f)
			fclose(f);
		free(text);
	}
	if (o->symbols && !rc) {
		FILE *f = fopen(sym, "w");
		for (LLVMValueRef fn = LLVMGetFirstFunction(m); f && fn; fn = LLVMGetNextFunction(fn))
			if (ir_is_defined_kernel(fn)) {
				size_t l = 0;
				const char *n = LLVMGetValueName2(fn, &l);
				fprintf(f, "%.*s\n", (int)l, n);
			}
		if (!f || fclose(f) != 0) {
			diag_error(sym, 0, 0, "cannot write");
			rc = 1;
		}
	}
	fprintf(table, "%s", code);
	if (o->properties)
		fprintf(table, "|%s", prop);
	if (o->symbols)
		fprintf(table, "|%s", sym);
	fputc('\n', table);
	kiln_desc_free(&d);
	kiln_propsets_free(&ps);
	return rc;
}

int main(int argc, char **argv)
{
	pl_opts o;
	diag_program = "kiln-post-link";
	int p = parse(argc, argv, &o);
	if (p)
		return p > 0 ? 0 : 1;
	LLVMContextRef ctx = LLVMContextCreate();
	frontend_opts fo = {0};
	LLVMModuleRef mod = frontend_load(ctx, o.in, &fo);
	if (mod)
		lower_spirv_import(mod);
	LLVMModuleRef *imgs = NULL;
	int n = 0, rc = 1;
	if (mod) {
		n = postlink_split(mod, o.split, &imgs);
		rc = n < 1 || (o.device_globals && postlink_check_image_scope(imgs, n)) ? 1 : 0;
	}
	if (!rc) {
		char stem[4096];
		snprintf(stem, sizeof stem, "%s", o.out);
		char *slash = strrchr(stem, '/'), *dot = strrchr(slash ? slash : stem, '.');
		if (dot)
			*dot = '\0';
		FILE *table = fopen(o.out, "w");
		if (!table) {
			diag_error(o.out, 0, 0, "cannot write the file table");
			rc = 1;
		} else {
			fprintf(table, "[Code%s%s]\n", o.properties ? "|Properties" : "",
			        o.symbols ? "|Symbols" : "");
			for (int i = 0; i < n; i++)
				rc |= write_image(imgs[i], &o, stem, i, table);
			if (fclose(table) != 0)
				rc = 1;
		}
	}
	for (int i = 0; i < n; i++)
		if (imgs[i] != mod)
			LLVMDisposeModule(imgs[i]);
	free(imgs);
	if (mod)
		LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	return rc || diag_errors() ? 1 : 0;
}
