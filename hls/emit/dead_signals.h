// SPDX-License-Identifier: Apache-2.0
/* The last step of a kernel module before it is printed: the signals of binding's table (bind.h) that
 * nothing reads are removed, with every line that defines them, repeating while removals free others; then
 * the signal marks (signals.h) become names. The scheduler keeps a value in a register when some use may
 * need it later, and operations produce their full width when a use takes a slice, so what the module
 * never reads is known only once all of it is written. The bits of the remaining signals that nothing reads
 * are named for the module's unused-signal sink, so that the module is lint-clean without a waiver over the
 * whole datapath. */
#ifndef KILN_EMIT_DEAD_SIGNALS_H
#define KILN_EMIT_DEAD_SIGNALS_H
#include <stddef.h>

#include "../../host/common/strbuf.h"
#include "bind.h"

/* Prunes module TEXT (LEN bytes, NUL-terminated, malloc'd; replaced by the printed text) whose signals are
 * those of B, and appends to UNUSED one ", name" or ", name[hi:lo]" entry per signal or bit range nothing
 * reads, in the order the signals are declared. 0; -1 when out of memory; -2 on an emitter's error: a mark of
 * a signal B does not have, a mark in a comment, or a definition on a line an 'else' goes on from (it could
 * not be removed alone). TEXT is left as it was when it fails. */
int emit_dead_signals(char **text, size_t *len, const kbind *b, kiln_strbuf *unused);

#endif
