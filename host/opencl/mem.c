// SPDX-License-Identifier: Apache-2.0
/* Buffers: device-memory allocations of the board (libkiln kiln_mem_*), read/write/copy/fill/map. */
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

#define RW_FLAGS (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)
#define HOST_FLAGS (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)
#define PTR_FLAGS (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)

static int one_bit_at_most(cl_mem_flags f)
{
	return (f & (f - 1)) == 0;
}

/* A new memory object of CTX (which it retains) with one reference; NULL when out of memory. */
static cl_mem mem_new(cl_context ctx, cl_mem_flags flags, size_t size, uint64_t addr, void *host_ptr)
{
	cl_mem m = calloc(1, sizeof *m);
	if (!m || kcl_handle_init(m, KCL_MAGIC_MEM)) {
		free(m);
		return NULL;
	}
	m->ctx = ctx;
	kcl_context_retain(ctx);
	m->flags = flags;
	m->size = size;
	m->addr = addr;
	m->host_ptr = host_ptr;
	pthread_mutex_init(&m->lock, NULL);
	return m;
}

static cl_mem make_buffer(cl_context ctx, const cl_mem_properties *props, cl_mem_flags flags, size_t size,
                          void *host_ptr, cl_int *errcode_ret)
{
	cl_int err = CL_SUCCESS;
	uint64_t addr = 0;
	int allocated = 0;
	cl_mem m = NULL;
	if (!KCL_VALID(ctx, KCL_MAGIC_CONTEXT))
		err = CL_INVALID_CONTEXT;
	else if (props && props[0] != 0)
		err = CL_INVALID_PROPERTY; /* no buffer property is supported */
	else if ((flags & ~(cl_mem_flags)(RW_FLAGS | HOST_FLAGS | PTR_FLAGS)) ||
	         !one_bit_at_most(flags & RW_FLAGS) || !one_bit_at_most(flags & HOST_FLAGS) ||
	         ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))))
		err = CL_INVALID_VALUE;
	else if (size == 0 || size > ctx->device->alloc_max)
		err = CL_INVALID_BUFFER_SIZE;
	else if ((host_ptr != NULL) != ((flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0))
		err = CL_INVALID_HOST_PTR;
	else if (!(allocated = kiln_mem_alloc(ctx->device->dev, size, &addr) == KILN_OK))
		err = kcl_notify(ctx, CL_MEM_OBJECT_ALLOCATION_FAILURE, "clCreateBuffer: %s",
		                 kiln_last_error());
	else if (host_ptr && kiln_mem_write(ctx->device->dev, addr, host_ptr, size) != KILN_OK)
		err = kcl_notify(ctx, CL_OUT_OF_RESOURCES, "clCreateBuffer: copying the host data: %s",
		                 kiln_last_error());
	else if (!(m = mem_new(ctx, flags & RW_FLAGS ? flags : flags | CL_MEM_READ_WRITE, size, addr,
	                       (flags & CL_MEM_USE_HOST_PTR) ? host_ptr : NULL)))
		err = CL_OUT_OF_HOST_MEMORY;
	if (err != CL_SUCCESS && allocated)
		kiln_mem_free(ctx->device->dev, addr);
	if (m && props) {
		m->props[0] = 0;
		m->nprops = 1;
	}
	if (errcode_ret)
		*errcode_ret = err;
	return m;
}

/* Whether sub-buffer flags SUB (one group, masked) may narrow the buffer's PARENT flags: an access the
 * buffer forbids cannot be granted. */
static int narrows(cl_mem_flags parent, cl_mem_flags sub, cl_mem_flags rw_or_host)
{
	if (!(sub & rw_or_host) || (parent & rw_or_host) == (sub & rw_or_host))
		return 1;
	if (rw_or_host == RW_FLAGS) /* only a read_write buffer can be narrowed */
		return (parent & RW_FLAGS) == CL_MEM_READ_WRITE;
	return !(parent & HOST_FLAGS) || (sub & CL_MEM_HOST_NO_ACCESS);
}

