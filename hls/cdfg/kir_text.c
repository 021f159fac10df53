// SPDX-License-Identifier: Apache-2.0
#include "kir_text.h"

#include <ctype.h>
#include <string.h>

static const char *const icmp_names[] = {"eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"};
/* LLVMRealPredicate order */
static const char *const fcmp_names[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                         "uno",   "ueq", "ugt", "uge", "ult", "ule", "une", "true"};
static const char *const mem_kinds[] = {"device global", "device memory", "local array", "rom", "ram"};

int kir_text_word_char(int c)
{
	/* ASCII only: a byte of a UTF-8 name is no word character (and isalnum takes no negative char) */
	return (c >= 0 && c < 128 && isalnum(c)) || c == '_' || c == '.' || c == '$' || c == '-';
}

const char *kir_text_pred_name(kop op, int pred)
{
	if (op == K_ICMP && pred >= KP_EQ && pred <= KP_SLE)
		return icmp_names[pred - KP_EQ];
	if (op == K_FCMP && pred >= 0 && pred < 16)
		return fcmp_names[pred];
	return NULL;
}

int kir_text_pred(kop op, const char *name)
{
	for (int i = 0; op == K_ICMP && i < 10; i++)
		if (!strcmp(name, icmp_names[i]))
			return KP_EQ + i;
	for (int i = 0; op == K_FCMP && i < 16; i++)
		if (!strcmp(name, fcmp_names[i]))
			return i;
	return -1;
}

const char *kir_text_mem_kind(kmem_kind kind)
{
	return (unsigned)kind <= MEM_RAM ? mem_kinds[kind] : "?";
}

int kir_text_default_bytes(const kfunc *f, const kinst *k)
{
	(void)f;
	if (k->op == K_LOAD)
		return (k->width + 7) / 8;
	if (k->op == K_STORE && k->nargs >= 2)
		return (k->a[1].width + 7) / 8;
	return 0;
}

int kir_text_pipe_issues(kop op)
{
	return kop_is_access(op) || kop_unit(op) == KU_FPU;
}
