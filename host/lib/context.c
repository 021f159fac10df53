// SPDX-License-Identifier: Apache-2.0
/* Contexts (seed 004: one instance of every device global per device and context). A context owns its
 * programs' shared state: one device-memory instance per global without device_image_scope, host storage for
 * variables in no image, and the saved device_image_scope values of its images (residency.c). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static kiln_context *ctx_new(kiln_device *d, int is_default)
{
	kiln_context *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->dev = d;
	c->is_default = is_default;
	c->next = d->contexts;
	d->contexts = c;
	return c;
}

static void ctx_free(kiln_context *c)
{
	kiln_device *d = c->dev;
	for (kiln_context **pp = &d->contexts; *pp; pp = &(*pp)->next)
		if (*pp == c) {
			*pp = c->next;
			break;
		}
	if (d->loaded_ctx == c) {
		/* The board keeps the image, but its values belong to nobody: the next user re-initialises.
		 */
		d->loaded_ctx = NULL;
		d->loaded_prog = NULL;
	}
	while (c->dgs) {
		kiln_ctx_dg *e = c->dgs;
		c->dgs = e->next;
		if (e->has_usm)
			kiln_devmem_free_block(&d->mem, e->usm, KILN_DEVMEM_RUNTIME);
		free(e->usm_pending);
		free(e->host);
		free(e->uid);
		free(e);
	}
	while (c->shadows) {
		kiln_shadow *s = c->shadows;
		c->shadows = s->next;
		free(s->uid);
		free(s->data);
		free(s);
	}
	free(c);
}

