// SPDX-License-Identifier: Apache-2.0
#include "values.h"

#include "../ir/ir_util.h"

/* Byte offset of a GEP (instruction or constant expression) from its base pointer, as operations. */
kval cb_gep_offset(builder *b, LLVMValueRef g)
{
	kval off = cb_val_of(b, LLVMGetOperand(g, 0));
	ir_gep_iter it = ir_gep_begin(g);
	LLVMValueRef idx;
	uint64_t scale;
	int r;
	while ((r = ir_gep_next(b->td, &it, &idx, &scale)) > 0) {
		if (!idx) { /* a struct field */
			if (scale)
				off = cb_emit(b, K_ADD, PTR_BITS, off, cb_const(scale, PTR_BITS));
			continue;
		}
		kval iv = cb_val_of(b, idx);
		if (iv.kind == KV_CONST) {
			uint64_t c = iv.c;
			if (iv.width < 64 && (c >> (iv.width - 1)) & 1) /* indices are signed */
				c |= ~0ULL << iv.width;
			if (c * scale != 0)
				off = cb_emit(b, K_ADD, PTR_BITS, off, cb_const(c * scale, PTR_BITS));
			continue;
		}
		if (iv.width > PTR_BITS)
			iv = cb_emit(b, K_TRUNC, PTR_BITS, iv, (kval){0});
		else if (iv.width < PTR_BITS)
			iv = cb_emit(b, K_SEXT, PTR_BITS, iv, (kval){0});
		if (scale != 1) {
			if ((scale & (scale - 1)) == 0) {
				int sh = __builtin_ctzll(scale);
				iv = cb_emit(b, K_SHL, PTR_BITS, iv, cb_const((uint64_t)sh, PTR_BITS));
			} else {
				mul_digit d[MUL_CONST_MAX_DIGITS];
				int n = mul_const_digits(scale, PTR_BITS, d);
				iv = n > 0 ? cb_mul_digits(b, -1, PTR_BITS, iv, d, n)
				           : cb_emit(b, K_MUL, PTR_BITS, iv, cb_const(scale, PTR_BITS));
			}
		}
		off = cb_emit(b, K_ADD, PTR_BITS, off, iv);
	}
	if (r < 0)
		cb_fail(b, "%s: unsupported address computation", "getelementptr");
	return off;
}

kval cb_val_of(builder *b, LLVMValueRef v)
{
	int id;
	if (LLVMIsAConstantInt(v)) {
		int w = cb_type_bits(LLVMTypeOf(v));
		return cb_const(LLVMConstIntGetZExtValue(v), w);
	}
	if (LLVMIsAConstantFP(v) && cb_type_bits(LLVMTypeOf(v)))
		return cb_const(ir_fp_const_bits(v), cb_type_bits(LLVMTypeOf(v)));
	if (LLVMIsAUndefValue(v) || LLVMIsAConstantPointerNull(v) || LLVMIsAConstantAggregateZero(v))
		return cb_const(0, cb_type_bits(LLVMTypeOf(v)) ? cb_type_bits(LLVMTypeOf(v)) : 1);
	if (LLVMIsAArgument(v)) {
		unsigned n = LLVMCountParams(LLVMGetParamParent(v));
		for (unsigned i = 0; i < n; i++)
			if (LLVMGetParam(LLVMGetParamParent(v), i) == v) {
				/* A pointer argument's low 32 bits are its device address. */
				kval a = {KV_ARG, (int)i, 0,
				          ir_is_pointer(v) ? PTR_BITS : b->f->args[i].width};
				return a;
			}
	}
	if (LLVMIsAGlobalVariable(v) || LLVMIsAAllocaInst(v))
		return cb_const(0, PTR_BITS); /* every memory object starts at offset 0 of its own port */
	if (LLVMIsAConstantExpr(v)) {
		LLVMOpcode op = LLVMGetConstOpcode(v);
		if (op == LLVMGetElementPtr)
			return cb_gep_offset(b, v);
		if (op == LLVMBitCast || op == LLVMAddrSpaceCast)
			return cb_val_of(b, LLVMGetOperand(v, 0));
		if (op == LLVMIntToPtr &&
		    LLVMIsAConstantInt(LLVMGetOperand(v, 0))) /* a fixed device address */
			return cb_const(LLVMConstIntGetZExtValue(LLVMGetOperand(v, 0)) & 0xffffffffu,
			                PTR_BITS);
	}
	if (vmap_get(&b->slot, v, &id))
		return cb_op_val(b, id);
	cb_fail(b, "%s: unsupported operand (vector or aggregate values are not supported)", "value");
	return cb_const(0, 1);
}
