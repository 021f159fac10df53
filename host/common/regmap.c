// SPDX-License-Identifier: Apache-2.0
/* Register-map model, its consistency check and its JSON form (the exporters are in regmap_export.c). */
#include "host/common/regmap.h"

#include "host/common/jsonutil.h"
#include "host/common/regmap_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const acc_names[] = {"ro", "wo", "rw", "w1c"};
#define NACC ((int)(sizeof acc_names / sizeof acc_names[0]))

const char *kiln_reg_access_name(enum kiln_reg_access a)
{
	return (int)a >= 0 && (int)a < NACC ? acc_names[a] : "?";
}

/* Duplicates S (NULL as ""); NULL when out of memory. */
static char *dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

/* Grows *ARR (of *N elements of SIZE bytes) by one zeroed element and returns it; NULL when out of memory. */
static void *grow(void **arr, size_t *n, size_t size)
{
	char *a = realloc(*arr, (*n + 1) * size);
	if (!a)
		return NULL;
	*arr = a;
	memset(a + *n * size, 0, size);
	return a + (*n)++ * size;
}

kiln_regblock *kiln_regmap_add_block(kiln_regmap *m, const char *name, uint32_t base, uint32_t size,
                                     const char *desc)
{
	char *n = dup_or_empty(name), *d = dup_or_empty(desc);
	kiln_regblock *b = n && d ? grow((void **)&m->blocks, &m->nblocks, sizeof *b) : NULL;
	if (!b) {
		free(n);
		free(d);
		return NULL;
	}
	b->name = n;
	b->desc = d;
	b->base = base;
	b->size = size;
	return b;
}

kiln_reg *kiln_regblock_add_reg(kiln_regblock *b, const char *name, uint32_t offset, enum kiln_reg_access acc,
                                uint32_t reset, const char *desc)
{
	char *n = dup_or_empty(name), *d = dup_or_empty(desc);
	kiln_reg *r = n && d ? grow((void **)&b->regs, &b->nregs, sizeof *r) : NULL;
	if (!r) {
		free(n);
		free(d);
		return NULL;
	}
	r->name = n;
	r->desc = d;
	r->offset = offset;
	r->access = acc;
	r->reset = reset;
	return r;
}

int kiln_reg_add_field(kiln_reg *r, const char *name, uint32_t lsb, uint32_t width, enum kiln_reg_access acc,
                       const char *desc)
{
	char *n = dup_or_empty(name), *d = dup_or_empty(desc);
	kiln_field *f = n && d ? grow((void **)&r->fields, &r->nfields, sizeof *f) : NULL;
	if (!f) {
		free(n);
		free(d);
		return -1;
	}
	*f = (kiln_field){n, lsb, width, acc, d};
	return 0;
}

/* Two names clash when they are equal or become the same C identifier (the C header must stay compilable). */
static int names_clash(const char *a, const char *b)
{
	return strcmp(a, b) == 0 || kiln_ident_same(a, b);
}

static int check_fields(const kiln_regblock *b, const kiln_reg *r, char *err, size_t errlen)
{
	uint32_t used = 0;
	for (size_t k = 0; k < r->nfields; k++) {
		const kiln_field *f = &r->fields[k];
		if (!f->name || !*f->name) {
			snprintf(err, errlen, "%s.%s: field %zu has no name", b->name, r->name, k);
			return -1;
		}
		if (f->width == 0 || f->lsb >= 32 || f->width > 32 - f->lsb) {
			snprintf(err, errlen, "%s.%s.%s: bits [%u+%u] do not fit a 32-bit register", b->name,
			         r->name, f->name, (unsigned)f->lsb, (unsigned)f->width);
			return -1;
		}
		if ((int)f->access < 0 || (int)f->access >= NACC) {
			snprintf(err, errlen, "%s.%s.%s: bad access %d", b->name, r->name, f->name,
			         (int)f->access);
			return -1;
		}
		uint32_t mask = kiln_field_mask(f);
		if (used & mask) {
			snprintf(err, errlen, "%s.%s.%s: overlaps another field", b->name, r->name, f->name);
			return -1;
		}
		used |= mask;
		for (size_t j = 0; j < k; j++) {
			if (names_clash(r->fields[j].name, f->name)) {
				snprintf(err, errlen, "%s.%s: duplicate field name %s", b->name, r->name,
				         f->name);
				return -1;
			}
		}
	}
	return 0;
}

