// SPDX-License-Identifier: Apache-2.0
/* Events: the state, result and timestamps of one queued command. The queue's worker completes them;
 * callbacks run on that worker thread right after completion (or, when registered on an event that is
 * already complete, on the registering thread before kiln_event_set_callback returns). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct callback {
	kiln_event_callback fn;
	void *user;
	struct callback *next;
} callback;

struct kiln_event {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int refs;
	int state;  /* KILN_EVENT_QUEUED .. KILN_EVENT_COMPLETE */
	int status; /* the command's result once complete */
	char msg[512];
	kiln_event_profile prof;
	callback *cbs;
};

kiln_event *kiln__event_new(void)
{
	kiln_event *e = calloc(1, sizeof *e);
	if (!e)
		return NULL;
	pthread_mutex_init(&e->mu, NULL);
	pthread_cond_init(&e->cv, NULL);
	e->refs = 1;
	e->state = KILN_EVENT_QUEUED;
	e->prof.queued_ns = kiln__now_ns();
	return e;
}

void kiln__event_retain(kiln_event *e)
{
	pthread_mutex_lock(&e->mu);
	e->refs++;
	pthread_mutex_unlock(&e->mu);
}

void kiln__event_submitted(kiln_event *e)
{
	pthread_mutex_lock(&e->mu);
	e->state = KILN_EVENT_SUBMITTED;
	e->prof.submit_ns = kiln__now_ns();
	pthread_cond_broadcast(&e->cv);
	pthread_mutex_unlock(&e->mu);
}

void kiln__event_complete(kiln_event *e, int status, const char *msg, uint64_t start_ns, uint64_t cycles,
                          double period_ns)
{
	uint64_t end = kiln__now_ns();
	pthread_mutex_lock(&e->mu);
	/* The device may be taken before the worker notes the submission only in theory; keep the order. */
	e->prof.start_ns = start_ns >= e->prof.submit_ns ? start_ns : e->prof.submit_ns;
	e->prof.end_ns = end >= e->prof.start_ns ? end : e->prof.start_ns;
	e->prof.device_cycles = cycles;
	e->prof.device_ns = (double)cycles * period_ns;
	e->status = status;
	snprintf(e->msg, sizeof e->msg, "%s", status ? msg : "");
	e->state = KILN_EVENT_COMPLETE;
	callback *cbs = e->cbs;
	e->cbs = NULL;
	pthread_cond_broadcast(&e->cv);
	pthread_mutex_unlock(&e->mu);
	/* Outside the lock, so that a callback may query or wait on its own event. */
	while (cbs) {
		callback *next = cbs->next;
		cbs->fn(e, status, cbs->user);
		free(cbs);
		cbs = next;
	}
}

int kiln_event_wait(kiln_event *e)
{
	if (!kiln_handle_live(e, KILN_H_EVENT))
		return kiln__fail(KILN_ERR_INVALID, "kiln_event_wait: %p is not a live event", (void *)e);
	pthread_mutex_lock(&e->mu);
	while (e->state != KILN_EVENT_COMPLETE)
		pthread_cond_wait(&e->cv, &e->mu);
	int st = e->status;
	char msg[512];
	memcpy(msg, e->msg, sizeof msg);
	pthread_mutex_unlock(&e->mu);
	return st ? kiln__fail(st, "%s", msg) : kiln__ok();
}

int kiln_event_status(kiln_event *e)
{
	if (!kiln_handle_live(e, KILN_H_EVENT))
		return kiln__fail(KILN_ERR_INVALID, "kiln_event_status: %p is not a live event", (void *)e);
	pthread_mutex_lock(&e->mu);
	int st = e->state == KILN_EVENT_COMPLETE && e->status ? e->status : e->state;
	pthread_mutex_unlock(&e->mu);
	return st;
}

const char *kiln_event_message(kiln_event *e)
{
	/* Written once, before the state turns complete, and never again: safe to hand out. */
	return e && kiln_event_status(e) < 0 ? e->msg : "";
}

int kiln_event_set_callback(kiln_event *e, kiln_event_callback fn, void *user)
{
	if (!kiln_handle_live(e, KILN_H_EVENT) || !fn)
		return kiln__fail(KILN_ERR_INVALID, "kiln_event_set_callback: NULL argument");
	callback *cb = calloc(1, sizeof *cb);
	if (!cb)
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	cb->fn = fn;
	cb->user = user;
	pthread_mutex_lock(&e->mu);
	int done = e->state == KILN_EVENT_COMPLETE, st = e->status;
	if (!done) {
		/* Appended, so that callbacks run in registration order. */
		callback **pp = &e->cbs;
		while (*pp)
			pp = &(*pp)->next;
		*pp = cb;
	}
	pthread_mutex_unlock(&e->mu);
	if (done) {
		fn(e, st, user);
		free(cb);
	}
	return kiln__ok();
}

int kiln_event_profile_get(kiln_event *e, kiln_event_profile *out)
{
	if (!kiln_handle_live(e, KILN_H_EVENT) || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_event_profile_get: no live event, or NULL OUT");
	pthread_mutex_lock(&e->mu);
	int done = e->state == KILN_EVENT_COMPLETE;
	if (done)
		*out = e->prof;
	pthread_mutex_unlock(&e->mu);
	return done ? kiln__ok()
	            : kiln__fail(KILN_ERR_STATE, "profiling information exists once the command completed");
}

void kiln_event_release(kiln_event *e)
{
	if (!kiln_handle_remove(e, KILN_H_EVENT)) {
		kiln__fail(KILN_ERR_INVALID, "kiln_event_release: %p is not a live event (released twice?)",
		           (void *)e);
		return;
	}
	kiln__event_unref(e);
}

void kiln__event_unref(kiln_event *e)
{
	pthread_mutex_lock(&e->mu);
	int last = --e->refs == 0;
	pthread_mutex_unlock(&e->mu);
	if (!last)
		return;
	while (e->cbs) {
		callback *next = e->cbs->next;
		free(e->cbs);
		e->cbs = next;
	}
	pthread_cond_destroy(&e->cv);
	pthread_mutex_destroy(&e->mu);
	free(e);
}
