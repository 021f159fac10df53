#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

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
	kiln_desc_free(&p->desc);
	kiln_image_free(p->img);
	free(p);
}

/* Checks the hardware ID block against the image: the runtime touches nothing else before this passes. */
static int check_id(kiln_program *p)
{
	uint32_t magic = 0, ver = 0, lo = 0, hi = 0;
	int st;
	if ((st = kiln__img_read(p->dev, 0x0, &magic)) || (st = kiln__img_read(p->dev, 0x4, &ver)) ||
	    (st = kiln__img_read(p->dev, 0x8, &lo)) || (st = kiln__img_read(p->dev, 0xC, &hi)))
		return st;
	if (magic != KILN_ID_MAGIC)
		return kiln__fail(KILN_ERR_HW, "ID block: magic 0x%08x, expected 0x%08x", magic, KILN_ID_MAGIC);
	if (ver != KILN_LAYOUT_VERSION)
		return kiln__fail(KILN_ERR_HW, "ID block: register layout version %u, this runtime knows %u", ver,
				  KILN_LAYOUT_VERSION);
	uint64_t h = (uint64_t)hi << 32 | lo;
	if (h != p->desc.image_hash)
		return kiln__fail(KILN_ERR_HW, "ID block: image hash %016" PRIx64 " on the board, %016" PRIx64
					       " in the image file",
				  h, p->desc.image_hash);
	return KILN_OK;
}

int kiln__program_board(kiln_program *p)
{
	kiln_device *d = p->dev;
	char err[512];
	int st = d->ops->program(d->be, p->img, err, sizeof err);
	if (st != 0) {
		d->loaded_hash = 0;
		return kiln__fail(st, "programming the board: %s", err);
	}
	d->loaded_hash = p->desc.image_hash;
	if ((st = check_id(p)) != KILN_OK) {
		d->loaded_hash = 0;
		return st;
	}
	/* Globals without device_image_scope live in device memory: allocate, initialise, publish usmptr. */
	for (size_t i = 0; i < p->desc.ndgs; i++) {
		const kiln_dg_desc *g = &p->desc.dgs[i];
		if (g->storage != KILN_DG_USM)
			continue;
		if (!p->usm[i] && kiln_devmem_alloc_block(&d->mem, g->size ? g->size : 1, &p->usm[i]) != 0)
			return kiln__fail(KILN_ERR_NOMEM, "device memory exhausted allocating device global '%s'",
					  g->unique_id);
		if ((st = d->ops->mem_write(d->be, p->usm[i], g->init, g->size)) != 0)
			return kiln__fail(st, "initialising device global '%s' in device memory", g->unique_id);
		if ((st = kiln__img_write(d, g->base, (uint32_t)p->usm[i])) ||
		    (st = kiln__img_write(d, g->base + 4, (uint32_t)(p->usm[i] >> 32))))
			return st;
	}
	return KILN_OK;
}

/* Takes ownership of IMG (freed on failure); PATH names it in messages. */
static int program_from_image(kiln_device *dev, kiln_image *img, const char *path, kiln_program **out)
{
	char err[512];
	kiln_program *p = calloc(1, sizeof *p);
	if (!p) {
		kiln_image_free(img);
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	}
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
		int st = kiln__fail(KILN_ERR_IMAGE, "%s: image description: %s", path, meta ? err : "missing");
		program_free(p);
		return st;
	}
	if (p->desc.image_hash != kiln_image_hash(p->img)) {
		int st = kiln__fail(KILN_ERR_IMAGE, "%s: description and header disagree on the image hash", path);
		program_free(p);
		return st;
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
		k->args = calloc(k->desc->nargs + 1, sizeof *k->args);
		k->set = calloc(k->desc->nargs + 1, 1);
		if (!k->args || !k->set) {
			program_free(p);
			return kiln__fail(KILN_ERR_NOMEM, "out of memory");
		}
	}
	pthread_mutex_lock(&dev->lock);
	int st = kiln__program_board(p);
	pthread_mutex_unlock(&dev->lock);
	if (st != KILN_OK) {
		program_free(p);
		return st;
	}
	*out = p;
	return kiln__ok();
}

int kiln_program_load(kiln_device *dev, const char *path, kiln_program **out)
{
	char err[512];
	kiln_image *img = NULL;
	if (!dev || !path || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_load: NULL argument");
	*out = NULL;
	if (kiln_image_load(path, &img, err, sizeof err) != 0)
		return kiln__fail(KILN_ERR_IMAGE, "%s", err);
	return program_from_image(dev, img, path, out);
}

int kiln_program_load_bytes(kiln_device *dev, const void *data, size_t len, kiln_program **out)
{
	char err[512];
	kiln_image *img = NULL;
	if (!dev || !data || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_load_bytes: NULL argument");
	*out = NULL;
	if (kiln_image_parse(data, len, &img, err, sizeof err) != 0)
		return kiln__fail(KILN_ERR_IMAGE, "image: %s", err);
	return program_from_image(dev, img, "image", out);
}

int kiln_program_num_kernels(const kiln_program *p)
{
	return p ? (int)p->desc.nkernels : kiln__fail(KILN_ERR_INVALID, "NULL program");
}

const char *kiln_program_kernel_name(const kiln_program *p, int i)
{
	return p && i >= 0 && (size_t)i < p->desc.nkernels ? p->desc.kernels[i].name : NULL;
}

void kiln_program_release(kiln_program *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->dev->lock);
	for (size_t i = 0; i < p->desc.ndgs; i++)
		if (p->usm[i])
			kiln_devmem_free_block(&p->dev->mem, p->usm[i]);
	pthread_mutex_unlock(&p->dev->lock);
	program_free(p);
}

const char *kiln_program_regmap_text(const kiln_program *p)
{
	return p && p->regmap_text ? p->regmap_text : "";
}

int kiln_program_reprogram(kiln_program *p)
{
	if (!p)
		return kiln__fail(KILN_ERR_INVALID, "kiln_program_reprogram: NULL program");
	pthread_mutex_lock(&p->dev->lock);
	int st = kiln__program_board(p);
	pthread_mutex_unlock(&p->dev->lock);
	return st ? st : kiln__ok();
}
