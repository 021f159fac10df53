// SPDX-License-Identifier: Apache-2.0
/* Linked programs: seed 001's runtime linking rules for the device images kiln-post-link writes. A kernel's
 * image is combined with one image of every virtual-function set of the table: the set's own image when the
 * board has every aspect it needs, else its dummy twin. Every set, not only those the kernel's image names in
 * uses-virtual-functions-set, because the seed's other relation (creates-virtual-functions-set: a kernel
 * whose tables name a set's functions) is written by no shipping tool and cannot be seen without reading the
 * IR, which libkiln does not link LLVM to do; an unused set costs kiln-cc nothing but parse time, and sets
 * whose functions reference other sets' functions get them too. kiln-cc then does the rest on the linked
 * IR: a kernel calling through a set that came as a dummy is emptied and refused at launch. The build is an
 * online build (kiln_online_build), cached by content like OpenCL's. */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/common/aspect_names.h"
#include "host/common/fileio.h"
#include "host/common/online_build.h"
#include "internal.h"

/* One row of the file table: an image with its property sets and entry points. */
typedef struct row {
	char *code, *prop, *sym; /* paths, as found */
	char *set;               /* virtual-functions-set; NULL for an image of kernels */
	char *uses;              /* uses-virtual-functions-set, or NULL */
	int dummy;               /* dummy-image=1 */
	uint32_t *aspects;       /* [SYCL/device requirements] aspects */
	size_t naspects;
	char *syms; /* the .sym file's text */
} row;

typedef struct table {
	const char *path;
	char *dir; /* the table's folder */
	row *rows;
	size_t nrows;
} table;

static void table_free(table *t)
{
	for (size_t i = 0; i < t->nrows; i++) {
		row *r = &t->rows[i];
		free(r->code), free(r->prop), free(r->sym), free(r->set), free(r->uses), free(r->aspects);
		free(r->syms);
	}
	free(t->rows);
	free(t->dir);
}

/* The file a table names: PATH as written (kiln-post-link writes it relative to where it ran), else the
 * file of that name beside the table (a table moved with its images). */
static char *find_file(const table *t, const char *path)
{
	if (path[0] == '/' || access(path, R_OK) == 0)
		return strdup(path);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char *p = NULL;
	if (asprintf(&p, "%s/%s", t->dir, base) < 0)
		return NULL;
	if (access(p, R_OK) != 0) {
		free(p);
		return strdup(path); /* reported as unreadable by its name in the table */
	}
	return p;
}

/* A byte-array property as a string (the set names are stored without a terminator), or NULL. */
static char *prop_string(const kiln_propset *s, const char *name)
{
	const kiln_prop *p = s ? kiln_propset_find(s, name) : NULL;
	if (!p || p->type != KILN_PROP_BYTES)
		return NULL;
	char *v = malloc(p->nbytes + 1);
	if (v) {
		memcpy(v, p->bytes, p->nbytes);
		v[p->nbytes] = '\0';
	}
	return v;
}

