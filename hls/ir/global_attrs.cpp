// SPDX-License-Identifier: Apache-2.0
// The C ABI over what LLVM-C 15 lacks: GlobalVariable attributes and a global value's dso_local flag; see
// global_attrs.h.
#include "global_attrs.h"

#include <llvm/IR/GlobalVariable.h>

using llvm::GlobalVariable;

static GlobalVariable *as_gv(LLVMValueRef g)
{
	return llvm::dyn_cast_or_null<GlobalVariable>(llvm::unwrap(g));
}

extern "C" int kiln_global_has_attr(LLVMValueRef g, const char *kind)
{
	GlobalVariable *gv = as_gv(g);
	return gv && gv->hasAttribute(kind);
}

extern "C" const char *kiln_global_get_attr(LLVMValueRef g, const char *kind, unsigned *len)
{
	GlobalVariable *gv = as_gv(g);
	*len = 0;
	if (!gv || !gv->hasAttribute(kind))
		return nullptr;
	llvm::StringRef v = gv->getAttribute(kind).getValueAsString();
	*len = (unsigned)v.size();
	return v.data();
}

extern "C" void kiln_global_set_attr(LLVMValueRef g, const char *kind, const char *value)
{
	GlobalVariable *gv = as_gv(g);
	if (!gv)
		return;
	gv->addAttribute(kind, value);
}

extern "C" void kiln_global_copy_attrs(LLVMValueRef from, LLVMValueRef to)
{
	GlobalVariable *f = as_gv(from), *t = as_gv(to);
	if (f && t)
		t->setAttributes(f->getAttributes());
}

extern "C" void kiln_global_clear_attrs(LLVMValueRef g)
{
	if (GlobalVariable *gv = as_gv(g))
		gv->setAttributes(llvm::AttributeSet());
}

extern "C" void kiln_global_remove_attr(LLVMValueRef g, const char *kind)
{
	GlobalVariable *gv = as_gv(g);
	if (gv && gv->hasAttribute(kind))
		gv->setAttributes(gv->getAttributes().removeAttribute(gv->getContext(), kind));
}

extern "C" int kiln_value_dso_local(LLVMValueRef v)
{
	return llvm::cast<llvm::GlobalValue>(llvm::unwrap(v))->isDSOLocal();
}

extern "C" void kiln_value_set_dso_local(LLVMValueRef v, int on)
{
	llvm::cast<llvm::GlobalValue>(llvm::unwrap(v))->setDSOLocal(on != 0);
}
