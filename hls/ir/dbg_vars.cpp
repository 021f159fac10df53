// SPDX-License-Identifier: Apache-2.0
#include "dbg_vars.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/IntrinsicInst.h>

/* An expression that leaves the value as it is: empty, or only the address-space marker clang's SPIR
 * target puts on every variable (DW_OP_constu AS, DW_OP_swap, DW_OP_xderef). */
static bool plain(const llvm::DIExpression *e)
{
	auto el = e->getElements();
	return el.empty() || (el.size() == 4 && el[0] == llvm::dwarf::DW_OP_constu &&
	                      el[2] == llvm::dwarf::DW_OP_swap && el[3] == llvm::dwarf::DW_OP_xderef);
}

int ir_dbg_value_var(LLVMValueRef inst, LLVMValueRef *value, const char **name, size_t *len)
{
	auto *dv = llvm::dyn_cast_or_null<llvm::DbgValueInst>(llvm::unwrap(inst));
	if (!dv || dv->hasArgList() || dv->getNumVariableLocationOps() != 1 || !dv->getExpression() ||
	    !plain(dv->getExpression()) || !dv->getVariable())
		return 0;
	llvm::Value *v = dv->getVariableLocationOp(0);
	llvm::StringRef n = dv->getVariable()->getName();
	if (!v || n.empty())
		return 0;
	*value = llvm::wrap(v);
	*name = n.data();
	*len = n.size();
	return 1;
}

int ir_dbg_declared_name(LLVMValueRef addr, const char **name, size_t *len)
{
	for (auto *dd : llvm::FindDbgDeclareUses(llvm::unwrap(addr)))
		if (dd->getVariable() && !dd->getVariable()->getName().empty()) {
			llvm::StringRef n = dd->getVariable()->getName();
			*name = n.data();
			*len = n.size();
			return 1;
		}
	return 0;
}