/* Reads R's .prop and .sym files. */
static int read_row(row *r)
{
	char *text = NULL, err[256];
	size_t len = 0;
	if (kiln_read_file(r->prop, &text, &len) != 0)
		return kiln__fail(KILN_ERR_IO, "%s: cannot read: %s", r->prop, strerror(errno));
	kiln_propsets ps = {0};
	int bad = kiln_propsets_parse(text, len, &ps, err, sizeof err);
	free(text);
	if (bad)
		return kiln__fail(KILN_ERR_INVALID, "%s: %s", r->prop, err);
	int st = KILN_OK;
	const kiln_propset *vf = kiln_propsets_find(&ps, "SYCL/virtual functions");
	const kiln_prop *set = vf ? kiln_propset_find(vf, "virtual-functions-set") : NULL;
	const kiln_prop *uses = vf ? kiln_propset_find(vf, "uses-virtual-functions-set") : NULL;
	const kiln_prop *dummy = vf ? kiln_propset_find(vf, "dummy-image") : NULL;
	const kiln_propset *req = kiln_propsets_find(&ps, "SYCL/device requirements");
	const kiln_prop *asp = req ? kiln_propset_find(req, "aspects") : NULL;
	if ((set && (set->type != KILN_PROP_BYTES || !set->nbytes)) ||
	    (uses && uses->type != KILN_PROP_BYTES) || (dummy && dummy->type != KILN_PROP_UINT32) ||
	    (set && uses))
		st = kiln__fail(
		    KILN_ERR_INVALID,
		    "%s: malformed [SYCL/virtual functions] (a set name is a byte array, dummy-image a "
		    "uint32, and an image defines a set or uses sets, not both)",
		    r->prop);
	else if (asp && (asp->type != KILN_PROP_BYTES || asp->nbytes % 4 || asp->nbits != 8 * asp->nbytes))
		st = kiln__fail(KILN_ERR_INVALID,
		                "%s: malformed [SYCL/device requirements] aspects (an array of uint32)",
		                r->prop);
	if (st == KILN_OK) {
		r->set = set ? prop_string(vf, "virtual-functions-set") : NULL;
		r->uses = uses ? prop_string(vf, "uses-virtual-functions-set") : NULL;
		r->dummy = dummy && dummy->u32 == 1;
		r->naspects = asp ? asp->nbytes / 4 : 0;
		r->aspects = r->naspects ? calloc(r->naspects, sizeof *r->aspects) : NULL;
		for (size_t i = 0; r->aspects && i < r->naspects;
		     i++) /* little-endian, as post-link writes */
			for (int b = 0; b < 4; b++)
				r->aspects[i] |= (uint32_t)asp->bytes[4 * i + (size_t)b] << (8 * b);
		if ((set && !r->set) || (uses && !r->uses) || (r->naspects && !r->aspects))
			st = kiln__fail(KILN_ERR_NOMEM, "out of memory");
	}
	kiln_propsets_free(&ps);
	if (st == KILN_OK && kiln_read_file(r->sym, &r->syms, &len) != 0)
		st = kiln__fail(KILN_ERR_IO, "%s: cannot read: %s", r->sym, strerror(errno));
	return st;
}

/* Splits LINE at '|' into F (room for MAX); the number of fields, MAX + 1 when there are more. */
static int fields(char *line, char **f, int max)
{
	int n = 0;
	for (char *s = line; s; n++) {
		if (n == max)
			return max + 1;
		f[n] = s;
		s = strchr(s, '|');
		if (s)
			*s++ = '\0';
	}
	return n;
}

/* Reads the file table PATH and every row's files. */
static int read_table(const char *path, table *t)
{
	char *text = NULL;
	size_t len = 0;
	t->path = path;
	if (kiln_read_file(path, &text, &len) != 0)
		return kiln__fail(KILN_ERR_IO, "%s: cannot read: %s", path, strerror(errno));
	char *copy = strdup(path);
	t->dir = copy ? strdup(dirname(copy)) : NULL;
	free(copy);
	int st = t->dir ? KILN_OK : kiln__fail(KILN_ERR_NOMEM, "out of memory");
	char *next = text, *line;
	/* The header names the columns: the properties say which image is which, the symbols which image
	 * holds the kernel (libkiln reads no IR), so both are required. */
	line = strsep(&next, "\n");
	char *col[4];
	int ncol = st == KILN_OK && line[0] == '[' && line[strlen(line) - 1] == ']'
	               ? (line[strlen(line) - 1] = '\0', fields(line + 1, col, 3))
	               : -1;
	if (st == KILN_OK &&
	    (ncol < 1 || ncol > 3 || strcmp(col[0], "Code") || (ncol > 1 && strcmp(col[1], "Properties")) ||
	     (ncol > 2 && strcmp(col[2], "Symbols"))))
		st = kiln__fail(
		    KILN_ERR_INVALID,
		    "%s: line 1: not a kiln-post-link file table (expected [Code|Properties|Symbols])", path);
	else if (st == KILN_OK && ncol < 3)
		st = kiln__fail(
		    KILN_ERR_INVALID,
		    "%s: the table has no %s column: run kiln-post-link with -properties -symbols (the "
		    "runtime finds a kernel's image by its symbols and links images by their properties)",
		    path, ncol < 2 ? "Properties" : "Symbols");
	for (int ln = 2; st == KILN_OK && (line = strsep(&next, "\n")); ln++) {
		if (!*line)
			continue;
		char *f[4];
		row *grown = realloc(t->rows, (t->nrows + 1) * sizeof *grown);
		if (!grown) {
			st = kiln__fail(KILN_ERR_NOMEM, "out of memory");
			break;
		}
		t->rows = grown;
		row *r = memset(&t->rows[t->nrows], 0, sizeof *r);
		if (fields(line, f, 3) != 3 || !*f[0] || !*f[1] || !*f[2]) {
			st = kiln__fail(KILN_ERR_INVALID, "%s: line %d: expected CODE|PROPERTIES|SYMBOLS",
			                path, ln);
			break;
		}
		t->nrows++;
		r->code = find_file(t, f[0]);
		r->prop = find_file(t, f[1]);
		r->sym = find_file(t, f[2]);
		st = r->code && r->prop && r->sym ? read_row(r) : kiln__fail(KILN_ERR_NOMEM, "out of memory");
	}
	if (st == KILN_OK && !t->nrows)
		st = kiln__fail(KILN_ERR_INVALID, "%s: the table lists no image", path);
	free(text);
	return st;
}

