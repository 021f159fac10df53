// SPDX-License-Identifier: Apache-2.0
/* cl_intel_unified_shared_memory, device allocations only: a USM pointer is the device address itself (the
 * 8 bytes a pointer kernel argument carries). Address 0 is reserved at device open, so no allocation is NULL.
 */
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

void *CL_API_CALL clDeviceMemAllocINTEL(cl_context context, cl_device_id device,
                                        const cl_mem_properties_intel *properties, size_t size,
                                        cl_uint alignment, cl_int *errcode_ret)
{
	cl_int err = CL_SUCCESS;
	cl_mem_alloc_flags_intel flags = 0;
	const cl_mem_alloc_flags_intel known = CL_MEM_ALLOC_WRITE_COMBINED_INTEL |
	                                       CL_MEM_ALLOC_INITIAL_PLACEMENT_DEVICE_INTEL |
	                                       CL_MEM_ALLOC_INITIAL_PLACEMENT_HOST_INTEL;
	kcl_usm *u = NULL;
	if (!KCL_VALID(context, KCL_MAGIC_CONTEXT))
		err = CL_INVALID_CONTEXT;
	else if (!KCL_VALID(device, KCL_MAGIC_DEVICE) || device != context->device)
		err = CL_INVALID_DEVICE;
	for (size_t i = 0; err == CL_SUCCESS && properties && properties[i]; i += 2) {
		if (properties[i] != CL_MEM_ALLOC_FLAGS_INTEL || (properties[i + 1] & ~known))
			err = CL_INVALID_PROPERTY;
		else
			flags = properties[i + 1];
	}
	if (err == CL_SUCCESS && (size == 0 || size > context->device->alloc_max))
		err = CL_INVALID_BUFFER_SIZE;
	else if (err == CL_SUCCESS && ((alignment & (alignment - 1)) || alignment > 64))
		err = CL_INVALID_VALUE; /* allocations are 64-byte aligned; more is not offered */
	if (err == CL_SUCCESS && !(u = calloc(1, sizeof *u)))
		err = CL_OUT_OF_HOST_MEMORY;
	if (err == CL_SUCCESS && kiln_mem_alloc(context->device->dev, size, &u->addr) != KILN_OK) {
		free(u);
		u = NULL;
		err =
		    kcl_notify(context, CL_OUT_OF_RESOURCES, "clDeviceMemAllocINTEL: %s", kiln_last_error());
	}
	if (u) {
		u->size = size;
		u->flags = flags;
		pthread_mutex_lock(&context->lock);
		u->next = context->usm;
		context->usm = u;
		pthread_mutex_unlock(&context->lock);
	}
	if (errcode_ret)
		*errcode_ret = err;
	return u ? (void *)(uintptr_t)u->addr : NULL;
}

void *CL_API_CALL clHostMemAllocINTEL(cl_context context, const cl_mem_properties_intel *properties,
                                      size_t size, cl_uint alignment, cl_int *errcode_ret)
{
	(void)properties, (void)size, (void)alignment;
	if (errcode_ret) /* CL_DEVICE_HOST_MEM_CAPABILITIES_INTEL is 0 */
		*errcode_ret =
		    KCL_VALID(context, KCL_MAGIC_CONTEXT) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
	return NULL;
}

void *CL_API_CALL clSharedMemAllocINTEL(cl_context context, cl_device_id device,
                                        const cl_mem_properties_intel *properties, size_t size,
                                        cl_uint alignment, cl_int *errcode_ret)
{
	(void)device, (void)properties, (void)size, (void)alignment;
	if (errcode_ret)
		*errcode_ret =
		    KCL_VALID(context, KCL_MAGIC_CONTEXT) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
	return NULL;
}

