// SPDX-License-Identifier: Apache-2.0
/* Programs: an image loaded for a context. kiln_program_load keeps its original contract (the device's
 * default context, board programmed at once); kiln_program_create is lazy: the board gets the image when a
 * kernel of the program runs or a copy needs it (residency.c). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Frees P; it must already be detached from its context. */
static void program_free(kiln_program *p)
{
	if (!p)
		return;
	if (p->kernels)
		for (size_t i = 0; i < p->desc.nkernels; i++) {
			free(p->kernels[i].args);
			free(p->kernels[i].set);
		}
	free(p->kernels);
	free(p->usm);
	free(p->regmap_text);
	kiln_regmap_free(&p->regmap);
	kiln_propsets_free(&p->debug);
	kiln_desc_free(&p->desc);
	kiln_image_free(p->img);
	pthread_mutex_destroy(&p->args_lock);
	free(p);
}

/* Builds a program from IMG (owned; freed on failure) for context C; PATH names it in messages. EAGER
 * programs the board (kiln_program_load's contract). */
static int program_from_image(kiln_context *c, kiln_image *img, const char *path, int eager,
                              kiln_program **out)
{
	char err[512];
	kiln_device *dev = c->dev;
	kiln_program *p = calloc(1, sizeof *p);
	if (!p) {
		kiln_image_free(img);
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	}
	pthread_mutex_init(&p->args_lock, NULL);
	atomic_init(&p->refs, 1);
	p->dev = dev;
	p->img = img;
	if (strcmp(kiln_image_board(p->img), dev->cfg.name) != 0) {
		int st = kiln__fail(KILN_ERR_IMAGE, "%s: built for board '%s', not '%s'", path,
		                    kiln_image_board(p->img), dev->cfg.name);
		program_free(p);
		return st;
	}
	size_t len = 0;
	const char *meta = kiln_image_section(p->img, KILN_SEC_META, &len);
	if (!meta || kiln_desc_from_json(meta, len, &p->desc, err, sizeof err) != 0) {
		int st =
		    kiln__fail(KILN_ERR_IMAGE, "%s: image description: %s", path, meta ? err : "missing");
		program_free(p);
		return st;
	}
	if (p->desc.image_hash != kiln_image_hash(p->img)) {
		int st =
		    kiln__fail(KILN_ERR_IMAGE, "%s: description and header disagree on the image hash", path);
		program_free(p);
		return st;
	}
	const char *props = kiln_image_section(p->img, KILN_SEC_PROPS, &len);
	if (props && kiln_propsets_parse(props, len, &p->debug, err, sizeof err) != 0) {
		int st = kiln__fail(KILN_ERR_IMAGE, "%s: property sets: %s", path, err);
		program_free(p);
		return st;
	}
	int checked = kiln__debug_check(p, path);
	if (checked != KILN_OK) {
		program_free(p);
		return checked;
	}
	const char *rj = kiln_image_section(p->img, KILN_SEC_REGMAP, &len);
	if (rj && kiln_regmap_from_json(rj, len, &p->regmap, err, sizeof err) == 0)
		p->regmap_text = kiln_regmap_to_text(&p->regmap);
	p->kernels = calloc(p->desc.nkernels + 1, sizeof *p->kernels);
	p->usm = calloc(p->desc.ndgs + 1, sizeof *p->usm);
	if (!p->kernels || !p->usm) {
		program_free(p);
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	}
	for (size_t i = 0; i < p->desc.nkernels; i++) {
		kiln_kernel *k = &p->kernels[i];
		k->prog = p;
		k->desc = &p->desc.kernels[i];
		k->index = (unsigned)i;
		k->exit_status = -1;
		k->args = calloc(k->desc->nargs + 1, sizeof *k->args);
		k->set = calloc(k->desc->nargs + 1, 1);
		if (!k->args || !k->set) {
			program_free(p);
			return kiln__fail(KILN_ERR_NOMEM, "out of memory");
		}
	}
	kiln__dev_lock(dev);
	int st = kiln__ctx_attach(c, p);
	if (st == KILN_OK && eager)
		st = kiln__board_acquire(p, 1);
	if (st != KILN_OK && p->ctx) {
		if (dev->loaded_prog == p)
			dev->loaded_prog = NULL;
		kiln__ctx_detach(p);
	}
	kiln__dev_unlock(dev);
	if (st == KILN_OK && kiln_handle_add(p, KILN_H_PROGRAM) != 0) {
		kiln__program_unref(p); /* never handed out: not in the registry, so not through release */
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	}
	if (st != KILN_OK) {
		program_free(p);
		return st;
	}
	*out = p;
	return kiln__ok();
}