/* Whether the .sym text SYMS lists NAME (a whole line). */
static int lists(const char *syms, const char *name, size_t nl)
{
	for (const char *s = syms; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : NULL)
		if (strncmp(s, name, nl) == 0 && (s[nl] == '\n' || s[nl] == '\0'))
			return 1;
	return 0;
}

/* The image of kernels that defines KERNEL (C name or native __sycl_kernel_ name), or NULL. */
static const row *kernel_row(const table *t, const char *kernel)
{
	char native[512];
	snprintf(native, sizeof native, "__sycl_kernel_%s", kernel);
	for (size_t i = 0; i < t->nrows; i++)
		if (!t->rows[i].set && (lists(t->rows[i].syms, kernel, strlen(kernel)) ||
		                        lists(t->rows[i].syms, native, strlen(native))))
			return &t->rows[i];
	return NULL;
}

/* The first aspect of R that DEV's board lacks (its name, or its number in BUF), or NULL. */
static const char *lacking(const row *r, const kiln_device *dev, char *buf, size_t len)
{
	for (size_t i = 0; i < r->naspects; i++) {
		const char *name = kiln_aspect_name((int32_t)r->aspects[i]);
		if (name && kiln_device_has_aspect(dev, name))
			continue;
		if (!name)
			snprintf(buf, len, "%u (unknown)", r->aspects[i]);
		return name ? name : buf;
	}
	return NULL;
}

/* The images to link for kernel image K: K first, then for each set image of the table, in table order, the
 * image itself when the board has its aspects, else its dummy twin (the dummy of the same set with the same
 * functions). A set with only dummies gets one of them. */
static int choose(const table *t, const row *k, const kiln_device *dev, const row **pick, size_t *n)
{
	*n = 0;
	pick[(*n)++] = k;
	for (size_t i = 0; i < t->nrows; i++) {
		const row *r = &t->rows[i], *use = NULL;
		if (!r->set)
			continue;
		char buf[32];
		const char *missing = r->dummy ? NULL : lacking(r, dev, buf, sizeof buf);
		if (!r->dummy && !missing)
			use = r;
		for (size_t j = 0; !use && j < t->nrows; j++) {
			const row *d = &t->rows[j];
			if (d->dummy && d->set && !strcmp(d->set, r->set) && !strcmp(d->syms, r->syms))
				use = d;
		}
		if (r->dummy) {
			/* taken through its twin; alone (no twin) it is the set's only image */
			int twin = 0;
			for (size_t j = 0; j < t->nrows; j++)
				twin |= !t->rows[j].dummy && t->rows[j].set &&
				        !strcmp(t->rows[j].set, r->set) && !strcmp(t->rows[j].syms, r->syms);
			if (twin)
				continue;
		}
		if (!use)
			return kiln__fail(
			    KILN_ERR_UNSUPPORTED,
			    "%s: virtual-function set '%s' (%s) needs aspect %s, which board '%s' "
			    "lacks, and the table has no dummy image for it",
			    t->path, r->set, r->code, missing, dev->cfg.name);
		pick[(*n)++] = use;
	}
	/* Every set the kernel's image calls through must come from the table. */
	for (const char *s = k->uses; s && *s;) {
		size_t l = strcspn(s, ",");
		int found = 0;
		for (size_t i = 0; i < t->nrows && !found; i++)
			found =
			    t->rows[i].set && strlen(t->rows[i].set) == l && !strncmp(t->rows[i].set, s, l);
		if (!found)
			return kiln__fail(
			    KILN_ERR_NOT_FOUND,
			    "%s: the kernels of %s call through virtual-function set '%.*s', which "
			    "no image of the table defines",
			    t->path, k->code, (int)l, s);
		s += l + (s[l] == ',');
	}
	return KILN_OK;
}