static int check_block(const kiln_regmap *m, const kiln_regblock *b, char *err, size_t errlen)
{
	uint64_t end = (uint64_t)b->base + b->size;
	if (b->size == 0 || b->base % 4 || b->size % 4) {
		snprintf(err, errlen,
		         "%s: base 0x%x and size 0x%x must be word-aligned and the size non-zero", b->name,
		         (unsigned)b->base, (unsigned)b->size);
		return -1;
	}
	if ((uint64_t)m->image_base + end > (uint64_t)UINT32_MAX + 1) {
		snprintf(err, errlen, "%s: ends past the 32-bit host address space", b->name);
		return -1;
	}
	if (b->is_memory && b->nregs) {
		snprintf(err, errlen, "%s: a memory block has no registers", b->name);
		return -1;
	}
	if (b->is_memory && ((int)b->mem_access < 0 || (int)b->mem_access >= NACC)) {
		snprintf(err, errlen, "%s: bad memory access %d", b->name, (int)b->mem_access);
		return -1;
	}
	for (size_t j = 0; j < b->nregs; j++) {
		const kiln_reg *r = &b->regs[j];
		if (!r->name || !*r->name) {
			snprintf(err, errlen, "%s: register %zu has no name", b->name, j);
			return -1;
		}
		if (r->offset % 4) {
			snprintf(err, errlen, "%s.%s: offset 0x%x is not word-aligned", b->name, r->name,
			         (unsigned)r->offset);
			return -1;
		}
		if (r->offset < b->base || (uint64_t)r->offset + 4 > end) {
			snprintf(err, errlen, "%s.%s: offset 0x%x outside the block (0x%x..0x%llx)", b->name,
			         r->name, (unsigned)r->offset, (unsigned)b->base,
			         (unsigned long long)end - 1);
			return -1;
		}
		if ((int)r->access < 0 || (int)r->access >= NACC) {
			snprintf(err, errlen, "%s.%s: bad access %d", b->name, r->name, (int)r->access);
			return -1;
		}
		for (size_t i = 0; i < j; i++) {
			if (names_clash(b->regs[i].name, r->name)) {
				snprintf(err, errlen, "%s: duplicate register name %s", b->name, r->name);
				return -1;
			}
			if (b->regs[i].offset == r->offset) {
				snprintf(err, errlen, "%s: registers %s and %s overlap at offset 0x%x",
				         b->name, b->regs[i].name, r->name, (unsigned)r->offset);
				return -1;
			}
		}
		if (check_fields(b, r, err, errlen))
			return -1;
	}
	return 0;
}

int kiln_regmap_check(const kiln_regmap *m, char *err, size_t errlen)
{
	if (!m->image || !*m->image) {
		snprintf(err, errlen, "register map has no image name");
		return -1;
	}
	for (size_t i = 0; i < m->nblocks; i++) {
		const kiln_regblock *b = &m->blocks[i];
		if (!b->name || !*b->name) {
			snprintf(err, errlen, "block %zu has no name", i);
			return -1;
		}
		if (check_block(m, b, err, errlen))
			return -1;
		for (size_t j = 0; j < i; j++) {
			const kiln_regblock *a = &m->blocks[j];
			if (names_clash(a->name, b->name)) {
				snprintf(err, errlen, "duplicate block name %s", b->name);
				return -1;
			}
			if ((uint64_t)a->base + a->size > b->base && (uint64_t)b->base + b->size > a->base) {
				snprintf(err, errlen, "blocks %s and %s overlap", a->name, b->name);
				return -1;
			}
		}
	}
	return 0;
}

const kiln_reg *kiln_regmap_find(const kiln_regmap *m, const char *block, const char *reg)
{
	for (size_t i = 0; i < m->nblocks; i++) {
		if (strcmp(m->blocks[i].name, block))
			continue;
		for (size_t j = 0; j < m->blocks[i].nregs; j++)
			if (strcmp(m->blocks[i].regs[j].name, reg) == 0)
				return &m->blocks[i].regs[j];
	}
	return NULL;
}

void kiln_regmap_free(kiln_regmap *m)
{
	for (size_t i = 0; i < m->nblocks; i++) {
		kiln_regblock *b = &m->blocks[i];
		for (size_t j = 0; j < b->nregs; j++) {
			kiln_reg *r = &b->regs[j];
			for (size_t k = 0; k < r->nfields; k++) {
				free(r->fields[k].name);
				free(r->fields[k].desc);
			}
			free(r->fields);
			free(r->name);
			free(r->desc);
		}
		free(b->regs);
		free(b->name);
		free(b->desc);
	}
	free(m->blocks);
	free(m->image);
	*m = (kiln_regmap){0};
}

