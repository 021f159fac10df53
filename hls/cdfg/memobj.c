// SPDX-License-Identifier: Apache-2.0
#include "memobj.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../host/common/contract.h"
#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../support/diag.h"
#include "../support/xalloc.h"
#include "mem_partition.h"

/* Whether value V (a global or a constant expression over it) is used by a kernel other than FN. */
static int used_by_other_kernel(LLVMValueRef v, LLVMValueRef fn, int depth)
{
	if (depth > 16)
		return 0;
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsAInstruction(user)) {
			LLVMValueRef pf = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
			if (pf != fn && ir_is_kernel(pf))
				return 1;
		} else if (LLVMIsAConstantExpr(user) && used_by_other_kernel(user, fn, depth + 1)) {
			return 1;
		}
	}
	return 0;
}

static int add_mem(builder *b, kmem_kind kind, const char *name, size_t n)
{
	kfunc *f = b->f;
	f->mems = xrealloc(f->mems, (size_t)(f->nmems + 1), sizeof *f->mems);
	kmem *m = &f->mems[f->nmems];
	memset(m, 0, sizeof *m);
	m->kind = kind;
	m->name = cb_dupn(name, n);
	return f->nmems++;
}

void cb_mem_partition(builder *b, int m, const char *s, size_t n, unsigned line)
{
	kmem *mm = &b->f->mems[m];
	char why[300];
	kpart_kind kind;
	int factor;
	if (mem_partition_parse(s, n, &kind, &factor, why, sizeof why) != 0) {
		diag_error(b->f->file, line, 0, "%s", why);
		b->errors++;
		return;
	}
	mm->part = kind;
	mm->part_factor = factor;
	mm->part_line = line;
}

/* Global G's partitioning directive (lower.c keeps it as attributes), on its memory M. */
static void global_partition(builder *b, LLVMValueRef g, int m)
{
	unsigned n = 0, ln = 0;
	const char *s = kiln_global_get_attr(g, KILN_PARTITION_ATTR, &n);
	const char *l = kiln_global_get_attr(g, KILN_PARTITION_LINE_ATTR, &ln);
	if (!s)
		return;
	unsigned line = 0;
	for (unsigned i = 0; l && i < ln && l[i] >= '0' && l[i] <= '9' && line < 100000000u; i++)
		line = line * 10 + (unsigned)(l[i] - '0');
	cb_mem_partition(b, m, s, n, line);
}

static int mem_for_global(builder *b, LLVMValueRef g)
{
	kfunc *f = b->f;
	size_t n = 0;
	const char *gn = cb_vname(g, &n);
	for (int i = 0; i < f->nmems; i++)
		if (f->mems[i].kind != MEM_DEVMEM && f->mems[i].kind != MEM_LOCAL && f->mems[i].name &&
		    strlen(f->mems[i].name) == n && memcmp(f->mems[i].name, gn, n) == 0)
			return i;
	char what[300];
	snprintf(what, sizeof what, "%.*s", (int)n, gn);
	if (!kiln_global_has_attr(g, "sycl-device-global-size")) {
		/* A plain global: a table (constant) or a variable, held inside the kernel module. */
		LLVMValueRef init = LLVMGetInitializer(g);
		uint64_t size = LLVMABISizeOfType(b->td, LLVMGlobalGetValueType(g));
		if (!init || LLVMIsExternallyInitialized(g)) {
			cb_fail(b, "global variable '%s' has no definition in the kernel sources", what);
			return -1;
		}
		if (size == 0 || size > KILN_ONCHIP_MEM_MAX_BYTES) {
			cb_fail(b, "global variable '%s' is too large for on-chip memory (at most 1 MiB)",
			        what);
			return -1;
		}
		int constant = LLVMIsGlobalConstant(g);
		if (!constant && !ir_is_library_state(g) && used_by_other_kernel(g, b->fn, 0)) {
			cb_fail(b,
			        "global variable '%s' is written and shared by several kernels; make it a "
			        "device global "
			        "(KILN_DEVICE_GLOBAL) so that all kernels see one copy",
			        what);
			return -1;
		}
		int id = add_mem(b, constant ? MEM_ROM : MEM_RAM, gn, n);
		kmem *m = &f->mems[id];
		m->size = (uint32_t)size;
		m->init = calloc(size + 4, 1);
		if (ir_const_bytes(b->td, init, m->init, size) != 0) {
			cb_fail(
			    b,
			    "global variable '%s' has an initializer that hardware cannot hold (a pointer or "
			    "a constant expression kiln-cc cannot lay out in memory)",
			    what);
			return -1;
		}
		global_partition(b, g, id);
		return id;
	}
	int id = add_mem(b, MEM_DG, gn, n);
	global_partition(b, g, id);
	kmem *m = &f->mems[id];
	unsigned ulen = 0;
	const char *uid = kiln_global_get_attr(g, "sycl-unique-id", &ulen);
	m->dg_uid = uid ? cb_dupn(uid, ulen) : cb_dupn(gn, n);
	m->size = (uint32_t)LLVMABISizeOfType(b->td, LLVMGlobalGetValueType(g));
	return id;
}

