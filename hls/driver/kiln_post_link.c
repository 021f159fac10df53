// SPDX-License-Identifier: Apache-2.0
/* kiln-post-link: Kiln's post-link stage on its own, a stand-in for DPC++'s sycl-post-link on device IR:
 * device code split, !spirv.Decorations for device globals, [SYCL/device globals] property sets, virtual-
 * function sets outlined into images of their own with dummy twins and [SYCL/virtual functions], aspects in
 * [SYCL/device requirements], symbol files and the [Code|Properties|Symbols] file table. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>

#include "../../host/common/desc.h"
#include "../../host/common/propset.h"
#include "../../host/common/version.h"
#include "../frontend/frontend.h"
#include "../ir/ir_read.h"
#include "../ir/ir_util.h"
#include "../lower/spirv_import.h"
#include "../postlink/aspects.h"
#include "../postlink/input_names.h"
#include "../postlink/postlink.h"
#include "../postlink/split.h"
#include "../postlink/vfuncs.h"
#include "../support/diag.h"

typedef struct pl_opts {
	const char *in, *out;
	int device_globals, properties, symbols, text, kernel_names, program_metadata, param_info, ir_only;
	int only_kernels, spec_const;
	enum split_mode split;
} pl_opts;

/* The options DPC++'s driver passes (its default post-link line is `-O2 -device-globals -properties
 * -spec-const=native -split=auto -emit-only-kernels-as-entry-points -emit-param-info -symbols
 * -emit-exported-symbols -emit-imported-symbols -split-esimd -lower-esimd`), each honoured or deliberately
 * ignored. Like every LLVM tool, a single or a double dash. FIELD < 0: accepted and ignored (WHY says why).
 */
static const struct pl_option {
	const char *name;
	int field;          /* offsetof(pl_opts, flag), or -1 */
	const char *values; /* NULL: takes no value; "": any value; else the values it takes, '|'-separated */
	const char *help;
} options[] = {
    {"device-globals", offsetof(pl_opts, device_globals), NULL,
     "process device globals: decorations and [SYCL/device globals]"},
    {"properties", offsetof(pl_opts, properties), NULL, "write a .prop file per image"},
    {"symbols", offsetof(pl_opts, symbols), NULL, "write a .sym file (kernel names) per image"},
    {"S", offsetof(pl_opts, text), NULL, "write modules as text IR (.ll)"},
    {"emit-kernel-names", offsetof(pl_opts, kernel_names), NULL, "[SYCL/kernel names] in each .prop"},
    {"emit-program-metadata", offsetof(pl_opts, program_metadata), NULL,
     "[SYCL/program metadata]: <kernel>@reqd_work_group_size, <unique id>@global_id_mapping"},
    {"emit-param-info", offsetof(pl_opts, param_info), NULL,
     "[SYCL/kernel param opt]: no argument is ever eliminated, so every mask is zero"},
    {"ir-output-only", offsetof(pl_opts, ir_only), NULL, "write only the (single) module to -o, no table"},
    {"emit-only-kernels-as-entry-points", offsetof(pl_opts, only_kernels), NULL,
     "SYCL_EXTERNAL functions are not entry points of their own"},
    {"O0", -1, NULL, "optimisation level: Kiln's post-link does not optimise"},
    {"O1", -1, NULL, NULL},
    {"O2", -1, NULL, NULL},
    {"O3", -1, NULL, NULL},
    {"Os", -1, NULL, NULL},
    {"Oz", -1, NULL, NULL},
    {"spec-const", offsetof(pl_opts, spec_const), "rt|default|native|emulation",
     "writes the .prop files (Kiln kernels have no spec constants)"},
    {"emit-exported-symbols", -1, NULL, "device images are not linked dynamically on Kiln boards"},
    {"emit-imported-symbols", -1, NULL, NULL},
    {"allow-device-image-dependencies", -1, NULL, NULL},
    {"support-dynamic-linking", -1, NULL, NULL},
    {"split-esimd", -1, NULL, "no ESIMD on Kiln boards"},
    {"lower-esimd", -1, NULL, NULL},
    {"device-lib-dir", -1, "", "Kiln kernels do not link DPC++'s device libraries"},
    {"id-queries-range", -1, "", "work-item ids are 32 bits in Kiln hardware"},
};

/* How the images keep what their entry points do not reach: sycl-post-link's way, with or without
 * SYCL_EXTERNAL functions as entry points. */
static enum split_keep keep_of(const pl_opts *o)
{
	return o->only_kernels ? SPLIT_AS_DPCPP_KERNELS : SPLIT_AS_DPCPP;
}

