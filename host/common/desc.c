// SPDX-License-Identifier: Apache-2.0
/* Image description codec. Field order in the JSON follows the structs in desc.h so that diffs between images
 * read naturally; the parser checks each field's type and range and the cross-field rules noted below. */
#include "host/common/desc.h"

#include "host/common/contract.h"
#include "host/common/jsonutil.h"
#include "host/common/sort.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {"single_task", "nd_range"};
static const char *const arg_kind_names[] = {"scalar", "pointer"};
static const char *const ha_names[] = {"read", "write", "read_write", "none"};
static const char *const init_names[] = {"reprogram", "reset"};
static const char *const storage_names[] = {"csr", "dedicated", "usm"};
#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Returns NAMES[I] or "?" for a value outside the enum (a corrupt struct must not crash a report). */
static const char *name_of(const char *const *names, int n, int i)
{
	return i >= 0 && i < n ? names[i] : "?";
}

const char *kiln_host_access_name(enum kiln_host_access a)
{
	return name_of(ha_names, N(ha_names), (int)a);
}

const char *kiln_init_mode_name(enum kiln_init_mode m)
{
	return name_of(init_names, N(init_names), (int)m);
}

const char *kiln_dg_storage_name(enum kiln_dg_storage s)
{
	return name_of(storage_names, N(storage_names), (int)s);
}

