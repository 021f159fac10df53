// SPDX-License-Identifier: Apache-2.0
#include "fp_aspects.h"

#include <string.h>

#include "../../host/common/aspect_names.h"
#include "../ir/ir_util.h"
#include "../postlink/aspects.h"
#include "../support/diag.h"

static int is_kind(LLVMTypeRef t, LLVMTypeKind k)
{
	return LLVMGetTypeKind(t) == k;
}

/* printf of a float: C passes it as a double, whose bits go to the debug channel (debug_channel.c); the
 * widening is exact and needs no double unit, so it is not a use of double. */
static int printf_widening(LLVMValueRef in)
{
	if (LLVMGetInstructionOpcode(in) != LLVMFPExt)
		return 0;
	for (LLVMUseRef u = LLVMGetFirstUse(in); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (!LLVMIsABitCastInst(user) || !is_kind(LLVMTypeOf(user), LLVMIntegerTypeKind))
			return 0;
	}
	return 1;
}

/* IN's value or one of its operands is of kind K. */
static int touches(LLVMValueRef in, LLVMTypeKind k)
{
	if (is_kind(LLVMTypeOf(in), k))
		return 1;
	int n = LLVMGetNumOperands(in);
	for (int i = 0; i < n; i++)
		if (is_kind(LLVMTypeOf(LLVMGetOperand(in, (unsigned)i)), k))
			return 1;
	return 0;
}

/* The floating-point widths and the aspects that carry them. */
static const struct {
	const char *aspect, *type;
	LLVMTypeKind kind;
} widths[] = {{"fp64", "double", LLVMDoubleTypeKind}, {"fp32", "float", LLVMFloatTypeKind}};

/* The first instruction of FN that computes on or holds a value of kind K (printf's exact widening of a
 * float aside), or NULL. */
static LLVMValueRef first_use(LLVMValueRef fn, LLVMTypeKind k)
{
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
		for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
			if (LLVMIsADbgInfoIntrinsic(in) || !touches(in, k))
				continue;
			if (k == LLVMDoubleTypeKind &&
			    (printf_widening(in) ||
			     (LLVMIsABitCastInst(in) && printf_widening(LLVMGetOperand(in, 0)))))
				continue;
			return in;
		}
	return NULL;
}

int mark_fp_aspects(LLVMModuleRef mod)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		for (size_t a = 0; a < sizeof widths / sizeof widths[0]; a++) {
			int32_t num;
			if (LLVMCountBasicBlocks(fn) && first_use(fn, widths[a].kind) &&
			    (kiln_aspect_number(widths[a].aspect, &num) != 0 ||
			     postlink_add_fn_aspects(fn, &num, 1) != 0))
				return -1;
		}
	return 0;
}

int check_fp_aspects(LLVMValueRef fn, const kiln_board_config *board)
{
	size_t nl = 0;
	const char *name = ir_kernel_name(fn, &nl);
	int errors = 0;
	for (size_t a = 0; a < sizeof widths / sizeof widths[0]; a++) {
		LLVMValueRef in =
		    kiln_board_has_aspect(board, widths[a].aspect) ? NULL : first_use(fn, widths[a].kind);
		if (!in)
			continue;
		diag_error_at(
		    in, "kernel '%.*s' uses %s, and board '%s' has no %s units (it lacks the %s aspect)",
		    (int)nl, name, widths[a].type, board->name, widths[a].type, widths[a].aspect);
		errors++;
	}
	return errors;
}