/* A local array or addressable local: a RAM of its own inside the kernel module. */
static int mem_for_alloca(builder *b, LLVMValueRef a)
{
	LLVMValueRef cnt = LLVMGetOperand(a, 0);
	LLVMValueRef save = b->cur_inst;
	b->cur_inst = a;
	if (!LLVMIsAConstantInt(cnt)) {
		cb_fail(b,
		        "%s: a local array of variable size (unbounded alloca) is not supported in hardware",
		        "alloca");
		b->cur_inst = save;
		return -1;
	}
	uint64_t size = LLVMABISizeOfType(b->td, LLVMGetAllocatedType(a)) * LLVMConstIntGetZExtValue(cnt);
	if (size == 0 || size > KILN_ONCHIP_MEM_MAX_BYTES) {
		cb_fail(b, "%s: local array too large for on-chip memory (at most 1 MiB)", "alloca");
		b->cur_inst = save;
		return -1;
	}
	b->cur_inst = save;
	size_t n = 0;
	const char *an = cb_vname(a, &n);
	char nm[64];
	if (!n) {
		snprintf(nm, sizeof nm, "local%d", b->f->nmems);
		an = nm;
		n = strlen(nm);
	}
	int id = add_mem(b, MEM_LOCAL, an, n);
	b->f->mems[id].size = (uint32_t)size;
	return id;
}

static int mem_devmem(builder *b)
{
	kfunc *f = b->f;
	for (int i = 0; i < f->nmems; i++)
		if (f->mems[i].kind == MEM_DEVMEM)
			return i;
	return add_mem(b, MEM_DEVMEM, "devmem", 6);
}

/* The memory object a pointer value refers to: -1 for null/undef (no object), -2 on error. */
/* mem_of's markers: a value being resolved (a pointer cycle through a phi), and a value whose answer depended
 * on one and must be computed again once the cycle is resolved. */
#define MEM_VISITING (-3)
#define MEM_RETRY (-4)

/* Whether V's memory is not known for good yet (V is on, or depends on, a cycle still being resolved). */
static int unresolved(builder *b, LLVMValueRef v)
{
	int st;
	return vmap_get(&b->mem, v, &st) && (st == MEM_VISITING || st == MEM_RETRY);
}

int cb_mem_of(builder *b, LLVMValueRef v)
{
	int m, partial = 0;
	if (vmap_get(&b->mem, v, &m) && m != MEM_RETRY)
		return m;
	vmap_put(&b->mem, v, MEM_VISITING);
	if (LLVMIsAGlobalVariable(v)) {
		m = mem_for_global(b, v);
		if (m < 0)
			m = -2;
	} else if (LLVMIsAArgument(v) || LLVMIsAIntToPtrInst(v) ||
	           (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMIntToPtr)) {
		/* a number made a pointer is a device address: unify_pointers leaves no other kind */
		m = mem_devmem(b);
	} else if (LLVMIsAAllocaInst(v)) {
		m = mem_for_alloca(b, v);
		if (m < 0)
			m = -2;
	} else if (LLVMIsAConstantPointerNull(v) || LLVMIsAUndefValue(v)) {
		m = -1;
	} else if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v) ||
	           LLVMIsAConstantExpr(v)) {
		m = cb_mem_of(b, LLVMGetOperand(v, 0));
		partial = unresolved(b, LLVMGetOperand(v, 0));
	} else if (LLVMIsAPHINode(v) || LLVMIsASelectInst(v)) {
		unsigned n = LLVMIsAPHINode(v) ? LLVMCountIncoming(v) : 2;
		m = -1;
		for (unsigned i = 0; i < n; i++) {
			LLVMValueRef in =
			    LLVMIsAPHINode(v) ? LLVMGetIncomingValue(v, i) : LLVMGetOperand(v, i + 1);
			int mi = cb_mem_of(b, in);
			partial |= unresolved(b, in);
			if (mi == MEM_VISITING)
				continue; /* the loop-carried value points where the other incomings do */
			if (mi == -2 || (mi >= 0 && m >= 0 && mi != m)) {
				LLVMValueRef save = b->cur_inst;
				b->cur_inst = v;
				if (mi != -2)
					cb_fail(b,
					        "%s: a pointer that may point into different memories is not "
					        "supported",
					        "pointer");
				b->cur_inst = save;
				m = -2;
				break;
			}
			if (mi >= 0)
				m = mi;
		}
	} else {
		LLVMValueRef save = b->cur_inst;
		b->cur_inst = LLVMIsAInstruction(v) ? v : save;
		cb_fail(b, "%s: this kind of pointer is not supported in hardware", "pointer");
		b->cur_inst = save;
		m = -2;
	}
	/* Only null so far, but through a value still being resolved (a cycle of phis): ask again later. */
	vmap_put(&b->mem, v, m == MEM_VISITING || (m == -1 && partial) ? MEM_RETRY : m);
	return m;
}