/* Builds the JSON object of one kernel; NULL when out of memory (jansson's *_new functions accept NULL). */
static json_t *kernel_to_json(const kiln_kernel_desc *k)
{
	json_t *args = json_array();
	for (size_t i = 0; i < k->nargs; i++) {
		const kiln_arg_desc *a = &k->args[i];
		json_array_append_new(
		    args,
		    json_pack("{s:s, s:s, s:I, s:b, s:I}", "name", a->name ? a->name : "", "kind",
		              name_of(arg_kind_names, N(arg_kind_names), (int)a->kind), "size",
		              (json_int_t)a->size, "signed", a->is_signed, "offset", (json_int_t)a->offset));
	}
	if (args && json_array_size(args) != k->nargs) {
		json_decref(args);
		return NULL;
	}
	json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:I, s:o}", "name", k->name ? k->name : "", "native_name",
	                      k->native_name ? k->native_name : "", "kind",
	                      name_of(kind_names, N(kind_names), (int)k->kind), "dims", (json_int_t)k->dims,
	                      "base", (json_int_t)k->base, "args", args);
	/* only when there are some, so that images without virtual-function sets keep their bytes */
	if (o && k->missing_sets && *k->missing_sets &&
	    json_object_set_new(o, "missing_sets", json_string(k->missing_sets)) != 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *dg_to_json(const kiln_dg_desc *g)
{
	static const char hex[] = "0123456789abcdef";
	char *init = malloc((size_t)g->size * 2 + 1);
	if (!init)
		return NULL;
	for (uint32_t i = 0; i < g->size; i++) {
		uint8_t v = g->init ? g->init[i] : 0;
		init[2 * i] = hex[v >> 4];
		init[2 * i + 1] = hex[v & 15];
	}
	init[(size_t)g->size * 2] = 0;
	json_t *o =
	    json_pack("{s:s, s:s, s:I, s:I, s:b, s:s, s:s, s:b, s:s, s:I, s:s}", "unique_id",
	              g->unique_id ? g->unique_id : "", "name", g->name ? g->name : "", "size",
	              (json_int_t)g->size, "elem_size", (json_int_t)g->elem_size, "image_scope",
	              g->image_scope, "host_access", kiln_host_access_name(g->host_access), "init_mode",
	              kiln_init_mode_name(g->init_mode), "implement_in_csr", g->implement_in_csr, "storage",
	              kiln_dg_storage_name(g->storage), "base", (json_int_t)g->base, "init", init);
	free(init);
	return o;
}

char *kiln_desc_to_json(const kiln_desc *d)
{
	char hash[32];
	snprintf(hash, sizeof hash, "0x%016llx", (unsigned long long)d->image_hash);
	json_t *kernels = json_array(), *dgs = json_array();
	for (size_t i = 0; i < d->nkernels; i++)
		json_array_append_new(kernels, kernel_to_json(&d->kernels[i]));
	for (size_t i = 0; i < d->ndgs; i++)
		json_array_append_new(dgs, dg_to_json(&d->dgs[i]));
	/* json_array_append_new refuses NULL, so a short array means an allocation failed somewhere below. */
	int ok = kernels && dgs && json_array_size(kernels) == d->nkernels && json_array_size(dgs) == d->ndgs;
	if (!ok) {
		json_decref(kernels);
		json_decref(dgs);
		return NULL;
	}
	json_t *root =
	    json_pack("{s:s, s:s, s:I, s:f, s:o, s:o}", "board", d->board ? d->board : "", "image_hash", hash,
	              "layout_version", (json_int_t)d->layout_version, "clock_period_ns", d->clock_period_ns,
	              "kernels", kernels, "device_globals", dgs);
	if (!root)
		return NULL;
	char *s = kiln_json_dump(root);
	json_decref(root);
	return s;
}

/* Parses "0x" followed by 1..16 hex digits. */
static int parse_hash(const json_t *root, uint64_t *out, char *err, size_t errlen)
{
	const json_t *v = json_object_get(root, "image_hash");
	if (!v) {
		snprintf(err, errlen, "image_hash: missing");
		return -1;
	}
	const char *s = json_string_value(v);
	size_t n = s ? strlen(s) : 0;
	int ok = s && n >= 3 && n <= 18 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	uint64_t h = 0;
	for (size_t i = 2; ok && i < n; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9'   ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10
		                               : -1;
		if (d < 0)
			ok = 0;
		h = h << 4 | (uint64_t)(d & 15);
	}
	if (!ok) {
		snprintf(err, errlen, "image_hash: expected a string \"0x\" followed by up to 16 hex digits");
		return -1;
	}
	*out = h;
	return 0;
}

static int parse_arg(const json_t *o, const char *path, kiln_arg_desc *a, char *err, size_t errlen)
{
	static const char *const keys[] = {"name", "kind", "size", "signed", "offset", NULL};
	int kind;
	if (kiln_json_only_keys(o, path, keys, err, errlen) ||
	    kiln_json_str(o, path, "name", 1, &a->name, err, errlen) ||
	    kiln_json_enum(o, path, "kind", arg_kind_names, N(arg_kind_names), &kind, err, errlen) ||
	    kiln_json_u32(o, path, "size", 1, 8, &a->size, err, errlen) ||
	    kiln_json_bool(o, path, "signed", &a->is_signed, err, errlen) ||
	    kiln_json_u32(o, path, "offset", 0, UINT32_MAX, &a->offset, err, errlen))
		return -1;
	a->kind = (enum kiln_arg_kind)kind;
	if (a->size & (a->size - 1)) {
		snprintf(err, errlen, "%s.size: %u is not 1, 2, 4 or 8", path, (unsigned)a->size);
		return -1;
	}
	if (a->kind == KILN_ARG_POINTER && a->size != 8) {
		snprintf(err, errlen, "%s.size: a pointer argument has size 8, got %u", path,
		         (unsigned)a->size);
		return -1;
	}
	if (a->offset % 4) {
		snprintf(err, errlen, "%s.offset: 0x%x is not word-aligned", path, (unsigned)a->offset);
		return -1;
	}
	return 0;
}

static int parse_kernel(const json_t *o, const char *path, kiln_kernel_desc *k, char *err, size_t errlen)
{
	static const char *const keys[] = {"name", "native_name", "kind",         "dims",
	                                   "base", "args",        "missing_sets", NULL};
	int kind;
	json_t *args;
	if (kiln_json_only_keys(o, path, keys, err, errlen) ||
	    kiln_json_str(o, path, "name", 1, &k->name, err, errlen) ||
	    kiln_json_str(o, path, "native_name", 1, &k->native_name, err, errlen) ||
	    kiln_json_enum(o, path, "kind", kind_names, N(kind_names), &kind, err, errlen) ||
	    kiln_json_u32(o, path, "dims", 0, 3, &k->dims, err, errlen) ||
	    kiln_json_u32(o, path, "base", 0, UINT32_MAX, &k->base, err, errlen) ||
	    kiln_json_array(o, path, "args", &args, err, errlen) ||
	    kiln_json_str_opt(o, path, "missing_sets", "", &k->missing_sets, err, errlen))
		return -1;
	k->kind = (enum kiln_kernel_kind)kind;
	if ((k->kind == KILN_KERNEL_SINGLE_TASK) != (k->dims == 0)) {
		snprintf(err, errlen, "%s.dims: %u does not fit a %s kernel (single_task 0, nd_range 1..3)",
		         path, (unsigned)k->dims, kind_names[kind]);
		return -1;
	}
	if (k->base % 4) {
		snprintf(err, errlen, "%s.base: 0x%x is not word-aligned", path, (unsigned)k->base);
		return -1;
	}
	size_t n = json_array_size(args);
	k->args = calloc(n ? n : 1, sizeof *k->args);
	if (!k->args) {
		snprintf(err, errlen, "%s.args: out of memory", path);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		char sub[160];
		json_t *a;
		k->nargs = i + 1; /* counted first so that a failure frees what this element already owns */
		if (kiln_json_elem_obj(args, path, "args", i, &a, sub, sizeof sub, err, errlen) ||
		    parse_arg(a, sub, &k->args[i], err, errlen))
			return -1;
	}
	return 0;
}

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static int parse_dg(const json_t *o, const char *path, kiln_dg_desc *g, char *err, size_t errlen)
{
	static const char *const keys[] = {"unique_id",   "name",        "size",      "elem_size",
	                                   "image_scope", "host_access", "init_mode", "implement_in_csr",
	                                   "storage",     "base",        "init",      NULL};
	int ha, im, st;
	char *init;
	if (kiln_json_only_keys(o, path, keys, err, errlen) ||
	    kiln_json_str(o, path, "unique_id", 1, &g->unique_id, err, errlen) ||
	    kiln_json_str(o, path, "name", 1, &g->name, err, errlen) ||
	    kiln_json_u32(o, path, "size", 1, UINT32_MAX / 2, &g->size, err, errlen) ||
	    kiln_json_u32(o, path, "elem_size", 1, UINT32_MAX, &g->elem_size, err, errlen) ||
	    kiln_json_bool(o, path, "image_scope", &g->image_scope, err, errlen) ||
	    kiln_json_enum(o, path, "host_access", ha_names, N(ha_names), &ha, err, errlen) ||
	    kiln_json_enum(o, path, "init_mode", init_names, N(init_names), &im, err, errlen) ||
	    kiln_json_bool(o, path, "implement_in_csr", &g->implement_in_csr, err, errlen) ||
	    kiln_json_enum(o, path, "storage", storage_names, N(storage_names), &st, err, errlen) ||
	    kiln_json_u32(o, path, "base", 0, UINT32_MAX, &g->base, err, errlen) ||
	    kiln_json_str(o, path, "init", 0, &init, err, errlen))
		return -1;
	g->host_access = (enum kiln_host_access)ha;
	g->init_mode = (enum kiln_init_mode)im;
	g->storage = (enum kiln_dg_storage)st;
	int rc = -1;
	if (g->size % g->elem_size) {
		snprintf(err, errlen, "%s.elem_size: %u does not divide size %u", path,
		         (unsigned)g->elem_size, (unsigned)g->size);
	} else if ((g->storage == KILN_DG_USM) == (g->image_scope != 0)) {
		/* ARCHITECTURE: device_image_scope storage lives in the image, every other global in device
		 * memory. */
		snprintf(err, errlen, "%s.storage: %s does not fit image_scope %s", path, storage_names[st],
		         g->image_scope ? "true" : "false");
	} else if (g->base % 4) {
		snprintf(err, errlen, "%s.base: 0x%x is not word-aligned", path, (unsigned)g->base);
	} else if (strlen(init) != (size_t)g->size * 2) {
		snprintf(err, errlen, "%s.init: %zu hex digits, expected %llu (2 per byte of size)", path,
		         strlen(init), (unsigned long long)g->size * 2);
	} else if (!(g->init = malloc(g->size))) {
		snprintf(err, errlen, "%s.init: out of memory", path);
	} else {
		rc = 0;
		for (uint32_t i = 0; i < g->size; i++) {
			int hi = hex_digit(init[2 * i]), lo = hex_digit(init[2 * i + 1]);
			if (hi < 0 || lo < 0) {
				snprintf(err, errlen, "%s.init: not a lowercase hex string", path);
				rc = -1;
				break;
			}
			g->init[i] = (uint8_t)(hi << 4 | lo);
		}
	}
	free(init);
	return rc;
}

/* One register window of the image, for the layout check. */
typedef struct region {
	uint64_t lo, hi;
	const char *what, *name;
} region;

static int region_cmp(const void *a, const void *b)
{
	const region *x = a, *y = b;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* An image's addresses reach the bus (kiln_dg_write, argument writes): every window must lie in image space
 * after the ID block and overlap no other, so that no crafted value can make a host access land on the
 * shell's registers, device memory or another kernel's registers. */
static int check_layout(const kiln_desc *d, char *err, size_t errlen)
{
	if (d->nkernels > KILN_MAX_KERNELS) {
		snprintf(err, errlen, "kernels: %zu kernels; an image holds at most %u", d->nkernels,
		         KILN_MAX_KERNELS);
		return -1;
	}
	region *r = calloc(d->nkernels + d->ndgs + 1, sizeof *r);
	if (!r) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	size_t n = 0;
	for (size_t i = 0; i < d->nkernels; i++) {
		const kiln_kernel_desc *k = &d->kernels[i];
		uint64_t hi = (uint64_t)k->base + KILN_KERNEL_CTRL_BYTES;
		for (size_t j = 0; j < k->nargs; j++) {
			const kiln_arg_desc *a = &k->args[j];
			uint64_t end = (uint64_t)a->offset + (a->size + 3) / 4 * 4;
			if (a->offset < (uint64_t)k->base + KILN_KERNEL_CTRL_BYTES) {
				snprintf(err, errlen,
				         "kernels[%zu].args[%zu].offset: 0x%x is not after the kernel's "
				         "control registers (base 0x%x)",
				         i, j, (unsigned)a->offset, (unsigned)k->base);
				free(r);
				return -1;
			}
			if (end > hi)
				hi = end;
		}
		r[n++] = (region){k->base, hi, "kernel", k->name};
	}
	for (size_t i = 0; i < d->ndgs; i++) {
		const kiln_dg_desc *g = &d->dgs[i];
		/* A USM global's window is its 64-bit device-address register. */
		uint64_t span = g->storage == KILN_DG_USM ? 8 : ((uint64_t)g->size + 3) / 4 * 4;
		r[n++] =
		    (region){g->base, (uint64_t)g->base + (span ? span : 4), "device global", g->unique_id};
	}
	kiln_sort(r, n, sizeof *r, region_cmp);
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		if (r[i].lo < KILN_IMAGE_ID_BYTES || r[i].hi > KILN_IMAGE_SPAN) {
			snprintf(err, errlen,
			         "%s '%s': registers 0x%llx..0x%llx are outside the image's window "
			         "0x%x..0x%x",
			         r[i].what, r[i].name, (unsigned long long)r[i].lo,
			         (unsigned long long)r[i].hi - 1, KILN_IMAGE_ID_BYTES, KILN_IMAGE_SPAN - 1);
			rc = -1;
		} else if (i + 1 < n && r[i + 1].lo < r[i].hi) {
			snprintf(err, errlen, "%s '%s' (0x%llx..0x%llx) overlaps %s '%s' at 0x%llx",
			         r[i].what, r[i].name, (unsigned long long)r[i].lo,
			         (unsigned long long)r[i].hi - 1, r[i + 1].what, r[i + 1].name,
			         (unsigned long long)r[i + 1].lo);
			rc = -1;
		}
	}
	free(r);
	return rc;
}

int kiln_desc_from_json(const char *json, size_t len, kiln_desc *out, char *err, size_t errlen)
{
	static const char *const keys[] = {
	    "board", "image_hash", "layout_version", "clock_period_ns", "kernels", "device_globals", NULL};
	*out = (kiln_desc){0};
	json_t *root = kiln_json_load(json, len, err, errlen), *kernels, *dgs;
	if (!root)
		return -1;
	char sub[96];
	if (kiln_json_only_keys(root, "", keys, err, errlen) ||
	    kiln_json_str(root, "", "board", 1, &out->board, err, errlen) ||
	    parse_hash(root, &out->image_hash, err, errlen) ||
	    kiln_json_u32(root, "", "layout_version", 1, UINT32_MAX, &out->layout_version, err, errlen) ||
	    kiln_json_positive(root, "", "clock_period_ns", &out->clock_period_ns, err, errlen) ||
	    kiln_json_array(root, "", "kernels", &kernels, err, errlen) ||
	    kiln_json_array(root, "", "device_globals", &dgs, err, errlen))
		goto fail;
	size_t nk = json_array_size(kernels), ng = json_array_size(dgs);
	out->kernels = calloc(nk ? nk : 1, sizeof *out->kernels);
	out->dgs = calloc(ng ? ng : 1, sizeof *out->dgs);
	if (!out->kernels || !out->dgs) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	for (size_t i = 0; i < nk; i++) {
		json_t *o;
		out->nkernels = i + 1;
		if (kiln_json_elem_obj(kernels, "", "kernels", i, &o, sub, sizeof sub, err, errlen) ||
		    parse_kernel(o, sub, &out->kernels[i], err, errlen))
			goto fail;
		for (size_t j = 0; j < i; j++) {
			if (strcmp(out->kernels[j].name, out->kernels[i].name) == 0) {
				snprintf(err, errlen, "%s.name: duplicate kernel '%s'", sub,
				         out->kernels[i].name);
				goto fail;
			}
		}
	}
	for (size_t i = 0; i < ng; i++) {
		json_t *o;
		out->ndgs = i + 1;
		if (kiln_json_elem_obj(dgs, "", "device_globals", i, &o, sub, sizeof sub, err, errlen) ||
		    parse_dg(o, sub, &out->dgs[i], err, errlen))
			goto fail;
		for (size_t j = 0; j < i; j++) {
			if (strcmp(out->dgs[j].unique_id, out->dgs[i].unique_id) == 0) {
				snprintf(err, errlen, "%s.unique_id: duplicate '%s'", sub,
				         out->dgs[i].unique_id);
				goto fail;
			}
		}
	}
	if (check_layout(out, err, errlen))
		goto fail;
	json_decref(root);
	return 0;
fail:
	json_decref(root);
	kiln_desc_free(out);
	return -1;
}

void kiln_desc_free(kiln_desc *d)
{
	for (size_t i = 0; i < d->nkernels; i++) {
		kiln_kernel_desc *k = &d->kernels[i];
		for (size_t j = 0; j < k->nargs; j++)
			free(k->args[j].name);
		free(k->args);
		free(k->name);
		free(k->native_name);
		free(k->missing_sets);
	}
	for (size_t i = 0; i < d->ndgs; i++) {
		free(d->dgs[i].unique_id);
		free(d->dgs[i].name);
		free(d->dgs[i].init);
	}
	free(d->kernels);
	free(d->dgs);
	free(d->board);
	*d = (kiln_desc){0};
}

const kiln_kernel_desc *kiln_desc_find_kernel(const kiln_desc *d, const char *name)
{
	static const char prefix[] = "__sycl_kernel_";
	for (size_t i = 0; i < d->nkernels; i++) {
		const kiln_kernel_desc *k = &d->kernels[i];
		if ((k->name && strcmp(k->name, name) == 0) ||
		    (k->native_name && strcmp(k->native_name, name) == 0))
			return k;
	}
	/* A native name whose C name was recorded without the native form still resolves. */
	if (strncmp(name, prefix, sizeof prefix - 1) == 0) {
		for (size_t i = 0; i < d->nkernels; i++)
			if (d->kernels[i].name && strcmp(d->kernels[i].name, name + sizeof prefix - 1) == 0)
				return &d->kernels[i];
	}
	return NULL;
}

const kiln_dg_desc *kiln_desc_find_dg(const kiln_desc *d, const char *unique_id)
{
	for (size_t i = 0; i < d->ndgs; i++)
		if (d->dgs[i].unique_id && strcmp(d->dgs[i].unique_id, unique_id) == 0)
			return &d->dgs[i];
	return NULL;
}