static int from_path(kiln_context *c, const char *path, int eager, kiln_program **out)
{
	char err[512];
	kiln_image *img = NULL;
	int rc = kiln_image_load(path, &img, err, sizeof err);
	if (rc !=
	    0) /* a file that cannot be read is an I/O error, as kiln.h says; one that is no image not */
		return kiln__fail(rc == -2 ? KILN_ERR_IO : KILN_ERR_IMAGE, "%s", err);
	return program_from_image(c, img, path, eager, out);
}

static int from_bytes(kiln_context *c, const void *data, size_t len, int eager, kiln_program **out)
{
	char err[512];
	kiln_image *img = NULL;
	if (kiln_image_parse(data, len, &img, err, sizeof err) != 0)
		return kiln__fail(KILN_ERR_IMAGE, "image: %s", err);
	return program_from_image(c, img, "image", eager, out);
}

int kiln_program_load(kiln_device *dev, const char *path, kiln_program **out)
{
	if (!dev || !path || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_load: NULL argument");
	*out = NULL;
	return from_path(dev->default_ctx, path, 1, out);
}

int kiln_program_load_bytes(kiln_device *dev, const void *data, size_t len, kiln_program **out)
{
	if (!dev || !data || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_load_bytes: NULL argument");
	*out = NULL;
	return from_bytes(dev->default_ctx, data, len, 1, out);
}

int kiln_program_create(kiln_context *ctx, const char *path, kiln_program **out)
{
	if (!ctx || !path || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_create: NULL argument");
	*out = NULL;
	return from_path(ctx, path, 0, out);
}

int kiln_program_create_bytes(kiln_context *ctx, const void *data, size_t len, kiln_program **out)
{
	if (!ctx || !data || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_create_bytes: NULL argument");
	*out = NULL;
	return from_bytes(ctx, data, len, 0, out);
}

kiln_context *kiln_program_context(const kiln_program *p)
{
	return p ? p->ctx : NULL;
}

int kiln_program_num_kernels(const kiln_program *p)
{
	return p ? (int)p->desc.nkernels : kiln__fail(KILN_ERR_INVALID, "NULL program");
}

const char *kiln_program_kernel_name(const kiln_program *p, int i)
{
	return p && i >= 0 && (size_t)i < p->desc.nkernels ? p->desc.kernels[i].name : NULL;
}

/* Unlinks P from its context and the board's bookkeeping; the device lock is held. */
static void program_detach(kiln_program *p)
{
	kiln_device *d = p->dev;
	if (d->loaded_prog == p) {
		/* Another program of the same context and image can speak for the board's values; else save
		 * them now, while the program that describes them still exists. */
		kiln_program *twin = NULL;
		for (kiln_program *q = p->ctx->progs; q && !twin; q = q->ctx_next)
			if (q != p && q->desc.image_hash == p->desc.image_hash)
				twin = q;
		if (twin)
			d->loaded_prog = twin;
		else
			kiln__shadow_save(d);
	}
	kiln__ctx_detach(p);
}

void kiln__program_retain(kiln_program *p)
{
	atomic_fetch_add(&p->refs, 1);
}

void kiln__program_unref(kiln_program *p)
{
	if (atomic_fetch_sub(&p->refs, 1) != 1)
		return;
	kiln_device *d = p->dev;
	kiln__dev_lock(d);
	program_detach(p);
	kiln__dev_unlock(d);
	program_free(p);
}

void kiln__program_destroy(kiln_program *p)
{
	kiln_handle_remove(p, KILN_H_PROGRAM);
	program_detach(p);
	program_free(p);
}

void kiln_program_release(kiln_program *p)
{
	if (!kiln_handle_remove(p, KILN_H_PROGRAM)) {
		kiln__fail(KILN_ERR_INVALID,
		           "kiln_program_release: %p is not a live program (released twice?)", (void *)p);
		return;
	}
	kiln__program_unref(p);
}

const char *kiln_program_regmap_text(const kiln_program *p)
{
	return p && p->regmap_text ? p->regmap_text : "";
}

int kiln_program_reprogram(kiln_program *p)
{
	if (!p)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_reprogram: NULL program");
	kiln_device *d = p->dev;
	kiln__dev_lock(d);
	int st = kiln__board_acquire(p, 1);
	/* "Every device global returns to its initial value": the context's USM instances of P's globals too.
	 */
	for (size_t i = 0; st == KILN_OK && i < p->desc.ndgs; i++) {
		const kiln_dg_desc *g = &p->desc.dgs[i];
		if (p->usm[i] && d->ops->mem_write(d->be, p->usm[i]->usm, g->init, g->size))
			st = kiln__fail(KILN_ERR_HW, "re-initialising device global '%s' in device memory",
			                g->unique_id);
	}
	kiln__dev_unlock(d);
	return st ? st : kiln__ok();
}