/* Runs kiln-cc on the PICK images for DEV's board (or takes the image from the cache) into *OUT. */
static int build(const table *t, const char *kernel, kiln_context *ctx, const row **pick, size_t n,
                 kiln_program **out)
{
	kiln_build_input *in = calloc(n, sizeof *in);
	char **names = calloc(n, sizeof *names), **data = calloc(n, sizeof *data);
	char list[256] = "";
	int st = in && names && data ? KILN_OK : kiln__fail(KILN_ERR_NOMEM, "out of memory");
	for (size_t i = 0; st == KILN_OK && i < n; i++) {
		const char *base = strrchr(pick[i]->code, '/');
		base = base ? base + 1 : pick[i]->code;
		/* kiln-cc sees each image by its own file name (its diagnostics name it so), numbered
		 * should two folders hold the same name. */
		int clash = 0;
		for (size_t j = 0; j < i; j++)
			clash |= !strcmp(in[j].name, base);
		if (kiln_read_file(pick[i]->code, &data[i], &in[i].len) != 0) {
			st = kiln__fail(KILN_ERR_IO, "%s: cannot read: %s", pick[i]->code, strerror(errno));
			break;
		}
		if ((clash ? asprintf(&names[i], "%zu-%s", i, base) : asprintf(&names[i], "%s", base)) < 0) {
			st = kiln__fail(KILN_ERR_NOMEM, "out of memory");
			break;
		}
		in[i].name = names[i];
		in[i].data = data[i];
		size_t l = strlen(list);
		snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", names[i]);
	}
	if (st == KILN_OK) {
		const char *opts[] = {"--board", ctx->dev->cfg.name};
		kiln_build_request rq = {.kind = "linked",
		                         .board = ctx->dev->cfg.name,
		                         .inputs = in,
		                         .ninputs = n,
		                         .options = opts,
		                         .noptions = 2};
		kiln_build_result res;
		int b = kiln_online_build(&rq, &res);
		/* The error lines are what the user needs of kiln-cc's output (notes come first). */
		const char *why = res.log ? strstr(res.log, "error:") : NULL;
		while (why && why > res.log && why[-1] != '\n')
			why--;
		if (!why)
			why = res.log ? res.log : "";
		int wl = (int)strlen(why);
		while (wl > 0 && (why[wl - 1] == '\n' || why[wl - 1] == ' '))
			wl--;
		if (b == KILN_BUILD_NO_COMPILER)
			st = kiln__fail(KILN_ERR_NOT_FOUND, "%s: no kiln-cc to link kernel '%s': %.*s",
			                t->path, kernel, wl, why);
		else if (b != KILN_BUILD_OK)
			st = kiln__fail(KILN_ERR_IMAGE,
			                "%s: kiln-cc failed on kernel '%s' linked from %s: %.*s", t->path,
			                kernel, list, wl, why);
		else
			st = kiln_program_create_bytes(ctx, res.image, res.len, out);
		kiln_build_result_free(&res);
	}
	for (size_t i = 0; i < n; i++) {
		if (names)
			free(names[i]);
		if (data)
			free(data[i]);
	}
	free(in), free(names), free(data);
	return st;
}

int kiln_program_create_linked(kiln_context *ctx, const char *table_path, const char *kernel,
                               kiln_program **out)
{
	if (!ctx || !table_path || !kernel || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_create_linked: NULL argument");
	*out = NULL;
	table t = {0};
	int st = read_table(table_path, &t);
	const row *k = st == KILN_OK ? kernel_row(&t, kernel) : NULL;
	if (st == KILN_OK && !k)
		st = kiln__fail(KILN_ERR_NOT_FOUND, "%s: kernel '%s' is in no image of the table", table_path,
		                kernel);
	const row **pick = st == KILN_OK ? calloc(t.nrows + 1, sizeof *pick) : NULL;
	size_t n = 0;
	if (st == KILN_OK && !pick)
		st = kiln__fail(KILN_ERR_NOMEM, "out of memory");
	if (st == KILN_OK)
		st = choose(&t, k, ctx->dev, pick, &n);
	if (st == KILN_OK)
		st = build(&t, kernel, ctx, pick, n, out);
	free(pick);
	table_free(&t);
	return st;
}
