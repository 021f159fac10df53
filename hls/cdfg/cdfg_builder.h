// SPDX-License-Identifier: Apache-2.0
/* The CDFG builder's state and its basic operations (internal to hls/cdfg): the kernel being built, the maps
 * from LLVM values to its operations, blocks and memory objects, and how an operation is appended, placed in
 * its block and located in the source for a diagnostic. cdfg.c drives a translation; memobj.c finds the
 * memory each pointer reaches, values.c turns LLVM operands into kernel-IR values and translate.c translates
 * each instruction. */
#ifndef KILN_CDFG_BUILDER_H
#define KILN_CDFG_BUILDER_H
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "../ir/vmap.h"
#include "kir.h"
#include "mul_const.h"

typedef struct builder {
	LLVMModuleRef mod;
	LLVMTargetDataRef td;
	kfunc *f;
	LLVMValueRef fn;
	vmap slot;  /* instruction -> kinst index */
	vmap block; /* basic block (as value) -> block index */
	vmap mem;   /* pointer value -> memory object, -1 unknown */
	int cur_block;
	LLVMValueRef cur_inst;
	int errors;
} builder;

#define PTR_BITS 32 /* device addresses and object offsets are 32-bit in hardware */

/* No operand. */
#define CB_NONE ((kval){KV_NONE, 0, 0, 0})

/* V's name in the IR (N gets its length; not NUL-terminated). */
const char *cb_vname(LLVMValueRef v, size_t *n);
/* S[0..N) as an identifier for generated RTL: up to the first '.' (clang's suffixes), lower-case letters,
 * digits and (with UNDERSCORES) '_' and '.' as '_', starting with a letter, at most MAX characters; malloc'd,
 * or NULL when nothing is left. */
char *cb_ident(const char *s, size_t n, int underscores, size_t max);
/* A malloc'd NUL-terminated copy of S[0..N), or NULL when out of memory. */
char *cb_dupn(const char *s, size_t n);
/* Reports FMT (one %s, WHAT) at the source location that best explains the instruction being translated. */
void cb_fail(builder *b, const char *fmt, const char *what);
/* Puts operation ID at the end of the current block, located at the instruction being translated. */
void cb_place(builder *b, int id);
/* A WIDTH-bit constant C (truncated to WIDTH). */
kval cb_const(uint64_t c, int width);
/* The value of operation ID. */
kval cb_op_val(builder *b, int id);
/* Appends a new operation to the current block and returns its value (constant additions fold). */
kval cb_emit(builder *b, kop op, int width, kval x, kval y);
/* X * C in WIDTH bits as the shifts and adders of C's N signed digits D (cdfg/mul_const.h, N >= 1), the
 * last operation filling slot ID when ID >= 0 (else appended); returns the product. */
kval cb_mul_digits(builder *b, int id, int width, kval x, const mul_digit *d, int n);
/* Bits of a value of type T in hardware (pointers PTR_BITS, floats their IEEE-754 bits), 0 when none. */
int cb_type_bits(LLVMTypeRef t);
/* The block index of BB, or -1. */
int cb_block_of(builder *b, LLVMBasicBlockRef bb);
/* Fills the reserved slot ID with operation OP of operands X, Y, Z and places it (nothing when ID < 0, an
 * instruction already diagnosed). */
void cb_fill(builder *b, int id, kop op, kval x, kval y, kval z);

#endif
