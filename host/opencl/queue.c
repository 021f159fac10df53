// SPDX-License-Identifier: Apache-2.0
/* Command queues: in-order, one worker thread per queue that runs the synchronous libkiln calls, so that
 * non-blocking enqueues and events work. A blocking enqueue onto an idle queue runs inline on the calling
 * thread (the command is still "the head of the queue" while it runs), which keeps the overhead of a small
 * blocking transfer close to the libkiln call it wraps. */
#include <stdlib.h>
#include <string.h>

#include "ocl.h"

void kcl_queue_iretain(cl_command_queue q)
{
	atomic_fetch_add(&q->irefs, 1);
}

void kcl_queue_irelease(cl_command_queue q)
{
	if (atomic_fetch_sub(&q->irefs, 1) != 1)
		return;
	pthread_mutex_destroy(&q->lock);
	pthread_cond_destroy(&q->cv);
	cl_context ctx = q->ctx;
	kcl_handle_free(q);
	kcl_context_release(ctx);
}

cl_int kcl_check_wait_list(cl_context ctx, cl_uint n, const cl_event *list)
{
	if ((n && !list) || (!n && list))
		return CL_INVALID_EVENT_WAIT_LIST;
	for (cl_uint i = 0; i < n; i++) {
		if (!KCL_VALID(list[i], KCL_MAGIC_EVENT))
			return CL_INVALID_EVENT_WAIT_LIST;
		if (list[i]->ctx != ctx)
			return CL_INVALID_CONTEXT;
	}
	return CL_SUCCESS;
}

kcl_cmd *kcl_cmd_new(cl_command_queue q, cl_command_type type, cl_uint n, const cl_event *list)
{
	kcl_cmd *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	if (!(c->ev = kcl_event_new(q->ctx, q, type))) {
		free(c);
		return NULL;
	}
	c->ev->t_queued = kcl_now_ns();
	if (n) {
		if (!(c->wait = malloc(n * sizeof *c->wait))) {
			kcl_event_release(c->ev);
			free(c);
			return NULL;
		}
		for (cl_uint i = 0; i < n; i++) {
			c->wait[i] = list[i];
			atomic_fetch_add(&list[i]->refs, 1);
		}
		c->nwait = n;
	}
	return c;
}

void kcl_cmd_discard(kcl_cmd *c)
{
	if (!c)
		return;
	if (c->cleanup)
		c->cleanup(c);
	for (cl_uint i = 0; i < c->nwait; i++)
		kcl_event_release(c->wait[i]);
	free(c->wait);
	kcl_event_release(c->ev);
	free(c);
}

static cl_ulong stamp(cl_command_queue q, cl_ulong t)
{
	if (t < q->last_ts)
		t = q->last_ts;
	q->last_ts = t;
	return t;
}

/* Names of the commands, for error reasons. */
static const char *kcl_command_name(cl_command_type t)
{
	static const struct {
		cl_command_type type;
		const char *name;
	} names[] = {
	    {CL_COMMAND_NDRANGE_KERNEL, "clEnqueueNDRangeKernel"},
	    {CL_COMMAND_TASK, "clEnqueueTask"},
	    {CL_COMMAND_READ_BUFFER, "clEnqueueReadBuffer"},
	    {CL_COMMAND_WRITE_BUFFER, "clEnqueueWriteBuffer"},
	    {CL_COMMAND_COPY_BUFFER, "clEnqueueCopyBuffer"},
	    {CL_COMMAND_FILL_BUFFER, "clEnqueueFillBuffer"},
	    {CL_COMMAND_MAP_BUFFER, "clEnqueueMapBuffer"},
	    {CL_COMMAND_UNMAP_MEM_OBJECT, "clEnqueueUnmapMemObject"},
	    {CL_COMMAND_MIGRATE_MEM_OBJECTS, "clEnqueueMigrateMemObjects"},
	    {CL_COMMAND_MEMCPY_INTEL, "clEnqueueMemcpyINTEL"},
	    {CL_COMMAND_MEMFILL_INTEL, "clEnqueueMemFillINTEL"},
	    {CL_COMMAND_READ_GLOBAL_VARIABLE_INTEL, "clEnqueueReadGlobalVariableINTEL"},
	    {CL_COMMAND_WRITE_GLOBAL_VARIABLE_INTEL, "clEnqueueWriteGlobalVariableINTEL"},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].type == t)
			return names[i].name;
	return "a command";
}

