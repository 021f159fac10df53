// SPDX-License-Identifier: Apache-2.0
/* A kernel that calls malloc gets its memory from the image's heap, which the runtime allocates in device
 * memory when it loads the image, as large as the image's [Kiln/heap] set says, and describes in the debug
 * page before each run (host/common/contract.h); the allocator is the kernel C library's (hls/libc/malloc.c).
 * This file decides the heap's size, records it in the module as named metadata (the linked module is what
 * later stages see), and makes the set from it. */
#include "heap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/contract.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"

#define HEAP_MD "kiln.heap"

/* The kernel C library's functions that allocate: the allocator's, and the printing of a va_list, of wide
 * text and of the formats the debug channel does not carry (debug_channel.c), which format a text longer than
 * their on-chip buffer into a block of the heap (hls/libc/print.c). */
static const char *const allocating[] = {
    "malloc",   "calloc",  "realloc",  "free",     "strdup",    "strndup",       "vprintf",
    "vfprintf", "wprintf", "fwprintf", "vwprintf", "vfwprintf", "__kiln_printf", "__kiln_fprintf"};

/* Whether CALL calls one of the allocator's functions, not defined in the sources. */
static int allocates(LLVMValueRef call)
{
	LLVMValueRef f = ir_direct_callee(call);
	if (!f || LLVMCountBasicBlocks(f))
		return 0;
	size_t n = 0;
	const char *s = LLVMGetValueName2(f, &n);
	for (size_t i = 0; i < sizeof allocating / sizeof *allocating; i++)
		if (n == strlen(allocating[i]) && !memcmp(s, allocating[i], n))
			return 1;
	return 0;
}

typedef struct marking {
	const kiln_board_config *board;
	int calls;
} marking;

static int visit(LLVMValueRef call, void *ctx)
{
	marking *m = ctx;
	if (!allocates(call))
		return 0;
	m->calls++;
	if (kiln_board_has_debug_channel(m->board))
		return 0;
	size_t n = 0;
	const char *s = LLVMGetValueName2(ir_direct_callee(call), &n);
	diag_error_at(call,
	              "%.*s: board '%s' has no debug channel (debug_bytes 0 in its board file), whose page "
	              "describes the heap to kernels",
	              (int)n, s, m->board->name);
	return 1;
}

int heap_mark(LLVMModuleRef mod, const kiln_board_config *board, uint32_t option)
{
	marking m = {board, 0};
	int bad = ir_each_call(mod, visit, &m);
	if (!m.calls || bad)
		return bad;
	uint64_t bytes = option;
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
		unsigned len = 0;
		const char *v = ir_fn_attr(fn, HEAP_ATTR, &len);
		if (v && ir_is_defined_kernel(fn) && strtoull(v, NULL, 10) > bytes)
			bytes = strtoull(v, NULL, 10); /* the annotations pass checked the number */
	}
	int by_default = !bytes;
	if (by_default)
		bytes = KILN_HEAP_DEFAULT_BYTES;
	if (bytes > board->devmem_bytes / 2) {
		diag_error(
		    NULL, 0, 0,
		    "a heap of %llu bytes does not fit board '%s' (%llu bytes of device memory; at most "
		    "half of it)",
		    (unsigned long long)bytes, board->name, (unsigned long long)board->devmem_bytes);
		return 1;
	}
	LLVMContextRef cx = LLVMGetModuleContext(mod);
	LLVMValueRef size = LLVMConstInt(LLVMInt32TypeInContext(cx), bytes, 0);
	LLVMAddNamedMetadataOperand(mod, HEAP_MD, LLVMMDNodeInContext(cx, &size, 1));
	diag_progress("heap: %llu bytes%s", (unsigned long long)bytes,
	              by_default ? " (the default; --heap-size or KILN_HEAP_SIZE sets it)" : "");
	return 0;
}

int heap_parse_size(const char *s, size_t n, uint32_t *out)
{
	unsigned long long bytes = 0;
	size_t i = 0;
	for (; i < n && s[i] >= '0' && s[i] <= '9' && bytes < (1ull << 40); i++)
		bytes = bytes * 10 + (unsigned)(s[i] - '0');
	if (!i)
		return -1;
	int shift = i < n && s[i] == 'K' ? 10 : i < n && s[i] == 'M' ? 20 : i < n && s[i] == 'G' ? 30 : 0;
	i += shift != 0;
	i += i < n && (s[i] == 'u' || s[i] == 'U');
	bytes <<= shift;
	if (i != n || bytes < 64 || bytes > (1ull << 31))
		return -1;
	*out = (uint32_t)bytes;
	return 0;
}

uint32_t heap_bytes(LLVMModuleRef mod)
{
	unsigned n = LLVMGetNamedMetadataNumOperands(mod, HEAP_MD);
	LLVMValueRef *md = n ? calloc(n, sizeof *md) : NULL;
	uint32_t bytes = 0;
	if (md) {
		LLVMGetNamedMetadataOperands(mod, HEAP_MD, md);
		for (unsigned i = 0; i < n; i++) {
			LLVMValueRef v = ir_md_operand(md[i], 0);
			if (v && LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) > bytes)
				bytes = (uint32_t)LLVMConstIntGetZExtValue(v);
		}
	}
	free(md);
	return bytes;
}

int heap_propset(LLVMModuleRef mod, kiln_propsets *ps)
{
	uint32_t bytes = heap_bytes(mod);
	if (!bytes)
		return 0;
	kiln_propset *s = kiln_propsets_add_set(ps, "Kiln/heap");
	return s ? kiln_propset_add_u32(s, "size", bytes) : -1;
}