int kiln_context_create(kiln_device *d, kiln_context **out)
{
	if (!d || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_context_create: NULL argument");
	kiln__dev_lock(d);
	*out = ctx_new(d, 0);
	if (*out && kiln_handle_add(*out, KILN_H_CONTEXT) != 0) {
		ctx_free(*out);
		*out = NULL;
	}
	kiln__dev_unlock(d);
	return *out ? kiln__ok() : kiln__fail(KILN_ERR_NOMEM, "out of memory");
}

int kiln_context_release(kiln_context *c)
{
	if (!kiln_handle_live(c, KILN_H_CONTEXT))
		return kiln__fail(KILN_ERR_INVALID,
		                  "kiln_context_release: %p is not a live context (released "
		                  "twice?)",
		                  (void *)c);
	if (c->is_default)
		return kiln__fail(KILN_ERR_INVALID, "the default context lives as long as its device");
	kiln_device *d = c->dev;
	kiln__dev_lock(d);
	if (c->progs || c->nqueues) {
		kiln__dev_unlock(d);
		return kiln__fail(KILN_ERR_STATE, "context still has live programs or queues");
	}
	if (!kiln_handle_remove(c, KILN_H_CONTEXT)) {
		kiln__dev_unlock(d);
		return kiln__fail(KILN_ERR_INVALID,
		                  "kiln_context_release: the context was released meanwhile");
	}
	ctx_free(c);
	kiln__dev_unlock(d);
	return kiln__ok();
}

kiln_context *kiln_device_default_context(kiln_device *d)
{
	return d ? d->default_ctx : NULL;
}

kiln_device *kiln_context_device(const kiln_context *c)
{
	return c ? c->dev : NULL;
}

uint64_t kiln_context_loaded_image(kiln_context *c)
{
	if (!c)
		return 0;
	kiln__dev_lock(c->dev);
	uint64_t h = c->dev->loaded_ctx == c ? c->dev->loaded_hash : 0;
	kiln__dev_unlock(c->dev);
	return h;
}

int kiln_device_counters(kiln_device *d, uint64_t *reprograms, uint64_t *resets)
{
	if (!d)
		return kiln__fail(KILN_ERR_INVALID, "kiln_device_counters: NULL device");
	kiln__dev_lock(d);
	if (reprograms)
		*reprograms = d->n_reprograms;
	if (resets)
		*resets = d->n_resets;
	kiln__dev_unlock(d);
	return kiln__ok();
}

kiln_ctx_dg *kiln__ctx_dg(kiln_context *c, const char *uid, int create)
{
	for (kiln_ctx_dg *e = c->dgs; e; e = e->next)
		if (strcmp(e->uid, uid) == 0)
			return e;
	if (!create)
		return NULL;
	kiln_ctx_dg *e = calloc(1, sizeof *e);
	if (!e || !(e->uid = strdup(uid))) {
		free(e);
		return NULL;
	}
	e->next = c->dgs;
	c->dgs = e;
	return e;
}

static void release_usm(kiln_context *c, kiln_ctx_dg *e)
{
	/* The default context keeps the legacy lifetime: a USM instance lives as long as its programs. */
	if (--e->users || !c->is_default || !e->has_usm)
		return;
	kiln_devmem_free_block(&c->dev->mem, e->usm, KILN_DEVMEM_RUNTIME);
	e->has_usm = 0;
	e->usm = 0;
	e->usm_size = 0;
	free(e->usm_pending);
	e->usm_pending = NULL;
}

void kiln__ctx_detach(kiln_program *p)
{
	kiln_context *c = p->ctx;
	if (!c)
		return;
	for (kiln_program **pp = &c->progs; *pp; pp = &(*pp)->ctx_next)
		if (*pp == p) {
			*pp = p->ctx_next;
			break;
		}
	for (size_t i = 0; i < p->desc.ndgs; i++)
		if (p->usm[i]) {
			release_usm(c, p->usm[i]);
			p->usm[i] = NULL;
		}
	kiln__heap_detach(p);
	p->ctx = NULL;
}

static int bind_usm(kiln_context *c, kiln_program *p, size_t i)
{
	const kiln_dg_desc *g = &p->desc.dgs[i];
	kiln_ctx_dg *e = kiln__ctx_dg(c, g->unique_id, 1);
	if (!e)
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	if (e->has_usm && e->usm_size != g->size)
		return kiln__fail(
		    KILN_ERR_IMAGE,
		    "device global '%s' has %u bytes in this image but %u in another image of the context",
		    g->unique_id, g->size, e->usm_size);
	if (!e->has_usm) {
		uint8_t *init = malloc(g->size ? g->size : 1);
		if (!init)
			return kiln__fail(KILN_ERR_NOMEM, "out of memory");
		/* What the host wrote while no image held the variable is its value; else the initializer. */
		memcpy(init, e->host && e->host_size == g->size ? e->host : g->init, g->size);
		if (kiln_devmem_alloc_block(&c->dev->mem, g->size ? g->size : 1, KILN_DEVMEM_RUNTIME,
		                            &e->usm) != 0) {
			free(init);
			e->usm = 0;
			return kiln__fail(KILN_ERR_NOMEM,
			                  "device memory exhausted allocating device global '%s'",
			                  g->unique_id);
		}
		e->has_usm = 1;
		e->usm_size = g->size;
		free(e->usm_pending);
		e->usm_pending = init;
	}
	e->users++;
	p->usm[i] = e;
	return KILN_OK;
}

int kiln__ctx_attach(kiln_context *c, kiln_program *p)
{
	p->ctx = c;
	p->ctx_next = c->progs;
	c->progs = p;
	for (size_t i = 0; i < p->desc.ndgs; i++) {
		int st;
		if (p->desc.dgs[i].storage == KILN_DG_USM && (st = bind_usm(c, p, i)) != KILN_OK) {
			kiln__ctx_detach(p);
			return st;
		}
	}
	int hs = kiln__heap_attach(p);
	if (hs != KILN_OK) {
		kiln__ctx_detach(p);
		return hs;
	}
	/* Device memory is only reachable while the board holds an image; else the first load writes it. */
	return kiln__usm_flush(c->dev);
}

void kiln__ctx_free_all(kiln_device *d)
{
	d->loaded_prog = NULL; /* the board's values go with it: nothing to save */
	while (d->contexts) {
		kiln_context *c = d->contexts;
		while (c->progs)
			kiln__program_destroy(c->progs);
		kiln_handle_remove(c, KILN_H_CONTEXT);
		ctx_free(c);
	}
	d->default_ctx = NULL;
}
