// SPDX-License-Identifier: Apache-2.0
/* Rectangular buffer copies (clEnqueue{Read,Write,Copy}BufferRect, OpenCL 1.1 core): a 3-D region of rows
 * and slices with their own pitches on each side. The device is reached through the host bridge only, so a
 * dense read takes the span of device memory the region covers in one transfer, and a write or copy writes
 * row by row (never the gaps between rows, which may belong to a running kernel). */
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

/* Resolves *ROW and *SLICE (0: packed) for REGION and checks them as the specification does. */
static cl_int pitches(const size_t *region, size_t *row, size_t *slice)
{
	if (*row == 0)
		*row = region[0];
	else if (*row < region[0])
		return CL_INVALID_VALUE;
	if (*slice == 0)
		*slice = region[1] * *row;
	else if (*slice < region[1] * *row || *slice % *row)
		return CL_INVALID_VALUE;
	return CL_SUCCESS;
}

/* Byte offset of ORIGIN and one past the region's last byte; CL_INVALID_VALUE when it passes LIMIT. */
static cl_int span(const size_t *origin, const size_t *region, size_t row, size_t slice, size_t limit,
                   size_t *first, size_t *end)
{
	/* Computed in 128 bits: crafted origins must not wrap to a small offset. */
	unsigned __int128 f =
	    (unsigned __int128)origin[2] * slice + (unsigned __int128)origin[1] * row + origin[0];
	unsigned __int128 e = f + (unsigned __int128)(region[2] - 1) * slice +
	                      (unsigned __int128)(region[1] - 1) * row + region[0];
	if (e > limit)
		return CL_INVALID_VALUE;
	*first = (size_t)f;
	*end = (size_t)e;
	return CL_SUCCESS;
}

static size_t at(const size_t *origin, size_t y, size_t z, size_t row, size_t slice)
{
	return (origin[2] + z) * slice + (origin[1] + y) * row + origin[0];
}

static cl_int run_rect(kcl_cmd *c, uint64_t *dev_ns)
{
	(void)dev_ns;
	kiln_device *d = c->mem->ctx->device->dev;
	const kcl_rect *r = &c->rect;
	cl_mem src = c->mem, dst = c->dir == 2 ? c->mem2 : c->mem;
	size_t first = 0, end = 0, row = r->region[0];
	/* A read or a copy's source: the span the region covers in one transfer when the rows fill at least
	 * half of it, else row by row (a few bytes per slice of a large buffer must not read all of it). */
	int dense = 0;
	if (c->dir != 1) {
		span(r->src, r->region, r->src_row, r->src_slice, src->size, &first, &end);
		dense = end - first <= 2 * row * r->region[1] * r->region[2];
	}
	unsigned char *bounce = c->dir == 1 ? NULL : malloc(dense ? end - first : row);
	if (c->dir != 1 && !bounce)
		return CL_OUT_OF_HOST_MEMORY;
	int st = dense ? kiln_mem_read(d, src->addr + first, bounce, end - first) : KILN_OK;
	for (size_t z = 0; st == KILN_OK && z < r->region[2]; z++)
		for (size_t y = 0; st == KILN_OK && y < r->region[1]; y++) {
			size_t s = at(r->src, y, z, r->src_row, r->src_slice);
			size_t t = at(r->dst, y, z, r->dst_row, r->dst_slice);
			const unsigned char *from = c->dir == 1 ? (const unsigned char *)c->cptr + s
			                            : dense     ? bounce + (s - first)
			                                        : bounce;
			if (c->dir != 1 && !dense &&
			    (st = kiln_mem_read(d, src->addr + s, bounce, row)) != KILN_OK)
				break;
			if (c->dir == 0)
				memcpy((unsigned char *)c->ptr + t, from, row);
			else /* host rows or source rows into the device, row by row */
				st = kiln_mem_write(d, dst->addr + t, from, row);
		}
	free(bounce);
	return st == KILN_OK ? CL_SUCCESS : CL_OUT_OF_RESOURCES;
}

/* The checks shared by the three entry points; SRC_LIMIT/DST_LIMIT are the buffers' sizes (SIZE_MAX for
 * host memory, which the specification leaves to the caller). */
static cl_int check_rect(kcl_rect *r, const size_t *src_origin, const size_t *dst_origin,
                         const size_t *region, size_t src_limit, size_t dst_limit)
{
	if (!src_origin || !dst_origin || !region || !region[0] || !region[1] || !region[2])
		return CL_INVALID_VALUE;
	memcpy(r->src, src_origin, sizeof r->src);
	memcpy(r->dst, dst_origin, sizeof r->dst);
	memcpy(r->region, region, sizeof r->region);
	size_t f, e;
	cl_int err = pitches(region, &r->src_row, &r->src_slice);
	if (err == CL_SUCCESS)
		err = pitches(region, &r->dst_row, &r->dst_slice);
	if (err == CL_SUCCESS)
		err = span(r->src, region, r->src_row, r->src_slice, src_limit, &f, &e);
	if (err == CL_SUCCESS)
		err = span(r->dst, region, r->dst_row, r->dst_slice, dst_limit, &f, &e);
	return err;
}