/* Runs C (its wait list first) and completes its event; the caller owns the queue's "busy" slot. */
static cl_int execute(cl_command_queue q, kcl_cmd *c)
{
	cl_event e = c->ev;
	for (cl_uint i = 0; i < c->nwait; i++)
		if (kcl_event_wait(c->wait[i]) < 0) {
			e->t_submit = e->t_start = e->t_end = stamp(q, kcl_now_ns());
			kcl_event_set_status(e, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
			return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
		}
	e->t_submit = stamp(q, kcl_now_ns());
	kcl_event_set_status(e, CL_SUBMITTED);
	e->t_start = stamp(q, kcl_now_ns());
	kcl_event_set_status(e, CL_RUNNING);
	uint64_t dev_ns = UINT64_MAX;
	cl_int st = c->run ? c->run(c, &dev_ns) : CL_SUCCESS;
	/* Commands fail only through libkiln, whose message on this thread says why. */
	if (st < 0)
		kcl_notify(q->ctx, st, "%s failed: %s", kcl_command_name(e->type), kiln_last_error());
	/* A kernel's duration is its device cycles times the clock period; everything else is host time. */
	e->t_end = stamp(q, dev_ns != UINT64_MAX ? e->t_start + dev_ns : kcl_now_ns());
	kcl_event_set_status(e, st < 0 ? st : CL_COMPLETE);
	return st;
}

/* Takes the command at Q's head and runs it, holding the execution slot (busy) so that order is kept. Called
 * and returns with q->lock held; the lock is dropped while the command runs. */
static void run_head(cl_command_queue q)
{
	kcl_cmd *c = q->head;
	q->head = c->next;
	if (!q->head)
		q->tail = NULL;
	q->busy = 1;
	q->slot_owner = pthread_self();
	pthread_mutex_unlock(&q->lock);
	execute(q, c);
	kcl_cmd_discard(c);
	pthread_mutex_lock(&q->lock);
	q->busy = 0;
	pthread_cond_broadcast(&q->cv);
}

static void *worker(void *arg)
{
	cl_command_queue q = arg;
	pthread_mutex_lock(&q->lock);
	for (;;) {
		while (!(q->head && !q->busy) && !(q->stop && !q->head && !q->busy))
			pthread_cond_wait(&q->cv, &q->lock);
		if (!q->head)
			break;
		run_head(q);
	}
	pthread_mutex_unlock(&q->lock);
	kcl_queue_irelease(q); /* the worker's own reference */
	return NULL;
}

int kcl_inline_begin(cl_command_queue q)
{
	pthread_mutex_lock(&q->lock);
	int idle = !q->head && !q->busy;
	if (idle) {
		q->busy = 1;
		q->slot_owner = pthread_self();
	}
	pthread_mutex_unlock(&q->lock);
	return idle;
}

void kcl_inline_end(cl_command_queue q)
{
	pthread_mutex_lock(&q->lock);
	q->busy = 0;
	if (q->head || q->finish_waiters)
		pthread_cond_broadcast(&q->cv);
	pthread_mutex_unlock(&q->lock);
}

/* Whether the calling thread executes Q's current command (it is inside one of its event callbacks): waiting
 * for Q there would wait for itself. Called with q->lock held. */
static int holds_slot(cl_command_queue q)
{
	return q->busy && pthread_equal(q->slot_owner, pthread_self());
}

cl_int kcl_submit(cl_command_queue q, kcl_cmd *c, int blocking, cl_event *event)
{
	cl_event e = c->ev;
	if (blocking) {
		pthread_mutex_lock(&q->lock);
		int self = holds_slot(q);
		pthread_mutex_unlock(&q->lock);
		if (self) {
			kcl_cmd_discard(c);
			return CL_INVALID_OPERATION; /* a blocking command from a callback of its own queue */
		}
	}
	if (event) {
		atomic_fetch_add(&e->refs, 1);
		*event = e;
	}
	pthread_mutex_lock(&q->lock);
	if (blocking && !q->head && !q->busy) {
		int ready = 1;
		for (cl_uint i = 0; i < c->nwait && ready; i++)
			ready = kcl_event_status(c->wait[i]) <= CL_COMPLETE;
		if (ready) {
			q->busy = 1;
			q->slot_owner = pthread_self();
			pthread_mutex_unlock(&q->lock);
			cl_int st = execute(q, c);
			pthread_mutex_lock(&q->lock);
			q->busy = 0;
			/* Wake only whoever waits for the slot: an idle worker has nothing to do. */
			if (q->head || q->finish_waiters)
				pthread_cond_broadcast(&q->cv);
			pthread_mutex_unlock(&q->lock);
			kcl_cmd_discard(c);
			return st < 0 ? st : CL_SUCCESS;
		}
	}
	if (blocking)
		atomic_fetch_add(&e->refs, 1);
	c->next = NULL;
	if (q->tail)
		q->tail->next = c;
	else
		q->head = c;
	q->tail = c;
	pthread_cond_broadcast(&q->cv);
	pthread_mutex_unlock(&q->lock);
	if (!blocking)
		return CL_SUCCESS;
	cl_int st = kcl_event_wait(e);
	kcl_event_release(e);
	return st < 0 ? st : CL_SUCCESS;
}

static cl_command_queue make_queue(cl_context ctx, cl_device_id dev, cl_command_queue_properties props,
                                   const cl_queue_properties *arr, size_t narr, cl_int *errcode_ret)
{
	cl_int err = CL_SUCCESS;
	cl_command_queue q = NULL;
	const cl_command_queue_properties known = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
	                                          CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_ON_DEVICE |
	                                          CL_QUEUE_ON_DEVICE_DEFAULT;
	if (!KCL_VALID(ctx, KCL_MAGIC_CONTEXT))
		err = CL_INVALID_CONTEXT;
	else if (!KCL_VALID(dev, KCL_MAGIC_DEVICE) || dev != ctx->device)
		err = CL_INVALID_DEVICE;
	else if (props & ~known)
		err = CL_INVALID_VALUE;
	else if (props & ~(cl_command_queue_properties)CL_QUEUE_PROFILING_ENABLE)
		err = CL_INVALID_QUEUE_PROPERTIES; /* in-order, host queues only */
	else if (!(q = calloc(1, sizeof *q)) || kcl_handle_init(q, KCL_MAGIC_QUEUE)) {
		free(q);
		q = NULL;
		err = CL_OUT_OF_HOST_MEMORY;
	}
	if (err == CL_SUCCESS) {
		atomic_init(&q->irefs, 2); /* the application's handle and the worker */
		q->ctx = ctx;
		q->device = dev;
		q->props = props;
		if (arr && narr <= 4) {
			memcpy(q->prop_array, arr, narr * sizeof *arr);
			q->nprop_array = narr;
		}
		pthread_mutex_init(&q->lock, NULL);
		pthread_cond_init(&q->cv, NULL);
		if (pthread_create(&q->worker, NULL, worker, q) != 0) {
			kcl_handle_drop(q);
			pthread_mutex_destroy(&q->lock);
			pthread_cond_destroy(&q->cv);
			free(q);
			q = NULL;
			err = CL_OUT_OF_HOST_MEMORY;
		} else {
			kcl_context_retain(ctx);
		}
	}
	if (errcode_ret)
		*errcode_ret = err;
	return q;
}

cl_command_queue CL_API_CALL clCreateCommandQueue(cl_context context, cl_device_id device,
                                                  cl_command_queue_properties properties, cl_int *errcode_ret)
{
	return make_queue(context, device, properties, NULL, 0, errcode_ret);
}

cl_command_queue CL_API_CALL clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                                                const cl_queue_properties *properties,
                                                                cl_int *errcode_ret)
{
	cl_command_queue_properties props = 0;
	size_t n = 0;
	if (properties) {
		int seen = 0;
		while (properties[n]) {
			if (properties[n] != CL_QUEUE_PROPERTIES || seen++) {
				/* CL_QUEUE_SIZE needs an on-device queue, which the device does not have. */
				if (errcode_ret)
					*errcode_ret = CL_INVALID_VALUE;
				return NULL;
			}
			props = (cl_command_queue_properties)properties[n + 1];
			n += 2;
		}
		n++;
	}
	return make_queue(context, device, props, properties, n, errcode_ret);
}

cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue q)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	atomic_fetch_add(&q->refs, 1);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue q)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	if (atomic_fetch_sub(&q->refs, 1) != 1)
		return CL_SUCCESS;
	/* Implicit flush. An idle queue's worker is gone when this returns (the context may go right after);
	 * otherwise the worker drains the queue and exits on its own, so that releasing never waits for
	 * commands (one may wait for a user event this very thread would set). */
	pthread_mutex_lock(&q->lock);
	q->stop = 1;
	kcl_handle_drop(q);
	int idle = !q->head && !q->busy;
	pthread_cond_broadcast(&q->cv);
	pthread_mutex_unlock(&q->lock);
	if (idle)
		pthread_join(q->worker, NULL);
	else
		pthread_detach(q->worker);
	kcl_queue_irelease(q);
	return CL_SUCCESS;
}

cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue q, cl_command_queue_info param_name,
                                         size_t param_value_size, void *param_value,
                                         size_t *param_value_size_ret)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	switch (param_name) {
	case CL_QUEUE_CONTEXT:
		KCL_INFO(cl_context, q->ctx);
	case CL_QUEUE_DEVICE:
		KCL_INFO(cl_device_id, q->device);
	case CL_QUEUE_REFERENCE_COUNT:
		KCL_INFO(cl_uint, atomic_load(&q->refs));
	case CL_QUEUE_PROPERTIES:
		KCL_INFO(cl_command_queue_properties, q->props);
	case CL_QUEUE_PROPERTIES_ARRAY:
		return kcl_info(param_value_size, param_value, param_value_size_ret, q->prop_array,
		                q->nprop_array * sizeof q->prop_array[0]);
	case CL_QUEUE_SIZE:
		return CL_INVALID_COMMAND_QUEUE; /* only for on-device queues */
	case CL_QUEUE_DEVICE_DEFAULT:
		KCL_INFO(cl_command_queue, NULL);
	default:
		return CL_INVALID_VALUE;
	}
}