cl_mem CL_API_CALL clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags, cl_buffer_create_type type,
                                     const void *info, cl_int *errcode_ret)
{
	cl_int err = CL_SUCCESS;
	const cl_buffer_region *r = info;
	cl_mem m = NULL;
	if (!KCL_VALID(buffer, KCL_MAGIC_MEM) || buffer->parent)
		err = CL_INVALID_MEM_OBJECT;
	else if ((flags & ~(cl_mem_flags)(RW_FLAGS | HOST_FLAGS)) || !one_bit_at_most(flags & RW_FLAGS) ||
	         !one_bit_at_most(flags & HOST_FLAGS) || !narrows(buffer->flags, flags, RW_FLAGS) ||
	         !narrows(buffer->flags, flags, HOST_FLAGS))
		err = CL_INVALID_VALUE; /* host-pointer flags are the buffer's, never the sub-buffer's */
	else if (type != CL_BUFFER_CREATE_TYPE_REGION || !r || r->origin > buffer->size ||
	         r->size > buffer->size - r->origin)
		err = CL_INVALID_VALUE;
	else if (r->size == 0)
		err = CL_INVALID_BUFFER_SIZE;
	else if (r->origin % KILN_MEM_ALIGN)
		err = CL_MISALIGNED_SUB_BUFFER_OFFSET; /* CL_DEVICE_MEM_BASE_ADDR_ALIGN */
	else if (!(m = mem_new(buffer->ctx,
	                       (flags & RW_FLAGS ? flags & RW_FLAGS : buffer->flags & RW_FLAGS) |
	                           (flags & HOST_FLAGS ? flags & HOST_FLAGS : buffer->flags & HOST_FLAGS) |
	                           (buffer->flags & PTR_FLAGS),
	                       r->size, buffer->addr + r->origin,
	                       buffer->host_ptr ? (char *)buffer->host_ptr + r->origin : NULL)))
		err = CL_OUT_OF_HOST_MEMORY;
	if (m) {
		m->parent = buffer;
		m->origin = r->origin;
		kcl_mem_retain(buffer);
	}
	if (errcode_ret)
		*errcode_ret = err;
	return m;
}

cl_mem CL_API_CALL clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size, void *host_ptr,
                                  cl_int *errcode_ret)
{
	return make_buffer(context, NULL, flags, size, host_ptr, errcode_ret);
}

cl_mem CL_API_CALL clCreateBufferWithProperties(cl_context context, const cl_mem_properties *properties,
                                                cl_mem_flags flags, size_t size, void *host_ptr,
                                                cl_int *errcode_ret)
{
	return make_buffer(context, properties, flags, size, host_ptr, errcode_ret);
}

void kcl_mem_retain(cl_mem m)
{
	atomic_fetch_add(&m->refs, 1);
}

void kcl_mem_release(cl_mem m)
{
	if (atomic_fetch_sub(&m->refs, 1) != 1)
		return;
	for (kcl_mem_cb *cb = m->dtor, *next; cb; cb = next) {
		next = cb->next;
		cb->fn(m, cb->user);
		free(cb);
	}
	for (kcl_map *mp = m->maps, *next; mp; mp = next) {
		next = mp->next;
		if (mp->owned)
			free(mp->ptr);
		free(mp);
	}
	if (m->parent)
		kcl_mem_release(m->parent); /* the memory is the buffer's */
	else
		kiln_mem_free(m->ctx->device->dev, m->addr);
	pthread_mutex_destroy(&m->lock);
	cl_context ctx = m->ctx;
	kcl_handle_drop(m);
	kcl_handle_free(m);
	kcl_context_release(ctx);
}

