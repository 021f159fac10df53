// SPDX-License-Identifier: Apache-2.0
/* The image's heap (issue 30): whether its kernels allocate, and how many bytes it gets. */
#ifndef KILN_LOWER_HEAP_H
#define KILN_LOWER_HEAP_H
#include <stdint.h>

#include <llvm-c/Core.h>

#include "../../host/common/board.h"
#include "../../host/common/propset.h"

/* A heap's bytes as --heap-size and KILN_HEAP_SIZE spell them: the N bytes at S, a decimal number with K, M
 * or G after it (and a C literal's u), from 64 to 2G. 0 with *OUT set, or -1 when S is not one. */
int heap_parse_size(const char *s, size_t n, uint32_t *out);

/* The string attribute KILN_HEAP_SIZE(bytes) puts on a kernel (the annotations pass). */
#define HEAP_ATTR "kiln-heap-size"

/* Before the kernel C library is linked: when a function of MOD calls malloc, calloc, realloc, free, strdup
 * or strndup, records in MOD the heap the image needs: the largest of OPTION (kiln-cc --heap-size, 0 when
 * not given) and every kernel's KILN_HEAP_SIZE, or KILN_HEAP_DEFAULT_BYTES when neither is given. A board
 * without the debug page that describes the heap gets a diagnostic at the call. Returns how many. */
int heap_mark(LLVMModuleRef mod, const kiln_board_config *board, uint32_t option);

/* The heap MOD records (0: none). */
uint32_t heap_bytes(LLVMModuleRef mod);

/* Adds the set [Kiln/heap] (property size) to PS when MOD records a heap; 0 or -1. */
int heap_propset(LLVMModuleRef mod, kiln_propsets *ps);

#endif
