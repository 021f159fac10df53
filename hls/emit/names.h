// SPDX-License-Identifier: Apache-2.0
/* The names generated RTL gives to what lives outside one module: kernel modules and their memories'
 * initial-contents files, which the image top, the package and the kernel emitter must spell alike. */
#ifndef KILN_EMIT_NAMES_H
#define KILN_EMIT_NAMES_H
#include <stddef.h>

#include "../cdfg/kir.h"

/* Module name of kernel F: "kiln_k_<name>", the name made an identifier (text_escape.h). Writes into BUF. */
void emit_kernel_module_name(const kfunc *f, char *buf, size_t n);
/* Name of the $readmemh file holding the initial contents of F's internal memory M (hls/package/meminit.h),
 * as the module's RAM cell names it. Writes into BUF. */
void emit_mem_init_file(const kfunc *f, int m, char *buf, size_t n);

#endif
