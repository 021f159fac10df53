// SPDX-License-Identifier: Apache-2.0
/* Introspection used by the OpenCL layer (host/opencl): board facts, kernel argument types, device-global
 * properties, and a cheap image check that does not program the board. Declared at the end of kiln.h. */
#include <string.h>

#include "internal.h"

const char *kiln_device_board_name(const kiln_device *d)
{
	return d && d->cfg.name ? d->cfg.name : "";
}

const char *kiln_device_description(const kiln_device *d)
{
	return d && d->cfg.description ? d->cfg.description : "";
}

double kiln_device_clock_period_ns(const kiln_device *d)
{
	return d ? d->cfg.clock_period_ns : 0.0;
}

int kiln_device_has_aspect(const kiln_device *d, const char *aspect)
{
	return d && kiln_board_has_aspect(&d->cfg, aspect);
}

double kiln_program_clock_period_ns(const kiln_program *p)
{
	if (!p)
		return 0.0;
	return p->desc.clock_period_ns > 0 ? p->desc.clock_period_ns : p->dev->cfg.clock_period_ns;
}

uint64_t kiln_program_image_hash(const kiln_program *p)
{
	return p ? p->desc.image_hash : 0;
}

const char *kiln_kernel_name(const kiln_kernel *k)
{
	return k ? k->desc->name : NULL;
}

int kiln_kernel_arg_signed(const kiln_kernel *k, unsigned index)
{
	if (!k || index >= k->desc->nargs)
		return kiln__fail(KILN_ERR_INVALID, "kiln_kernel_arg_signed: no argument %u", index);
	return k->desc->args[index].is_signed ? 1 : 0;
}

int kiln_dg_info(const kiln_program *p, const char *unique_id, size_t *size, int *host_access)
{
	if (!p || !unique_id)
		return kiln__fail(KILN_ERR_INVALID, "kiln_dg_info: NULL argument");
	const kiln_dg_desc *g = kiln_desc_find_dg(&p->desc, unique_id);
	if (!g)
		return kiln__fail(KILN_ERR_NOT_FOUND, "no device global with unique id '%s' in the image",
		                  unique_id);
	if (size)
		*size = g->size;
	if (host_access)
		*host_access = (int)g->host_access;
	return kiln__ok();
}

int kiln_image_check_bytes(const void *data, size_t len)
{
	char err[512];
	kiln_image *img = NULL;
	if (!data)
		return kiln__fail(KILN_ERR_INVALID, "kiln_image_check_bytes: NULL data");
	if (kiln_image_parse(data, len, &img, err, sizeof err) != 0)
		return kiln__fail(KILN_ERR_IMAGE, "image: %s", err);
	kiln_image_free(img);
	return kiln__ok();
}