/* JSON form, in the spirit of LiteX's csr.json: plain integers for addresses, every member always present. */

static json_t *reg_to_json(const kiln_reg *r, uint32_t image_base)
{
	json_t *fields = json_array();
	for (size_t k = 0; k < r->nfields; k++) {
		const kiln_field *f = &r->fields[k];
		json_array_append_new(fields, json_pack("{s:s, s:I, s:I, s:s, s:s}", "name", f->name, "lsb",
		                                        (json_int_t)f->lsb, "width", (json_int_t)f->width,
		                                        "access", kiln_reg_access_name(f->access), "desc",
		                                        f->desc ? f->desc : ""));
	}
	if (fields && json_array_size(fields) != r->nfields) {
		json_decref(fields);
		return NULL;
	}
	return json_pack("{s:s, s:I, s:I, s:s, s:I, s:s, s:o}", "name", r->name, "address",
	                 (json_int_t)image_base + r->offset, "offset", (json_int_t)r->offset, "access",
	                 kiln_reg_access_name(r->access), "reset", (json_int_t)r->reset, "desc",
	                 r->desc ? r->desc : "", "fields", fields);
}

/* Every block and register carries both its host bus address ("address", what kiln read/write and the C
 * header's _ADDR take) and its offset in image space ("base", "offset"). */
static json_t *block_to_json(const kiln_regblock *b, uint32_t image_base)
{
	json_t *regs = json_array();
	for (size_t j = 0; j < b->nregs; j++)
		json_array_append_new(regs, reg_to_json(&b->regs[j], image_base));
	if (regs && json_array_size(regs) != b->nregs) {
		json_decref(regs);
		return NULL;
	}
	return json_pack("{s:s, s:I, s:I, s:I, s:s, s:b, s:s, s:o}", "name", b->name, "address",
	                 (json_int_t)image_base + b->base, "base", (json_int_t)b->base, "size",
	                 (json_int_t)b->size, "desc", b->desc ? b->desc : "", "memory", b->is_memory,
	                 "mem_access", kiln_reg_access_name(b->mem_access), "registers", regs);
}

char *kiln_regmap_to_json(const kiln_regmap *m)
{
	json_t *blocks = json_array();
	for (size_t i = 0; i < m->nblocks; i++)
		json_array_append_new(blocks, block_to_json(&m->blocks[i], m->image_base));
	if (!blocks || json_array_size(blocks) != m->nblocks) {
		json_decref(blocks);
		return NULL;
	}
	json_t *root = json_pack("{s:s, s:I, s:I, s:o}", "image", m->image ? m->image : "", "layout_version",
	                         (json_int_t)m->layout_version, "image_base", (json_int_t)m->image_base,
	                         "blocks", blocks);
	if (!root)
		return NULL;
	char *s = kiln_json_dump(root);
	json_decref(root);
	return s;
}

static int field_from_json(const json_t *o, const char *path, kiln_reg *r, char *err, size_t errlen)
{
	static const char *const keys[] = {"name", "lsb", "width", "access", "desc", NULL};
	char *name = NULL, *desc = NULL;
	uint32_t lsb, width;
	int acc, rc = -1;
	if (!kiln_json_only_keys(o, path, keys, err, errlen) &&
	    !kiln_json_str(o, path, "name", 1, &name, err, errlen) &&
	    !kiln_json_u32(o, path, "lsb", 0, 31, &lsb, err, errlen) &&
	    !kiln_json_u32(o, path, "width", 1, 32, &width, err, errlen) &&
	    !kiln_json_enum(o, path, "access", acc_names, NACC, &acc, err, errlen) &&
	    !kiln_json_str_opt(o, path, "desc", "", &desc, err, errlen)) {
		rc = kiln_reg_add_field(r, name, lsb, width, (enum kiln_reg_access)acc, desc);
		if (rc)
			snprintf(err, errlen, "%s: out of memory", path);
	}
	free(name);
	free(desc);
	return rc;
}

