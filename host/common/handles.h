// SPDX-License-Identifier: Apache-2.0
/* The set of live API handles, so that a released (or never created) handle is recognised without
 * dereferencing it: a double release or a use after release gets an error instead of freeing twice or
 * reading freed memory. Thread-safe. A handle is an address and a kind (a caller-chosen tag). */
#ifndef KILN_HANDLES_H
#define KILN_HANDLES_H
#include <stdint.h>

/* Records P as a live handle of KIND; 0, or -1 when out of memory. */
int kiln_handle_add(const void *p, uint32_t kind);
/* Whether P is a live handle of KIND. */
int kiln_handle_live(const void *p, uint32_t kind);
/* Forgets P when it is a live handle of KIND; returns whether it was (exactly one caller wins). */
int kiln_handle_remove(const void *p, uint32_t kind);

#endif