cl_int CL_API_CALL clMemFreeINTEL(cl_context context, void *ptr)
{
	if (!KCL_VALID(context, KCL_MAGIC_CONTEXT))
		return CL_INVALID_CONTEXT;
	if (!ptr)
		return CL_SUCCESS;
	uint64_t addr = (uint64_t)(uintptr_t)ptr;
	pthread_mutex_lock(&context->lock);
	kcl_usm **pp = &context->usm;
	while (*pp && (*pp)->addr != addr)
		pp = &(*pp)->next;
	kcl_usm *u = *pp;
	if (u)
		*pp = u->next;
	pthread_mutex_unlock(&context->lock);
	if (!u)
		return CL_INVALID_VALUE;
	kiln_mem_free(context->device->dev, u->addr);
	free(u);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clMemBlockingFreeINTEL(cl_context context, void *ptr)
{
	/* Commands run in order on their queue's worker and hold no USM pointer after they complete; the
	 * caller is expected to have waited for commands that use PTR. */
	return clMemFreeINTEL(context, ptr);
}

cl_int CL_API_CALL clGetMemAllocInfoINTEL(cl_context context, const void *ptr, cl_mem_info_intel param_name,
                                          size_t param_value_size, void *param_value,
                                          size_t *param_value_size_ret)
{
	if (!KCL_VALID(context, KCL_MAGIC_CONTEXT))
		return CL_INVALID_CONTEXT;
	uint64_t base = 0;
	size_t size = 0;
	cl_mem_alloc_flags_intel flags = 0;
	int found = ptr && kcl_usm_lookup(context, (uint64_t)(uintptr_t)ptr, &base, &size);
	if (found) {
		pthread_mutex_lock(&context->lock);
		for (kcl_usm *u = context->usm; u; u = u->next)
			if (u->addr == base)
				flags = u->flags;
		pthread_mutex_unlock(&context->lock);
	}
	switch (param_name) {
	case CL_MEM_ALLOC_TYPE_INTEL:
		KCL_INFO(cl_unified_shared_memory_type_intel,
		         found ? CL_MEM_TYPE_DEVICE_INTEL : CL_MEM_TYPE_UNKNOWN_INTEL);
	case CL_MEM_ALLOC_BASE_PTR_INTEL:
		KCL_INFO(void *, found ? (void *)(uintptr_t)base : NULL);
	case CL_MEM_ALLOC_SIZE_INTEL:
		KCL_INFO(size_t, found ? size : 0);
	case CL_MEM_ALLOC_DEVICE_INTEL:
		KCL_INFO(cl_device_id, found ? context->device : NULL);
	case CL_MEM_ALLOC_FLAGS_INTEL:
		KCL_INFO(cl_mem_alloc_flags_intel, flags);
	default:
		return CL_INVALID_VALUE;
	}
}

/* Classifies [P, P+N) of context C: 1 inside one device allocation, 0 host memory, -1 straddling the end of
 * a device allocation. */
static int classify(cl_context c, const void *p, size_t n)
{
	uint64_t base = 0;
	size_t size = 0;
	if (!kcl_usm_lookup(c, (uint64_t)(uintptr_t)p, &base, &size))
		return 0;
	return (uint64_t)(uintptr_t)p - base + n <= size ? 1 : -1;
}

static cl_int run_memcpy(kcl_cmd *c, uint64_t *dev_ns)
{
	(void)dev_ns;
	kiln_device *d = c->ev->ctx->device->dev;
	int st = KILN_OK;
	int dst_dev = c->dims & 1, src_dev = (c->dims >> 1) & 1;
	if (dst_dev && src_dev) {
		void *tmp = malloc(c->size);
		if (!tmp)
			return CL_OUT_OF_HOST_MEMORY;
		st = kiln_mem_read(d, c->addr2, tmp, c->size);
		if (st == KILN_OK)
			st = kiln_mem_write(d, c->addr, tmp, c->size);
		free(tmp);
	} else if (dst_dev) {
		st = kiln_mem_write(d, c->addr, c->cptr, c->size);
	} else if (src_dev) {
		st = kiln_mem_read(d, c->addr2, c->ptr, c->size);
	} else {
		memmove(c->ptr, c->cptr, c->size);
	}
	return st == KILN_OK ? CL_SUCCESS : CL_OUT_OF_RESOURCES;
}

cl_int CL_API_CALL clEnqueueMemcpyINTEL(cl_command_queue q, cl_bool blocking, void *dst_ptr,
                                        const void *src_ptr, size_t size, cl_uint n, const cl_event *list,
                                        cl_event *event)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (!dst_ptr || !src_ptr)
		return CL_INVALID_VALUE;
	const char *d = dst_ptr, *s = src_ptr;
	if (size && d < s + size && s < d + size)
		return CL_MEM_COPY_OVERLAP;
	int dk = classify(q->ctx, dst_ptr, size), sk = classify(q->ctx, src_ptr, size);
	if (dk < 0 || sk < 0)
		return CL_INVALID_VALUE;
	cl_int err = kcl_check_wait_list(q->ctx, n, list);
	if (err != CL_SUCCESS)
		return err;
	kcl_cmd *c = kcl_cmd_new(q, CL_COMMAND_MEMCPY_INTEL, n, list);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	c->ptr = dst_ptr;
	c->cptr = src_ptr;
	c->addr = (uint64_t)(uintptr_t)dst_ptr;
	c->addr2 = (uint64_t)(uintptr_t)src_ptr;
	c->size = size;
	c->dims = dk | sk << 1;
	c->run = size ? run_memcpy : NULL;
	return kcl_submit(q, c, blocking, event);
}

