// SPDX-License-Identifier: Apache-2.0
/* Contexts: one device, optional properties, the USM allocation list. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

static cl_int parse_props(const cl_context_properties *props, cl_context ctx)
{
	size_t n = 0;
	int seen_platform = 0, seen_sync = 0;
	if (!props)
		return CL_SUCCESS;
	while (props[n]) {
		switch (props[n]) {
		case CL_CONTEXT_PLATFORM:
			if (seen_platform++)
				return CL_INVALID_PROPERTY;
			if ((cl_platform_id)props[n + 1] != kcl_platform())
				return CL_INVALID_PLATFORM;
			break;
		case CL_CONTEXT_INTEROP_USER_SYNC:
			if (seen_sync++ || (props[n + 1] != CL_TRUE && props[n + 1] != CL_FALSE))
				return CL_INVALID_PROPERTY;
			break;
		default:
			return CL_INVALID_PROPERTY;
		}
		n += 2;
	}
	if (ctx) {
		memcpy(ctx->props, props, (n + 1) * sizeof *props);
		ctx->nprops = n + 1;
	}
	return CL_SUCCESS;
}

static cl_context make_context(const cl_context_properties *props,
                               void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
                               void *user, cl_int *err)
{
	cl_int e = parse_props(props, NULL);
	cl_device_id d = kcl_device();
	if (e == CL_SUCCESS && !d)
		e = CL_DEVICE_NOT_AVAILABLE;
	cl_context c = NULL;
	if (e == CL_SUCCESS && (!(c = calloc(1, sizeof *c)) || kcl_handle_init(c, KCL_MAGIC_CONTEXT))) {
		free(c);
		c = NULL;
		e = CL_OUT_OF_HOST_MEMORY;
	}
	if (e == CL_SUCCESS) {
		c->device = d;
		c->notify = notify;
		c->notify_user = user;
		parse_props(props, c);
		pthread_mutex_init(&c->lock, NULL);
	}
	if (err)
		*err = e;
	return c;
}

cl_context CL_API_CALL clCreateContext(const cl_context_properties *properties, cl_uint num_devices,
                                       const cl_device_id *devices,
                                       void(CL_CALLBACK *pfn_notify)(const char *, const void *, size_t,
                                                                     void *),
                                       void *user_data, cl_int *errcode_ret)
{
	cl_int e = CL_SUCCESS;
	if (!devices || num_devices == 0 || (!pfn_notify && user_data))
		e = CL_INVALID_VALUE;
	for (cl_uint i = 0; e == CL_SUCCESS && i < num_devices; i++)
		if (!KCL_VALID(devices[i], KCL_MAGIC_DEVICE))
			e = CL_INVALID_DEVICE;
	if (e != CL_SUCCESS) {
		if (errcode_ret)
			*errcode_ret = e;
		return NULL;
	}
	return make_context(properties, pfn_notify, user_data, errcode_ret);
}

cl_context CL_API_CALL clCreateContextFromType(const cl_context_properties *properties,
                                               cl_device_type device_type,
                                               void(CL_CALLBACK *pfn_notify)(const char *, const void *,
                                                                             size_t, void *),
                                               void *user_data, cl_int *errcode_ret)
{
	cl_int e = CL_SUCCESS;
	if (!pfn_notify && user_data)
		e = CL_INVALID_VALUE;
	else if ((e = parse_props(properties, NULL)) == CL_SUCCESS) {
		cl_uint n = 0;
		e = clGetDeviceIDs(kcl_platform(), device_type, 0, NULL, &n);
	}
	if (e != CL_SUCCESS) {
		if (errcode_ret)
			*errcode_ret = e;
		return NULL;
	}
	return make_context(properties, pfn_notify, user_data, errcode_ret);
}

void kcl_context_retain(cl_context c)
{
	atomic_fetch_add(&c->refs, 1);
}

void kcl_context_release(cl_context c)
{
	if (atomic_fetch_sub(&c->refs, 1) != 1)
		return;
	/* Destructor callbacks run in reverse order of registration (the list is LIFO). */
	for (kcl_ctx_cb *cb = c->dtor, *next; cb; cb = next) {
		next = cb->next;
		cb->fn(c, cb->user);
		free(cb);
	}
	for (kcl_usm *u = c->usm, *next; u; u = next) {
		next = u->next;
		kiln_mem_free(c->device->dev, u->addr);
		free(u);
	}
	pthread_mutex_destroy(&c->lock);
	kcl_handle_drop(c);
	kcl_handle_free(c);
}

cl_int CL_API_CALL clRetainContext(cl_context c)
{
	if (!KCL_VALID(c, KCL_MAGIC_CONTEXT))
		return CL_INVALID_CONTEXT;
	kcl_context_retain(c);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseContext(cl_context c)
{
	if (!KCL_VALID(c, KCL_MAGIC_CONTEXT))
		return CL_INVALID_CONTEXT;
	kcl_context_release(c);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clGetContextInfo(cl_context c, cl_context_info param_name, size_t param_value_size,
                                    void *param_value, size_t *param_value_size_ret)
{
	if (!KCL_VALID(c, KCL_MAGIC_CONTEXT))
		return CL_INVALID_CONTEXT;
	switch (param_name) {
	case CL_CONTEXT_REFERENCE_COUNT:
		KCL_INFO(cl_uint, atomic_load(&c->refs));
	case CL_CONTEXT_NUM_DEVICES:
		KCL_INFO(cl_uint, 1);
	case CL_CONTEXT_DEVICES:
		KCL_INFO(cl_device_id, c->device);
	case CL_CONTEXT_PROPERTIES:
		return kcl_info(param_value_size, param_value, param_value_size_ret, c->props,
		                c->nprops * sizeof c->props[0]);
	default:
		return CL_INVALID_VALUE;
	}
}

cl_int CL_API_CALL clSetContextDestructorCallback(cl_context c, void(CL_CALLBACK *fn)(cl_context, void *),
                                                  void *user_data)
{
	if (!KCL_VALID(c, KCL_MAGIC_CONTEXT))
		return CL_INVALID_CONTEXT;
	if (!fn)
		return CL_INVALID_VALUE;
	kcl_ctx_cb *cb = malloc(sizeof *cb);
	if (!cb)
		return CL_OUT_OF_HOST_MEMORY;
	cb->fn = fn;
	cb->user = user_data;
	pthread_mutex_lock(&c->lock);
	cb->next = c->dtor;
	c->dtor = cb;
	pthread_mutex_unlock(&c->lock);
	return CL_SUCCESS;
}

int kcl_usm_lookup(cl_context c, uint64_t addr, uint64_t *base, size_t *size)
{
	int found = 0;
	pthread_mutex_lock(&c->lock);
	for (kcl_usm *u = c->usm; u; u = u->next)
		if (addr >= u->addr && addr < u->addr + u->size) {
			if (base)
				*base = u->addr;
			if (size)
				*size = u->size;
			found = 1;
			break;
		}
	pthread_mutex_unlock(&c->lock);
	return found;
}

cl_int kcl_notify(cl_context ctx, cl_int code, const char *fmt, ...)
{
	if (!ctx || !ctx->notify)
		return code;
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < sizeof msg - 24)
		snprintf(msg + n, sizeof msg - (size_t)n, " (error %d)", (int)code);
	ctx->notify(msg, NULL, 0, ctx->notify_user);
	return code;
}

cl_int kcl_kiln_error(cl_context ctx, int st, const char *call)
{
	return kcl_notify(ctx, kcl_status(st), "%s: %s", call, kiln_last_error());
}
