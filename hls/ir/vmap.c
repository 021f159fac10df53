// SPDX-License-Identifier: Apache-2.0
#include "vmap.h"

#include <stdint.h>
#include <stdlib.h>

static size_t vhash(LLVMValueRef k, size_t cap)
{
	uintptr_t x = (uintptr_t)k;
	x ^= x >> 17;
	x *= 0x9E3779B97F4A7C15ULL;
	return (size_t)(x >> 7) & (cap - 1);
}

int vmap_get(const vmap *m, LLVMValueRef k, int *out)
{
	if (!m->cap)
		return 0;
	for (size_t i = vhash(k, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (!m->keys[i])
			return 0;
		if (m->keys[i] == k) {
			*out = m->vals[i];
			return 1;
		}
	}
}

void vmap_put(vmap *m, LLVMValueRef k, int v)
{
	if (2 * (m->n + 1) > m->cap) {
		vmap old = *m;
		m->cap = old.cap ? old.cap * 2 : 64;
		m->keys = calloc(m->cap, sizeof *m->keys);
		m->vals = calloc(m->cap, sizeof *m->vals);
		m->n = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.keys[i])
				vmap_put(m, old.keys[i], old.vals[i]);
		free(old.keys);
		free(old.vals);
	}
	size_t i = vhash(k, m->cap);
	while (m->keys[i] && m->keys[i] != k)
		i = (i + 1) & (m->cap - 1);
	if (!m->keys[i])
		m->n++;
	m->keys[i] = k;
	m->vals[i] = v;
}

void vmap_free(vmap *m)
{
	free(m->keys);
	free(m->vals);
}