cl_int CL_API_CALL clSetCommandQueueProperty(cl_command_queue q, cl_command_queue_properties properties,
                                             cl_bool enable, cl_command_queue_properties *old_properties)
{
	(void)properties, (void)enable, (void)old_properties;
	return KCL_VALID(q, KCL_MAGIC_QUEUE) ? CL_INVALID_OPERATION : CL_INVALID_COMMAND_QUEUE;
}

cl_int CL_API_CALL clFlush(cl_command_queue q)
{
	/* The worker starts every command as soon as it is enqueued. */
	return KCL_VALID(q, KCL_MAGIC_QUEUE) ? CL_SUCCESS : CL_INVALID_COMMAND_QUEUE;
}

/* A thread about to wait for Q runs the commands at its head itself while the worker has not taken them (it
 * would only add a thread wake-up to the wait); UNTIL (may be NULL) stops it once that event is done. Order
 * is kept: only the head is ever taken, and only with the execution slot. Called with q->lock held. */
static void help(cl_command_queue q, cl_event until)
{
	while (q->head && !q->busy && (!until || kcl_event_status(until) > CL_COMPLETE)) {
		kcl_cmd *c = q->head;
		int ready = 1;
		for (cl_uint i = 0; i < c->nwait && ready; i++)
			ready = kcl_event_status(c->wait[i]) <= CL_COMPLETE;
		if (!ready)
			return; /* the worker waits for its wait list */
		run_head(q);
	}
}

void kcl_queue_help(cl_command_queue q, cl_event until)
{
	pthread_mutex_lock(&q->lock);
	help(q, until);
	pthread_mutex_unlock(&q->lock);
}

cl_int CL_API_CALL clFinish(cl_command_queue q)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	pthread_mutex_lock(&q->lock);
	if (holds_slot(q)) {
		/* From an event callback of this queue: its own command is not done until the callback
		 * returns. */
		pthread_mutex_unlock(&q->lock);
		return CL_INVALID_OPERATION;
	}
	q->finish_waiters++;
	for (;;) {
		help(q, NULL);
		if (!q->head && !q->busy)
			break;
		pthread_cond_wait(&q->cv, &q->lock);
	}
	q->finish_waiters--;
	pthread_mutex_unlock(&q->lock);
	return CL_SUCCESS;
}

/* Markers and barriers: in an in-order queue both wait for every earlier command and their wait list. */
static cl_int enqueue_marker(cl_command_queue q, cl_command_type type, cl_uint n, const cl_event *list,
                             cl_event *event)
{
	if (!KCL_VALID(q, KCL_MAGIC_QUEUE))
		return CL_INVALID_COMMAND_QUEUE;
	cl_int err = kcl_check_wait_list(q->ctx, n, list);
	if (err != CL_SUCCESS)
		return err;
	kcl_cmd *c = kcl_cmd_new(q, type, n, list);
	if (!c)
		return CL_OUT_OF_HOST_MEMORY;
	return kcl_submit(q, c, 0, event);
}

cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint n, const cl_event *list,
                                               cl_event *event)
{
	return enqueue_marker(q, CL_COMMAND_MARKER, n, list, event);
}

cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint n, const cl_event *list,
                                                cl_event *event)
{
	return enqueue_marker(q, CL_COMMAND_BARRIER, n, list, event);
}

cl_int CL_API_CALL clEnqueueMarker(cl_command_queue q, cl_event *event)
{
	if (KCL_VALID(q, KCL_MAGIC_QUEUE) && !event)
		return CL_INVALID_VALUE;
	return enqueue_marker(q, CL_COMMAND_MARKER, 0, NULL, event);
}

cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue q)
{
	return enqueue_marker(q, CL_COMMAND_BARRIER, 0, NULL, NULL);
}

cl_int CL_API_CALL clEnqueueWaitForEvents(cl_command_queue q, cl_uint n, const cl_event *list)
{
	if (KCL_VALID(q, KCL_MAGIC_QUEUE) && (n == 0 || !list))
		return CL_INVALID_VALUE;
	return enqueue_marker(q, CL_COMMAND_BARRIER, n, list, NULL);
}
