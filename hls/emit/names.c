// SPDX-License-Identifier: Apache-2.0
#include "names.h"

#include <stdio.h>

#include "../../host/common/strbuf.h"
#include "../../host/common/text_escape.h"

void emit_kernel_module_name(const kfunc *f, char *buf, size_t n)
{
	kiln_strbuf b = {0};
	kiln_sb_add(&b, "kiln_k_");
	kiln_sb_ident(&b, f->name, KILN_IDENT_KEEP);
	snprintf(buf, n, "%s", b.s && !b.oom ? b.s : "kiln_k_");
	kiln_sb_free(&b);
}

void emit_mem_init_file(const kfunc *f, int m, char *buf, size_t n)
{
	char mod[300];
	emit_kernel_module_name(f, mod, sizeof mod);
	snprintf(buf, n, "%s_m%d.hex", mod, m);
}