/* Read (DIR 0) and write (DIR 1): the buffer side is the source of a read and the destination of a write. */
static cl_int host_rect(cl_command_queue q, cl_mem m, int dir, cl_bool blocking, const size_t *buffer_origin,
                        const size_t *host_origin, const size_t *region, size_t buffer_row_pitch,
                        size_t buffer_slice_pitch, size_t host_row_pitch, size_t host_slice_pitch, void *ptr,
                        cl_uint n, const cl_event *list, cl_event *event)
{
	cl_int err = kcl_check_queue_mem(q, m);
	if (err != CL_SUCCESS)
		return err;
	if (!ptr)
		return CL_INVALID_VALUE;
	if (m->flags & (dir ? CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS
	                    : CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))
		return CL_INVALID_OPERATION;
	kcl_rect r = {.src_row = dir ? host_row_pitch : buffer_row_pitch,
	              .src_slice = dir ? host_slice_pitch : buffer_slice_pitch,
	              .dst_row = dir ? buffer_row_pitch : host_row_pitch,
	              .dst_slice = dir ? buffer_slice_pitch : host_slice_pitch};
	err = dir ? check_rect(&r, host_origin, buffer_origin, region, SIZE_MAX, m->size)
	          : check_rect(&r, buffer_origin, host_origin, region, m->size, SIZE_MAX);
	kcl_cmd *c;
	if (err != CL_SUCCESS ||
	    (err = kcl_mem_cmd(q, dir ? CL_COMMAND_WRITE_BUFFER_RECT : CL_COMMAND_READ_BUFFER_RECT, n, list,
	                       m, NULL, &c)) != CL_SUCCESS)
		return err;
	c->rect = r;
	c->dir = dir;
	if (dir)
		c->cptr = ptr;
	else
		c->ptr = ptr;
	c->run = run_rect;
	return kcl_submit(q, c, blocking, event);
}

cl_int CL_API_CALL clEnqueueReadBufferRect(cl_command_queue q, cl_mem m, cl_bool blocking,
                                           const size_t *buffer_origin, const size_t *host_origin,
                                           const size_t *region, size_t buffer_row_pitch,
                                           size_t buffer_slice_pitch, size_t host_row_pitch,
                                           size_t host_slice_pitch, void *ptr, cl_uint n,
                                           const cl_event *list, cl_event *event)
{
	return host_rect(q, m, 0, blocking, buffer_origin, host_origin, region, buffer_row_pitch,
	                 buffer_slice_pitch, host_row_pitch, host_slice_pitch, ptr, n, list, event);
}

cl_int CL_API_CALL clEnqueueWriteBufferRect(cl_command_queue q, cl_mem m, cl_bool blocking,
                                            const size_t *buffer_origin, const size_t *host_origin,
                                            const size_t *region, size_t buffer_row_pitch,
                                            size_t buffer_slice_pitch, size_t host_row_pitch,
                                            size_t host_slice_pitch, const void *ptr, cl_uint n,
                                            const cl_event *list, cl_event *event)
{
	return host_rect(q, m, 1, blocking, buffer_origin, host_origin, region, buffer_row_pitch,
	                 buffer_slice_pitch, host_row_pitch, host_slice_pitch, (void *)ptr, n, list, event);
}

/* Whether two boxes with the same pitches share a byte (the specification's overlap rule for one buffer). */
static int boxes_overlap(const kcl_rect *r)
{
	for (int i = 0; i < 3; i++)
		if (r->src[i] + r->region[i] <= r->dst[i] || r->dst[i] + r->region[i] <= r->src[i])
			return 0;
	return 1;
}

cl_int CL_API_CALL clEnqueueCopyBufferRect(cl_command_queue q, cl_mem src, cl_mem dst,
                                           const size_t *src_origin, const size_t *dst_origin,
                                           const size_t *region, size_t src_row_pitch, size_t src_slice_pitch,
                                           size_t dst_row_pitch, size_t dst_slice_pitch, cl_uint n,
                                           const cl_event *list, cl_event *event)
{
	cl_int err = kcl_check_queue_mem(q, src);
	if (err == CL_SUCCESS)
		err = kcl_check_queue_mem(q, dst);
	if (err != CL_SUCCESS)
		return err;
	kcl_rect r = {.src_row = src_row_pitch,
	              .src_slice = src_slice_pitch,
	              .dst_row = dst_row_pitch,
	              .dst_slice = dst_slice_pitch};
	if ((err = check_rect(&r, src_origin, dst_origin, region, src->size, dst->size)) != CL_SUCCESS)
		return err;
	if (src == dst || (src->parent ? src->parent : src) == (dst->parent ? dst->parent : dst)) {
		size_t sf = 0, se = 0, df = 0, de = 0;
		span(r.src, r.region, r.src_row, r.src_slice, src->size, &sf, &se);
		span(r.dst, r.region, r.dst_row, r.dst_slice, dst->size, &df, &de);
		uint64_t a0 = src->addr + sf, a1 = src->addr + se, b0 = dst->addr + df, b1 = dst->addr + de;
		/* One buffer: its pitches must agree, and the regions may not share a byte. */
		if (src == dst && (r.src_row != r.dst_row || r.src_slice != r.dst_slice))
			return CL_INVALID_VALUE;
		if (a0 < b1 && b0 < a1 && (src != dst || boxes_overlap(&r)))
			return CL_MEM_COPY_OVERLAP;
	}
	kcl_cmd *c;
	if ((err = kcl_mem_cmd(q, CL_COMMAND_COPY_BUFFER_RECT, n, list, src, dst, &c)) != CL_SUCCESS)
		return err;
	c->rect = r;
	c->dir = 2;
	c->run = run_rect;
	return kcl_submit(q, c, 0, event);
}
