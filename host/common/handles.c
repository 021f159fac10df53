// SPDX-License-Identifier: Apache-2.0
/* Open addressing over the handle's address, with tombstones; grown at half load. */
#include "handles.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct slot {
	uintptr_t p; /* 0 empty, 1 tombstone */
	uint32_t kind;
} slot;

#define TOMB ((uintptr_t)1)

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static slot *tab;
static size_t cap, used; /* USED counts live entries and tombstones */

static size_t hash(uintptr_t p)
{
	uint64_t h = (uint64_t)p * 0x9E3779B97F4A7C15ull;
	return (size_t)(h >> 17);
}

/* The slot holding P, or NULL. */
static slot *find(uintptr_t p)
{
	for (size_t i = cap ? hash(p) & (cap - 1) : 0, n = 0; n < cap; i = (i + 1) & (cap - 1), n++) {
		if (tab[i].p == p)
			return &tab[i];
		if (tab[i].p == 0)
			return NULL;
	}
	return NULL;
}

static void put(slot *t, size_t c, uintptr_t p, uint32_t kind)
{
	size_t i = hash(p) & (c - 1);
	while (t[i].p > TOMB)
		i = (i + 1) & (c - 1);
	t[i] = (slot){p, kind};
}

static int grow(void)
{
	size_t live = 0, nc = cap ? cap : 64;
	for (size_t i = 0; i < cap; i++)
		live += tab[i].p > TOMB;
	while (2 * (live + 1) > nc)
		nc *= 2;
	slot *nt = calloc(nc, sizeof *nt);
	if (!nt)
		return -1;
	for (size_t i = 0; i < cap; i++)
		if (tab[i].p > TOMB)
			put(nt, nc, tab[i].p, tab[i].kind);
	free(tab);
	tab = nt;
	cap = nc;
	used = live;
	return 0;
}

int kiln_handle_add(const void *p, uint32_t kind)
{
	int rc = 0;
	pthread_mutex_lock(&mu);
	if (2 * (used + 1) > cap)
		rc = grow();
	if (rc == 0) {
		slot *s = find((uintptr_t)p);
		if (s)
			s->kind = kind; /* the address was reused after a free the caller forgot to report */
		else {
			put(tab, cap, (uintptr_t)p, kind);
			used++;
		}
	}
	pthread_mutex_unlock(&mu);
	return rc;
}

/* Whether P is live as KIND; FORGET removes it when it is. */
static int lookup(const void *p, uint32_t kind, int forget)
{
	if ((uintptr_t)p <= TOMB)
		return 0;
	pthread_mutex_lock(&mu);
	slot *s = find((uintptr_t)p);
	int live = s && s->kind == kind;
	if (live && forget)
		s->p = TOMB;
	pthread_mutex_unlock(&mu);
	return live;
}

int kiln_handle_live(const void *p, uint32_t kind)
{
	return lookup(p, kind, 0);
}

int kiln_handle_remove(const void *p, uint32_t kind)
{
	return lookup(p, kind, 1);
}