static void usage(FILE *o)
{
	fprintf(
	    o,
	    "usage: kiln-post-link [options] -o OUT.table [INPUT.bc|INPUT.ll|-]\n"
	    "\n"
	    "Splits linked device IR into device images and writes, per image, the module, its property\n"
	    "sets and its symbols, plus a file table, in the formats of DPC++'s sycl-post-link. Without an\n"
	    "input, or with -, reads the IR (text or bitcode) from standard input.\n"
	    "\n"
	    "options:\n"
	    "  -o FILE            the file table to write; images are FILE's stem + _N.bc/.prop/.sym\n"
	    "                     (with -ir-output-only: the module itself; - is standard output)\n"
	    "  -split=MODE        source | kernel | auto (auto: per source); default: one image\n");
	for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
		if (options[i].help) {
			char name[80];
			const char *v = options[i].values;
			snprintf(name, sizeof name, "%s%s%s", options[i].name, v ? "=" : "",
			         v ? (*v ? v : "V") : "");
			fprintf(o, "  -%-34s %s%s\n", name, options[i].field < 0 ? "accepted, ignored: " : "",
			        options[i].help);
		}
	fprintf(o, "  -h, --help         this help\n"
	           "  --version          the release\n");
}

/* The option A names (after its dashes), or NULL. */
static const struct pl_option *find_option(const char *a, const char **value)
{
	a += a[1] == '-' ? 2 : 1;
	for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
		size_t n = strlen(options[i].name);
		if (strncmp(a, options[i].name, n))
			continue;
		if (options[i].values && a[n] == '=') {
			*value = a + n + 1;
			return &options[i];
		}
		if (!options[i].values && !a[n])
			return &options[i];
	}
	return NULL;
}

/* Whether VALUE is one OPT takes. */
static int value_allowed(const struct pl_option *opt, const char *value)
{
	if (!opt->values || !*opt->values)
		return 1; /* no value, or any */
	size_t n = strlen(value);
	for (const char *v = opt->values; v && *v;) {
		const char *bar = strchr(v, '|');
		size_t l = bar ? (size_t)(bar - v) : strlen(v);
		if (l == n && !strncmp(v, value, n))
			return 1;
		v = bar ? bar + 1 : v + l;
	}
	return 0;
}

static int parse(int argc, char **argv, pl_opts *o)
{
	memset(o, 0, sizeof *o);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *value = NULL;
		const struct pl_option *opt = a[0] == '-' && a[1] ? find_option(a, &value) : NULL;
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
		} else if (opt) {
			if (!value_allowed(opt, value)) {
				diag_error(NULL, 0, 0, "-%s takes %s, not '%s'", opt->name, opt->values,
				           value);
				return -1;
			}
			if (opt->field >= 0)
				*(int *)((char *)o + opt->field) = 1;
		} else if (a[0] == '-' && a[1]) {
			diag_error(NULL, 0, 0, "unknown option '%s' (see kiln-post-link --help)", a);
			return -1;
		} else if (!o->in) {
			o->in = a;
		} else {
			diag_error(NULL, 0, 0, "only one input module is accepted ('%s' and '%s')", o->in, a);
			return -1;
		}
	}
	if (!o->in)
		o->in = "-";
	/* Options whose only output is a property set imply the .prop files, as they do for sycl-post-link
	 * releases that wrote them without -properties (its tests with --spec-const=rt alone). */
	if (o->spec_const || o->program_metadata || o->param_info || o->kernel_names)
		o->properties = 1;
	if (!o->out) {
		diag_error(NULL, 0, 0, "no output: name the file table with -o (see kiln-post-link --help)");
		return -1;
	}
	if (strcmp(o->in, "-") && !frontend_is_ir(o->in)) {
		diag_error(o->in, 0, 0, "input must be LLVM IR (.bc or .ll); compile C with kiln-cc");
		return -1;
	}
	return 0;
}

/* Every file is written under a temporary name and renamed into place once all of them are complete, so a
 * failure leaves nothing behind and never a table naming a file that was not written. */
typedef struct outputs {
	char *tmp[4 * 256 + 1], *final[4 * 256 + 1];
	int n;
} outputs;

/* A temporary path for FINAL, recorded in OUTS; NULL when out of room. */
static const char *out_file(outputs *outs, const char *final)
{
	if (outs->n >= (int)(sizeof outs->tmp / sizeof outs->tmp[0]))
		return NULL;
	char *t = NULL;
	if (asprintf(&t, "%s.kiln-tmp.%d", final, (int)getpid()) < 0)
		return NULL;
	outs->tmp[outs->n] = t;
	outs->final[outs->n++] = strdup(final);
	return t;
}

/* Renames every output into place (COMMIT) or removes them all. */
static int outputs_finish(outputs *outs, int commit)
{
	int rc = 0;
	for (int i = 0; i < outs->n; i++) {
		if (commit && outs->final[i] && rename(outs->tmp[i], outs->final[i]) != 0) {
			diag_error(outs->final[i], 0, 0, "cannot write: %s", strerror(errno));
			rc = -1;
		}
		if (!commit || rc)
			remove(outs->tmp[i]);
		free(outs->tmp[i]);
		free(outs->final[i]);
	}
	outs->n = 0;
	return rc;
}