cl_int CL_API_CALL clRetainMemObject(cl_mem m)
{
	if (!KCL_VALID(m, KCL_MAGIC_MEM))
		return CL_INVALID_MEM_OBJECT;
	kcl_mem_retain(m);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseMemObject(cl_mem m)
{
	if (!KCL_VALID(m, KCL_MAGIC_MEM))
		return CL_INVALID_MEM_OBJECT;
	kcl_mem_release(m);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clSetMemObjectDestructorCallback(cl_mem m, void(CL_CALLBACK *fn)(cl_mem, void *),
                                                    void *user)
{
	if (!KCL_VALID(m, KCL_MAGIC_MEM))
		return CL_INVALID_MEM_OBJECT;
	if (!fn)
		return CL_INVALID_VALUE;
	kcl_mem_cb *cb = malloc(sizeof *cb);
	if (!cb)
		return CL_OUT_OF_HOST_MEMORY;
	cb->fn = fn;
	cb->user = user;
	pthread_mutex_lock(&m->lock);
	cb->next = m->dtor;
	m->dtor = cb;
	pthread_mutex_unlock(&m->lock);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clGetMemObjectInfo(cl_mem m, cl_mem_info param_name, size_t param_value_size,
                                      void *param_value, size_t *param_value_size_ret)
{
	if (!KCL_VALID(m, KCL_MAGIC_MEM))
		return CL_INVALID_MEM_OBJECT;
	switch (param_name) {
	case CL_MEM_TYPE:
		KCL_INFO(cl_mem_object_type, CL_MEM_OBJECT_BUFFER);
	case CL_MEM_FLAGS:
		KCL_INFO(cl_mem_flags, m->flags);
	case CL_MEM_SIZE:
		KCL_INFO(size_t, m->size);
	case CL_MEM_HOST_PTR:
		KCL_INFO(void *, m->host_ptr);
	case CL_MEM_MAP_COUNT:
		KCL_INFO(cl_uint, m->map_count);
	case CL_MEM_REFERENCE_COUNT:
		KCL_INFO(cl_uint, atomic_load(&m->refs));
	case CL_MEM_CONTEXT:
		KCL_INFO(cl_context, m->ctx);
	case CL_MEM_ASSOCIATED_MEMOBJECT:
		KCL_INFO(cl_mem, m->parent);
	case CL_MEM_OFFSET:
		KCL_INFO(size_t, m->origin);
	case CL_MEM_USES_SVM_POINTER:
		KCL_INFO(cl_bool, CL_FALSE);
	case CL_MEM_PROPERTIES:
		return kcl_info(param_value_size, param_value, param_value_size_ret, m->props,
		                m->nprops * sizeof m->props[0]);
	default:
		return CL_INVALID_VALUE;
	}
}

cl_int CL_API_CALL clGetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                              cl_mem_object_type image_type, cl_uint num_entries,
                                              cl_image_format *image_formats, cl_uint *num_image_formats)
{
	(void)flags, (void)image_type, (void)num_entries, (void)image_formats;
	if (!KCL_VALID(context, KCL_MAGIC_CONTEXT))
		return CL_INVALID_CONTEXT;
	if (num_image_formats)
		*num_image_formats = 0; /* no image support */
	return CL_SUCCESS;
}

/* ---- commands ---- */

static cl_int run_read(kcl_cmd *c, uint64_t *dev_ns)
{
	(void)dev_ns;
	return kiln_mem_read(c->mem->ctx->device->dev, c->mem->addr + c->off, c->ptr, c->size) == KILN_OK
	           ? CL_SUCCESS
	           : CL_OUT_OF_RESOURCES;
}

static cl_int run_write(kcl_cmd *c, uint64_t *dev_ns)
{
	(void)dev_ns;
	return kiln_mem_write(c->mem->ctx->device->dev, c->mem->addr + c->off, c->cptr, c->size) == KILN_OK
	           ? CL_SUCCESS
	           : CL_OUT_OF_RESOURCES;
}

/* Device-to-device copy through a bounce buffer (the host bridge is the only way in). */
static cl_int run_copy(kcl_cmd *c, uint64_t *dev_ns)
{
	(void)dev_ns;
	kiln_device *d = c->mem->ctx->device->dev;
	void *tmp = malloc(c->size ? c->size : 1);
	if (!tmp)
		return CL_OUT_OF_HOST_MEMORY;
	int st = kiln_mem_read(d, c->mem->addr + c->off, tmp, c->size);
	if (st == KILN_OK)
		st = kiln_mem_write(d, c->mem2->addr + c->off2, tmp, c->size);
	free(tmp);
	return st == KILN_OK ? CL_SUCCESS : CL_OUT_OF_RESOURCES;
}

static cl_int run_fill(kcl_cmd *c, uint64_t *dev_ns)
{
	(void)dev_ns;
	kiln_device *d = c->mem->ctx->device->dev;
	unsigned char *tmp = malloc(c->size ? c->size : 1);
	if (!tmp)
		return CL_OUT_OF_HOST_MEMORY;
	for (size_t i = 0; i < c->size; i += c->pattern_size)
		memcpy(tmp + i, c->pattern, c->pattern_size);
	int st = kiln_mem_write(d, c->mem->addr + c->off, tmp, c->size);
	free(tmp);
	return st == KILN_OK ? CL_SUCCESS : CL_OUT_OF_RESOURCES;
}

static void release_mems(kcl_cmd *c)
{
	if (c->mem)
		kcl_mem_release(c->mem);
	if (c->mem2)
		kcl_mem_release(c->mem2);
}

cl_int kcl_check_queue_mem(cl_command_queue q, cl_mem m)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (!KCL_VALID(m, KCL_MAGIC_MEM))
		return CL_INVALID_MEM_OBJECT;
	if (m->ctx != q->ctx)
		return CL_INVALID_CONTEXT;
	return CL_SUCCESS;
}

cl_int kcl_mem_cmd(cl_command_queue q, cl_command_type type, cl_uint n, const cl_event *list, cl_mem m,
                   cl_mem m2, kcl_cmd **out)
{
	cl_int err = kcl_check_wait_list(q->ctx, n, list);
	if (err != CL_SUCCESS)
		return err;
	kcl_cmd *c = kcl_cmd_new(q, type, n, list);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->mem = m;
	kcl_mem_retain(m);
	if (m2) {
		c->mem2 = m2;
		kcl_mem_retain(m2);
	}
	c->cleanup = release_mems;
	*out = c;
	return CL_SUCCESS;
}

cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t offset,
                                       size_t size, void *ptr, cl_uint n, const cl_event *list,
                                       cl_event *event)
{
	cl_int err = kcl_check_queue_mem(q, m);
	if (err != CL_SUCCESS)
		return err;
	if (!ptr || offset > m->size || size > m->size - offset)
		return CL_INVALID_VALUE;
	if (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))
		return CL_INVALID_OPERATION;
	kcl_cmd *c;
	if ((err = kcl_mem_cmd(q, CL_COMMAND_READ_BUFFER, n, list, m, NULL, &c)) != CL_SUCCESS)
		return err;
	c->off = offset;
	c->size = size;
	c->ptr = ptr;
	c->run = run_read;
	return kcl_submit(q, c, blocking, event);
}

cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t offset,
                                        size_t size, const void *ptr, cl_uint n, const cl_event *list,
                                        cl_event *event)
{
	cl_int err = kcl_check_queue_mem(q, m);
	if (err != CL_SUCCESS)
		return err;
	if (!ptr || offset > m->size || size > m->size - offset)
		return CL_INVALID_VALUE;
	if (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))
		return CL_INVALID_OPERATION;
	kcl_cmd *c;
	if ((err = kcl_mem_cmd(q, CL_COMMAND_WRITE_BUFFER, n, list, m, NULL, &c)) != CL_SUCCESS)
		return err;
	c->off = offset;
	c->size = size;
	c->cptr = ptr;
	c->run = run_write;
	return kcl_submit(q, c, blocking, event);
}

cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t src_offset,
                                       size_t dst_offset, size_t size, cl_uint n, const cl_event *list,
                                       cl_event *event)
{
	cl_int err = kcl_check_queue_mem(q, src);
	if (err == CL_SUCCESS)
		err = kcl_check_queue_mem(q, dst);
	if (err != CL_SUCCESS)
		return err;
	if (size == 0 || src_offset > src->size || size > src->size - src_offset || dst_offset > dst->size ||
	    size > dst->size - dst_offset)
		return CL_INVALID_VALUE;
	if (src == dst && src_offset < dst_offset + size && dst_offset < src_offset + size)
		return CL_MEM_COPY_OVERLAP;
	kcl_cmd *c;
	if ((err = kcl_mem_cmd(q, CL_COMMAND_COPY_BUFFER, n, list, src, dst, &c)) != CL_SUCCESS)
		return err;
	c->off = src_offset;
	c->off2 = dst_offset;
	c->size = size;
	c->run = run_copy;
	return kcl_submit(q, c, 0, event);
}

cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue q, cl_mem m, const void *pattern, size_t pattern_size,
                                       size_t offset, size_t size, cl_uint n, const cl_event *list,
                                       cl_event *event)
{
	cl_int err = kcl_check_queue_mem(q, m);
	if (err != CL_SUCCESS)
		return err;
	if (!pattern || pattern_size == 0 || pattern_size > 128 || (pattern_size & (pattern_size - 1)) ||
	    offset % pattern_size || size % pattern_size || offset > m->size || size > m->size - offset)
		return CL_INVALID_VALUE;
	kcl_cmd *c;
	if ((err = kcl_mem_cmd(q, CL_COMMAND_FILL_BUFFER, n, list, m, NULL, &c)) != CL_SUCCESS)
		return err;
	memcpy(c->pattern, pattern, pattern_size);
	c->pattern_size = pattern_size;
	c->off = offset;
	c->size = size;
	c->run = run_fill;
	return kcl_submit(q, c, 0, event);
}

static cl_int run_map(kcl_cmd *c, uint64_t *dev_ns)
{
	(void)dev_ns;
	if (c->map->flags & CL_MAP_WRITE_INVALIDATE_REGION)
		return CL_SUCCESS;
	return kiln_mem_read(c->mem->ctx->device->dev, c->mem->addr + c->off, c->map->ptr, c->size) == KILN_OK
	           ? CL_SUCCESS
	           : CL_OUT_OF_RESOURCES;
}