static cl_int run_fill(kcl_cmd *c, uint64_t *dev_ns)
{
	(void)dev_ns;
	unsigned char *tmp = c->dims ? malloc(c->size) : c->ptr;
	if (!tmp)
		return CL_OUT_OF_HOST_MEMORY;
	for (size_t i = 0; i < c->size; i += c->pattern_size)
		memcpy(tmp + i, c->pattern, c->pattern_size);
	int st = KILN_OK;
	if (c->dims) {
		st = kiln_mem_write(c->ev->ctx->device->dev, c->addr, tmp, c->size);
		free(tmp);
	}
	return st == KILN_OK ? CL_SUCCESS : CL_OUT_OF_RESOURCES;
}

cl_int CL_API_CALL clEnqueueMemFillINTEL(cl_command_queue q, void *dst_ptr, const void *pattern,
                                         size_t pattern_size, size_t size, cl_uint n, const cl_event *list,
                                         cl_event *event)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (!dst_ptr || !pattern || pattern_size == 0 || pattern_size > 128 ||
	    (pattern_size & (pattern_size - 1)) || size % pattern_size || (uintptr_t)dst_ptr % pattern_size)
		return CL_INVALID_VALUE;
	int dk = classify(q->ctx, dst_ptr, size);
	if (dk < 0)
		return CL_INVALID_VALUE;
	cl_int err = kcl_check_wait_list(q->ctx, n, list);
	if (err != CL_SUCCESS)
		return err;
	kcl_cmd *c = kcl_cmd_new(q, CL_COMMAND_MEMFILL_INTEL, n, list);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	memcpy(c->pattern, pattern, pattern_size);
	c->pattern_size = pattern_size;
	c->ptr = dst_ptr;
	c->addr = (uint64_t)(uintptr_t)dst_ptr;
	c->size = size;
	c->dims = dk;
	c->run = size ? run_fill : NULL;
	return kcl_submit(q, c, 0, event);
}

cl_int CL_API_CALL clEnqueueMemsetINTEL(cl_command_queue q, void *dst_ptr, cl_int value, size_t size,
                                        cl_uint n, const cl_event *list, cl_event *event)
{
	unsigned char b = (unsigned char)value;
	return clEnqueueMemFillINTEL(q, dst_ptr, &b, 1, size, n, list, event);
}

/* Hints: device allocations never move, so these are markers with the right command type. */
static cl_int hint(cl_command_queue q, const void *ptr, cl_command_type type, cl_uint n, const cl_event *list,
                   cl_event *event)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (!ptr)
		return CL_INVALID_VALUE;
	cl_int err = kcl_check_wait_list(q->ctx, n, list);
	if (err != CL_SUCCESS)
		return err;
	kcl_cmd *c = kcl_cmd_new(q, type, n, list);
	return c ? kcl_submit(q, c, 0, event) : CL_OUT_OF_HOST_MEMORY;
}

cl_int CL_API_CALL clEnqueueMigrateMemINTEL(cl_command_queue q, const void *ptr, size_t size,
                                            cl_mem_migration_flags flags, cl_uint n, const cl_event *list,
                                            cl_event *event)
{
	(void)size, (void)flags;
	return hint(q, ptr, CL_COMMAND_MIGRATEMEM_INTEL, n, list, event);
}

cl_int CL_API_CALL clEnqueueMemAdviseINTEL(cl_command_queue q, const void *ptr, size_t size,
                                           cl_mem_advice_intel advice, cl_uint n, const cl_event *list,
                                           cl_event *event)
{
	(void)size, (void)advice;
	return hint(q, ptr, CL_COMMAND_MEMADVISE_INTEL, n, list, event);
}