static int write_module(LLVMModuleRef m, const char *path, int text)
{
	char *msg = NULL;
	int bad = text ? LLVMPrintModuleToFile(m, path, &msg) != 0 : LLVMWriteBitcodeToFile(m, path) != 0;
	if (bad)
		diag_error(path, 0, 0, "cannot write%s%s", msg ? ": " : "", msg ? msg : "");
	LLVMDisposeMessage(msg);
	return bad;
}

/* The property sets sycl-post-link writes for image M (a DUMMY one or not), in its order: the two it always
 * writes, then the ones options ask for. */
static int image_propsets(LLVMModuleRef m, const pl_opts *o, const kiln_desc *d, int dummy, kiln_propsets *ps)
{
	/* Kiln kernels call none of DPC++'s device libraries. (A set pointer lasts only until the next set is
	 * added.) */
	kiln_propset *s = kiln_propsets_add_set(ps, "SYCL/devicelib req mask");
	if (!s || kiln_propset_add_u32(s, "DeviceLibReqMask", 0))
		return -1;
	/* The aspects: an array of uint32 (the bit count says how many). */
	uint32_t *asp = NULL;
	int na = postlink_image_aspects(m, &asp);
	s = kiln_propsets_add_set(ps, "SYCL/device requirements");
	int bad = na < 0 || !s || kiln_propset_add_u32_array(s, "aspects", asp, na > 0 ? (size_t)na : 0);
	free(asp);
	if (bad)
		return -1;
	if (o->param_info) {
		kiln_propset *s = kiln_propsets_add_set(ps, "SYCL/kernel param opt");
		for (LLVMValueRef fn = LLVMGetFirstFunction(m); s && fn; fn = LLVMGetNextFunction(fn)) {
			if (!ir_is_defined_kernel(fn))
				continue;
			/* One bit per argument, set when the argument was eliminated: none is. */
			static const uint8_t none[64];
			unsigned nargs = LLVMCountParams(fn);
			if (nargs > 8 * sizeof none ||
			    kiln_propset_add_bits(s, LLVMGetValueName(fn), none, nargs))
				return -1;
		}
	}
	if (o->program_metadata && postlink_program_metadata(m, ps) != 0)
		return -1;
	if (o->device_globals && postlink_dg_propset(d, ps) != 0)
		return -1;
	if (vf_propset(m, dummy, ps) != 0)
		return -1;
	if (o->kernel_names) {
		kiln_propset *s = kiln_propsets_add_set(ps, "SYCL/kernel names");
		for (LLVMValueRef fn = LLVMGetFirstFunction(m); s && fn; fn = LLVMGetNextFunction(fn))
			if (ir_is_defined_kernel(fn) && kiln_propset_add_u32(s, LLVMGetValueName(fn), 1))
				return -1;
	}
	return 0;
}