static int reg_from_json(const json_t *o, const char *path, kiln_regblock *b, char *err, size_t errlen)
{
	static const char *const keys[] = {"name",  "address", "offset", "access",
	                                   "reset", "desc",    "fields", NULL};
	char *name = NULL, *desc = NULL;
	uint32_t offset, reset;
	int acc, rc = -1;
	json_t *fields = NULL;
	kiln_reg *r = NULL;
	if (!kiln_json_only_keys(o, path, keys, err, errlen) &&
	    !kiln_json_str(o, path, "name", 1, &name, err, errlen) &&
	    !kiln_json_u32(o, path, "offset", 0, UINT32_MAX, &offset, err, errlen) &&
	    !kiln_json_enum(o, path, "access", acc_names, NACC, &acc, err, errlen) &&
	    !kiln_json_u32(o, path, "reset", 0, UINT32_MAX, &reset, err, errlen) &&
	    !kiln_json_str_opt(o, path, "desc", "", &desc, err, errlen)) {
		/* "fields" may be left out for registers without bit fields. */
		fields = json_object_get(o, "fields");
		if (fields && !json_is_array(fields))
			snprintf(err, errlen, "%s.fields: expected an array", path);
		else if (!(r = kiln_regblock_add_reg(b, name, offset, (enum kiln_reg_access)acc, reset,
		                                     desc)))
			snprintf(err, errlen, "%s: out of memory", path);
		else
			rc = 0;
	}
	free(name);
	free(desc);
	for (size_t k = 0; r && k < json_array_size(fields); k++) {
		char sub[192];
		json_t *f;
		if (kiln_json_elem_obj(fields, path, "fields", k, &f, sub, sizeof sub, err, errlen) ||
		    field_from_json(f, sub, r, err, errlen))
			return -1;
	}
	return rc;
}

static int block_from_json(const json_t *o, const char *path, kiln_regmap *m, char *err, size_t errlen)
{
	static const char *const keys[] = {"name",   "address",    "base",      "size", "desc",
	                                   "memory", "mem_access", "registers", NULL};
	char *name = NULL, *desc = NULL;
	uint32_t base, size;
	int mem = 0, acc = KILN_ACC_RW, rc = -1;
	json_t *regs = NULL;
	kiln_regblock *b = NULL;
	if (!kiln_json_only_keys(o, path, keys, err, errlen) &&
	    !kiln_json_str(o, path, "name", 1, &name, err, errlen) &&
	    !kiln_json_u32(o, path, "base", 0, UINT32_MAX, &base, err, errlen) &&
	    !kiln_json_u32(o, path, "size", 0, UINT32_MAX, &size, err, errlen) &&
	    !kiln_json_str_opt(o, path, "desc", "", &desc, err, errlen) &&
	    !kiln_json_bool(o, path, "memory", &mem, err, errlen) &&
	    (!json_object_get(o, "mem_access") ||
	     !kiln_json_enum(o, path, "mem_access", acc_names, NACC, &acc, err, errlen)) &&
	    !kiln_json_array(o, path, "registers", &regs, err, errlen)) {
		if (!(b = kiln_regmap_add_block(m, name, base, size, desc)))
			snprintf(err, errlen, "%s: out of memory", path);
		else
			rc = 0;
	}
	free(name);
	free(desc);
	if (!b)
		return rc;
	b->is_memory = mem;
	b->mem_access = (enum kiln_reg_access)acc;
	for (size_t j = 0; j < json_array_size(regs); j++) {
		char sub[160];
		json_t *r;
		if (kiln_json_elem_obj(regs, path, "registers", j, &r, sub, sizeof sub, err, errlen) ||
		    reg_from_json(r, sub, b, err, errlen))
			return -1;
	}
	return 0;
}

int kiln_regmap_from_json(const char *json, size_t len, kiln_regmap *out, char *err, size_t errlen)
{
	static const char *const keys[] = {"image", "layout_version", "image_base", "blocks", NULL};
	*out = (kiln_regmap){0};
	json_t *root = kiln_json_load(json, len, err, errlen), *blocks;
	if (!root)
		return -1;
	if (kiln_json_only_keys(root, "", keys, err, errlen) ||
	    kiln_json_str(root, "", "image", 1, &out->image, err, errlen) ||
	    kiln_json_u32(root, "", "layout_version", 1, UINT32_MAX, &out->layout_version, err, errlen) ||
	    kiln_json_u32(root, "", "image_base", 0, UINT32_MAX, &out->image_base, err, errlen) ||
	    kiln_json_array(root, "", "blocks", &blocks, err, errlen))
		goto fail;
	for (size_t i = 0; i < json_array_size(blocks); i++) {
		char sub[64];
		json_t *b;
		if (kiln_json_elem_obj(blocks, "", "blocks", i, &b, sub, sizeof sub, err, errlen) ||
		    block_from_json(b, sub, out, err, errlen))
			goto fail;
	}
	/* A map that parses but is inconsistent would generate broken headers, so it is refused here too. */
	if (kiln_regmap_check(out, err, errlen))
		goto fail;
	json_decref(root);
	return 0;
fail:
	json_decref(root);
	kiln_regmap_free(out);
	return -1;
}
