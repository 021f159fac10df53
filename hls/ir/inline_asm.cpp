// SPDX-License-Identifier: Apache-2.0
// The C ABI over what LLVM-C 15 lacks: an InlineAsm's template and constraints; see inline_asm.h.
#include "inline_asm.h"

#include <llvm/IR/InlineAsm.h>

static llvm::InlineAsm *as_asm(LLVMValueRef v)
{
	return llvm::dyn_cast_or_null<llvm::InlineAsm>(llvm::unwrap(v));
}

extern "C" const char *kiln_inline_asm_template(LLVMValueRef v, size_t *len)
{
	llvm::InlineAsm *ia = as_asm(v);
	*len = 0;
	if (!ia)
		return nullptr;
	const std::string &s = ia->getAsmString();
	*len = s.size();
	return s.data();
}

extern "C" const char *kiln_inline_asm_constraints(LLVMValueRef v, size_t *len)
{
	llvm::InlineAsm *ia = as_asm(v);
	*len = 0;
	if (!ia)
		return nullptr;
	const std::string &s = ia->getConstraintString();
	*len = s.size();
	return s.data();
}

extern "C" int kiln_inline_asm_empty(LLVMValueRef v)
{
	llvm::InlineAsm *ia = as_asm(v);
	if (!ia)
		return 0;
	for (char c : ia->getAsmString())
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			return 0;
	return 1;
}