static int write_image(LLVMModuleRef m, const pl_opts *o, const char *stem, int i, int dummy, const char *key,
                       FILE *table, outputs *outs)
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
	const char *t = out_file(outs, code);
	rc |= !t || write_module(m, t, o->text);
	if (o->properties && !rc) {
		char *text = NULL;
		const char *tp = out_file(outs, prop);
		FILE *f = tp ? fopen(tp, "w") : NULL;
		if (image_propsets(m, o, &d, dummy, &ps) != 0)
			rc = 1;
		text = kiln_propsets_format(&ps);
		if (!f || !text || fputs(text, f) < 0) {
			diag_error(prop, 0, 0, "cannot write");
			rc = 1;
		}
		if (f && fclose(f) != 0)
			rc = 1;
		free(text);
	}
	if (o->symbols && !rc) {
		const char *ts = out_file(outs, sym);
		FILE *f = ts ? fopen(ts, "w") : NULL;
		/* The image's entry points: kernels, and SYCL_EXTERNAL functions unless only kernels are; not
		 * another image's SYCL_EXTERNAL function that one of them calls. A dummy twin holds only its
		 * set's functions, whose key lost the aspects the dummy dropped. */
		for (LLVMValueRef fn = LLVMGetFirstFunction(m); f && fn; fn = LLVMGetNextFunction(fn))
			if (dummy ? postlink_is_entry(fn, keep_of(o))
			          : postlink_is_image_entry(fn, o->split, keep_of(o), key)) {
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

/* The images of the split with, right after each that defines a virtual-function set using an optional
 * feature, its dummy twin (seed 001: linked instead where the device lacks the feature). *IMGS and *N are
 * replaced; *DUMMY (malloc'd) flags the twins and *FROM (malloc'd) gives each image's index in the split.
 * 0, or -1 when out of memory. */
static int add_dummies(LLVMModuleRef **imgs, int *n, int **dummy, int **from)
{
	LLVMModuleRef *out = calloc(2 * (size_t)*n + 1, sizeof *out);
	int *flag = calloc(2 * (size_t)*n + 1, sizeof *flag), k = 0;
	int *src = calloc(2 * (size_t)*n + 1, sizeof *src);
	for (int i = 0; out && flag && src && i < *n; i++) {
		src[k] = i;
		out[k++] = (*imgs)[i];
		if (!vf_needs_dummy((*imgs)[i]))
			continue;
		flag[k] = 1;
		src[k] = i;
		if (!(out[k++] = vf_make_dummy((*imgs)[i]))) {
			for (int j = 0; j < k; j++)
				if (flag[j] && out[j])
					LLVMDisposeModule(out[j]);
			free(out);
			out = NULL;
		}
	}
	if (!out || !flag || !src) {
		free(out);
		free(flag);
		free(src);
		return -1;
	}
	free(*imgs);
	*imgs = out;
	*n = k;
	*dummy = flag;
	*from = src;
	return 0;
}

/* -ir-output-only: the one module, to -o or (for -) standard output. */
static int write_ir_only(LLVMModuleRef m, const pl_opts *o, outputs *outs)
{
	if (o->device_globals)
		postlink_add_spirv_decorations(m);
	if (strcmp(o->out, "-")) {
		const char *t = out_file(outs, o->out);
		return !t || write_module(m, t, o->text);
	}
	if (o->text) {
		char *s = LLVMPrintModuleToString(m);
		int bad = fputs(s, stdout) < 0 || fflush(stdout) != 0;
		LLVMDisposeMessage(s);
		return bad;
	}
	return LLVMWriteBitcodeToFD(m, 1, 0, 0) != 0;
}

int main(int argc, char **argv)
{
	pl_opts o;
	diag_program = "kiln-post-link";
	diag_tool_style = 1;
	int p = parse(argc, argv, &o);
	if (p)
		return p > 0 ? 0 : 1;
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMModuleRef mod = ir_read_file(ctx, o.in);
	if (mod)
		lower_spirv_import(mod);
	LLVMModuleRef *imgs = NULL;
	char **keys = NULL;
	int n = 0, nkeys = 0, rc = 1, *dummy = NULL, *from = NULL;
	outputs outs = {0};
	/* Aspects are propagated before the split, so that a kernel calling through a set asks for the set's
	 * aspects wherever it lands, and the per-source split separates what they separate. */
	if (mod && !postlink_check_names(mod, 0) && !vf_check(mod) &&
	    (!o.device_globals || !postlink_check_dgs(mod))) {
		if (postlink_propagate_aspects(mod) != 0)
			diag_error(NULL, 0, 0, "out of memory");
		else if (!o.device_globals || !postlink_check_image_scope(mod, o.split, keep_of(&o)))
			n = postlink_split(mod, o.split, keep_of(&o), &imgs, &keys);
		nkeys = n > 0 ? n : 0;
		rc = n < 1 ? 1 : 0;
		if (!rc && add_dummies(&imgs, &n, &dummy, &from) != 0) {
			diag_error(NULL, 0, 0, "out of memory");
			rc = 1;
		}
	}
	if (!rc && o.ir_only) {
		if (n != 1) {
			diag_error(NULL, 0, 0, "-ir-output-only writes one module, but the split made %d", n);
			rc = 1;
		} else {
			rc = write_ir_only(imgs[0], &o, &outs);
		}
	} else if (!rc) {
		char stem[4096];
		snprintf(stem, sizeof stem, "%s", o.out);
		char *slash = strrchr(stem, '/'), *dot = strrchr(slash ? slash : stem, '.');
		if (dot)
			*dot = '\0';
		const char *tt = out_file(&outs, o.out);
		FILE *table = tt ? fopen(tt, "w") : NULL;
		if (!table) {
			diag_error(o.out, 0, 0, "cannot write the file table");
			rc = 1;
		} else {
			fprintf(table, "[Code%s%s]\n", o.properties ? "|Properties" : "",
			        o.symbols ? "|Symbols" : "");
			for (int i = 0; i < n; i++)
				rc |=
				    write_image(imgs[i], &o, stem, i, dummy[i], keys[from[i]], table, &outs);
			if (fclose(table) != 0)
				rc = 1;
		}
	}
	if (outputs_finish(&outs, !rc && !diag_errors()) != 0)
		rc = 1;
	for (int i = 0; i < n; i++)
		if (imgs[i] != mod)
			LLVMDisposeModule(imgs[i]);
	free(imgs);
	free(dummy);
	free(from);
	postlink_free_keys(keys, nkeys);
	if (mod)
		LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	return rc || diag_errors() ? 1 : 0;
}
