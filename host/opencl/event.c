// SPDX-License-Identifier: Apache-2.0
/* Events: command events (owned by a queue's commands), user events, callbacks, waiting, profiling. One lock
 * and one condition variable guard every event's status; that keeps waits across queues simple. */
#include <stdlib.h>

#include "ocl.h"

static pthread_mutex_t ev_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ev_cv = PTHREAD_COND_INITIALIZER;

cl_event kcl_event_new(cl_context ctx, cl_command_queue q, cl_command_type type)
{
	cl_event e = calloc(1, sizeof *e);
	if (!e || kcl_handle_init(e, KCL_MAGIC_EVENT)) {
		free(e);
		return NULL;
	}
	e->ctx = ctx;
	kcl_context_retain(ctx);
	e->queue = q;
	if (q) {
		kcl_queue_iretain(q);
		e->profiled = (q->props & CL_QUEUE_PROFILING_ENABLE) != 0;
	}
	e->type = type;
	e->status = q ? CL_QUEUED : CL_SUBMITTED;
	return e;
}

cl_int kcl_event_status(cl_event e)
{
	pthread_mutex_lock(&ev_lock);
	cl_int s = e->status;
	pthread_mutex_unlock(&ev_lock);
	return s;
}

static void run_callbacks(cl_event e, kcl_ev_cb *list, cl_int status)
{
	for (kcl_ev_cb *cb = list, *next; cb; cb = next) {
		next = cb->next;
		cb->fn(e, status < 0 ? status : cb->type, cb->user);
		free(cb);
	}
}

void kcl_event_set_status(cl_event e, cl_int status)
{
	kcl_ev_cb *fire = NULL, **tail = &fire;
	pthread_mutex_lock(&ev_lock);
	if (e->status <= CL_COMPLETE || status >= e->status) {
		pthread_mutex_unlock(&ev_lock);
		return;
	}
	e->status = status;
	/* Callbacks whose status is reached (all of them on an error), in registration order. */
	for (kcl_ev_cb **pp = &e->cbs; *pp;) {
		kcl_ev_cb *cb = *pp;
		if (status < 0 || cb->type >= status) {
			*pp = cb->next;
			cb->next = NULL;
			*tail = cb;
			tail = &cb->next;
		} else {
			pp = &cb->next;
		}
	}
	pthread_cond_broadcast(&ev_cv);
	pthread_mutex_unlock(&ev_lock);
	if (fire)
		run_callbacks(e, fire, status);
}

cl_int kcl_event_wait(cl_event e)
{
	pthread_mutex_lock(&ev_lock);
	while (e->status > CL_COMPLETE)
		pthread_cond_wait(&ev_cv, &ev_lock);
	cl_int s = e->status;
	pthread_mutex_unlock(&ev_lock);
	return s;
}

void kcl_event_release(cl_event e)
{
	if (atomic_fetch_sub(&e->refs, 1) != 1)
		return;
	for (kcl_ev_cb *cb = e->cbs, *next; cb; cb = next) {
		next = cb->next;
		free(cb);
	}
	cl_context ctx = e->ctx;
	cl_command_queue q = e->queue;
	kcl_handle_drop(e);
	kcl_handle_free(e);
	if (q)
		kcl_queue_irelease(q);
	kcl_context_release(ctx);
}