void *CL_API_CALL clEnqueueMapBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, cl_map_flags flags,
                                     size_t offset, size_t size, cl_uint n, const cl_event *list,
                                     cl_event *event, cl_int *errcode_ret)
{
	cl_int err = kcl_check_queue_mem(q, m);
	kcl_map *mp = NULL;
	kcl_cmd *c = NULL;
	const cl_map_flags known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
	if (err == CL_SUCCESS &&
	    (size == 0 || offset > m->size || size > m->size - offset || (flags & ~known) ||
	     ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE)))))
		err = CL_INVALID_VALUE;
	if (err == CL_SUCCESS &&
	    (((flags & CL_MAP_READ) && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) ||
	     ((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
	      (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))))
		err = CL_INVALID_OPERATION;
	if (err == CL_SUCCESS && !(mp = calloc(1, sizeof *mp)))
		err = CL_OUT_OF_HOST_MEMORY;
	if (err == CL_SUCCESS) {
		mp->offset = offset;
		mp->size = size;
		mp->flags = flags;
		if (m->host_ptr) {
			mp->ptr = (char *)m->host_ptr + offset;
		} else {
			mp->ptr = malloc(size);
			mp->owned = 1;
			if (!mp->ptr)
				err = CL_OUT_OF_HOST_MEMORY;
		}
	}
	if (err == CL_SUCCESS &&
	    (err = kcl_mem_cmd(q, CL_COMMAND_MAP_BUFFER, n, list, m, NULL, &c)) == CL_SUCCESS) {
		c->map = mp;
		c->off = offset;
		c->size = size;
		c->run = run_map;
		pthread_mutex_lock(&m->lock);
		mp->next = m->maps;
		m->maps = mp;
		m->map_count++;
		pthread_mutex_unlock(&m->lock);
		void *ptr = mp->ptr;
		err = kcl_submit(q, c, blocking, event);
		if (errcode_ret)
			*errcode_ret = err;
		return err == CL_SUCCESS ? ptr : NULL;
	}
	if (mp && mp->owned)
		free(mp->ptr);
	free(mp);
	if (errcode_ret)
		*errcode_ret = err;
	return NULL;
}

static cl_int run_unmap(kcl_cmd *c, uint64_t *dev_ns)
{
	(void)dev_ns;
	kcl_map *mp = c->map;
	int st = KILN_OK;
	if (mp->flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION))
		st = kiln_mem_write(c->mem->ctx->device->dev, c->mem->addr + mp->offset, mp->ptr, mp->size);
	if (mp->owned)
		free(mp->ptr);
	free(mp);
	c->map = NULL;
	return st == KILN_OK ? CL_SUCCESS : CL_OUT_OF_RESOURCES;
}

cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue q, cl_mem m, void *mapped_ptr, cl_uint n,
                                           const cl_event *list, cl_event *event)
{
	cl_int err = kcl_check_queue_mem(q, m);
	if (err != CL_SUCCESS)
		return err;
	if ((err = kcl_check_wait_list(q->ctx, n, list)) != CL_SUCCESS)
		return err;
	pthread_mutex_lock(&m->lock);
	kcl_map **pp = &m->maps;
	while (*pp && (*pp)->ptr != mapped_ptr)
		pp = &(*pp)->next;
	kcl_map *mp = *pp;
	if (mp) {
		*pp = mp->next;
		m->map_count--;
	}
	pthread_mutex_unlock(&m->lock);
	if (!mp)
		return CL_INVALID_VALUE;
	kcl_cmd *c;
	if ((err = kcl_mem_cmd(q, CL_COMMAND_UNMAP_MEM_OBJECT, n, list, m, NULL, &c)) != CL_SUCCESS)
		return err;
	c->map = mp;
	c->run = run_unmap;
	return kcl_submit(q, c, 0, event);
}

cl_int CL_API_CALL clEnqueueMigrateMemObjects(cl_command_queue q, cl_uint num_mem_objects,
                                              const cl_mem *mem_objects, cl_mem_migration_flags flags,
                                              cl_uint n, const cl_event *list, cl_event *event)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (!num_mem_objects || !mem_objects ||
	    (flags &
	     ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)))
		return CL_INVALID_VALUE;
	for (cl_uint i = 0; i < num_mem_objects; i++) {
		if (!KCL_VALID(mem_objects[i], KCL_MAGIC_MEM))
			return CL_INVALID_MEM_OBJECT;
		if (mem_objects[i]->ctx != q->ctx)
			return CL_INVALID_CONTEXT;
	}
	cl_int err = kcl_check_wait_list(q->ctx, n, list);
	if (err != CL_SUCCESS)
		return err;
	/* Buffers always live on the one device: nothing to move. */
	kcl_cmd *c = kcl_cmd_new(q, CL_COMMAND_MIGRATE_MEM_OBJECTS, n, list);
	return c ? kcl_submit(q, c, 0, event) : CL_OUT_OF_HOST_MEMORY;
}
