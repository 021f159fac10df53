// SPDX-License-Identifier: Apache-2.0
/* Unread datapath logic in a generated kernel module. The scheduler keeps a value in a register when some use
 * may need it later, and operations produce their full width when a use takes a slice; what the emitted RTL
 * never reads is known only once it is written. This pass reads the module text the emitters produced,
 * removes the declarations and assignments of datapath signals (v<i>, ld<i>, p<i>_<s>, p<i>_m, registers
 * r<i>_q and <name>_<i>_q) that
 * nothing reads (an assignment is a "<=" statement of its own line, or a one-line cell instance whose .y
 * output it is), repeating while removals free others, and names the bits of the remaining ones that nothing
 * reads, so that the module is lint-clean without a waiver over the whole datapath. */
#ifndef KILN_RTL_PRUNE_H
#define KILN_RTL_PRUNE_H
#include <stddef.h>

#include "../../host/common/strbuf.h"

/* Prunes the module body TEXT (LEN bytes, NUL-terminated; malloc'd, replaced by the pruned text) and appends
 * to UNUSED one ", name" or ", name[hi:lo]" entry per signal or bit range nothing reads. 0, or -1 when out of
 * memory (TEXT is then a valid module, pruned less or not at all, and UNUSED incomplete). */
int rtl_prune(char **text, size_t *len, kiln_strbuf *unused);

#endif