cl_int CL_API_CALL clRetainEvent(cl_event e)
{
	if (!KCL_VALID(e, KCL_MAGIC_EVENT))
		return CL_INVALID_EVENT;
	atomic_fetch_add(&e->refs, 1);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseEvent(cl_event e)
{
	if (!KCL_VALID(e, KCL_MAGIC_EVENT))
		return CL_INVALID_EVENT;
	kcl_event_release(e);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clWaitForEvents(cl_uint num_events, const cl_event *event_list)
{
	if (num_events == 0 || !event_list)
		return CL_INVALID_VALUE;
	for (cl_uint i = 0; i < num_events; i++) {
		if (!KCL_VALID(event_list[i], KCL_MAGIC_EVENT))
			return CL_INVALID_EVENT;
		if (event_list[i]->ctx != event_list[0]->ctx)
			return CL_INVALID_CONTEXT;
	}
	cl_int ret = CL_SUCCESS;
	for (cl_uint i = 0; i < num_events; i++) {
		if (event_list[i]->queue)
			kcl_queue_help(event_list[i]->queue, event_list[i]);
		if (kcl_event_wait(event_list[i]) < 0)
			ret = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
	}
	return ret;
}

cl_int CL_API_CALL clGetEventInfo(cl_event e, cl_event_info param_name, size_t param_value_size,
                                  void *param_value, size_t *param_value_size_ret)
{
	if (!KCL_VALID(e, KCL_MAGIC_EVENT))
		return CL_INVALID_EVENT;
	switch (param_name) {
	case CL_EVENT_COMMAND_QUEUE:
		KCL_INFO(cl_command_queue, e->queue);
	case CL_EVENT_CONTEXT:
		KCL_INFO(cl_context, e->ctx);
	case CL_EVENT_COMMAND_TYPE:
		KCL_INFO(cl_command_type, e->type);
	case CL_EVENT_COMMAND_EXECUTION_STATUS:
		KCL_INFO(cl_int, kcl_event_status(e));
	case CL_EVENT_REFERENCE_COUNT:
		KCL_INFO(cl_uint, atomic_load(&e->refs));
	default:
		return CL_INVALID_VALUE;
	}
}

cl_int CL_API_CALL clGetEventProfilingInfo(cl_event e, cl_profiling_info param_name, size_t param_value_size,
                                           void *param_value, size_t *param_value_size_ret)
{
	if (!KCL_VALID(e, KCL_MAGIC_EVENT))
		return CL_INVALID_EVENT;
	if (param_name < CL_PROFILING_COMMAND_QUEUED || param_name > CL_PROFILING_COMMAND_COMPLETE)
		return CL_INVALID_VALUE;
	if (!e->queue || !e->profiled || kcl_event_status(e) != CL_COMPLETE)
		return CL_PROFILING_INFO_NOT_AVAILABLE;
	switch (param_name) {
	case CL_PROFILING_COMMAND_QUEUED:
		KCL_INFO(cl_ulong, e->t_queued);
	case CL_PROFILING_COMMAND_SUBMIT:
		KCL_INFO(cl_ulong, e->t_submit);
	case CL_PROFILING_COMMAND_START:
		KCL_INFO(cl_ulong, e->t_start);
	default: /* END, COMPLETE (no child commands) */
		KCL_INFO(cl_ulong, e->t_end);
	}
}

cl_int CL_API_CALL clSetEventCallback(cl_event e, cl_int type,
                                      void(CL_CALLBACK *fn)(cl_event, cl_int, void *), void *user_data)
{
	if (!KCL_VALID(e, KCL_MAGIC_EVENT))
		return CL_INVALID_EVENT;
	if (!fn || (type != CL_SUBMITTED && type != CL_RUNNING && type != CL_COMPLETE))
		return CL_INVALID_VALUE;
	kcl_ev_cb *cb = calloc(1, sizeof *cb);
	if (!cb)
		return CL_OUT_OF_HOST_MEMORY;
	cb->type = type;
	cb->fn = fn;
	cb->user = user_data;
	pthread_mutex_lock(&ev_lock);
	cl_int s = e->status;
	if (s > type) {
		kcl_ev_cb **pp = &e->cbs;
		while (*pp)
			pp = &(*pp)->next;
		*pp = cb;
		cb = NULL;
	}
	pthread_mutex_unlock(&ev_lock);
	if (cb) /* already reached: call now */
		run_callbacks(e, cb, s);
	return CL_SUCCESS;
}

cl_event CL_API_CALL clCreateUserEvent(cl_context c, cl_int *errcode_ret)
{
	cl_event e = NULL;
	cl_int err = CL_SUCCESS;
	if (!KCL_VALID(c, KCL_MAGIC_CONTEXT))
		err = CL_INVALID_CONTEXT;
	else if (!(e = kcl_event_new(c, NULL, CL_COMMAND_USER)))
		err = CL_OUT_OF_HOST_MEMORY;
	if (errcode_ret)
		*errcode_ret = err;
	return e;
}

cl_int CL_API_CALL clSetUserEventStatus(cl_event e, cl_int execution_status)
{
	if (!KCL_VALID(e, KCL_MAGIC_EVENT) || e->queue)
		return CL_INVALID_EVENT;
	if (execution_status != CL_COMPLETE && execution_status >= 0)
		return CL_INVALID_VALUE;
	if (kcl_event_status(e) <= CL_COMPLETE)
		return CL_INVALID_OPERATION;
	kcl_event_set_status(e, execution_status);
	return CL_SUCCESS;
}
