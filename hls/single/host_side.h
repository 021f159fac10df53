// SPDX-License-Identifier: Apache-2.0
/* The host half of a single-source module (seed 000): everything but the kernels' bodies, if_device code
 * deleted, and what its integration footer must define and register. */
#ifndef KILN_SINGLE_HOST_SIDE_H
#define KILN_SINGLE_HOST_SIDE_H
#include <stddef.h>

#include <llvm-c/Core.h>

/* A kernel the footer defines as its launch stub. */
typedef struct single_kernel {
	char name[256];  /* the C name host code calls */
	int dims;        /* 0 single task, else nd-range dimensions */
	LLVMValueRef fn; /* its declaration in the host module (parameter types and extensions) */
} single_kernel;

/* A device global the footer registers. */
typedef struct single_dg {
	char symbol[512]; /* the host variable's symbol */
	char id[512];     /* sycl-unique-id, as the device image names it */
	unsigned long long size, elem_size;
} single_dg;

typedef struct single_host {
	single_kernel *kernels;
	size_t nkernels;
	single_dg *dgs;
	size_t ndgs;
} single_host;

/* The names host code reaches the runtime through (kiln/single.h); the checks below look for them. */
#define SINGLE_RANGE_FN "kiln_ss_range"
#define SINGLE_PUSH_FN "kiln_ss_dg_push"
#define SINGLE_PULL_FN "kiln_ss_dg_pull"

/* Makes ALL (what single_split_device left) the host module: if_device markers decided false and if_host's
 * true, their noinline gone; kernels become declarations under their C names (the footer's stubs define
 * them); functions and variables only kernels used go; device globals keep their storage (the host's copy)
 * under a symbol the footer can name. Refuses, with file:line, what host code cannot do: launch an nd-range
 * kernel without kiln_range() right before it, give a single-task kernel a range, push or pull something
 * that is not a device global, call a work-item function. Fills OUT (free with single_host_free); 0, or -1
 * after diagnostics. */
int single_host_rewrite(LLVMModuleRef all, single_host *out);
/* Frees what single_host_rewrite filled in. */
void single_host_free(single_host *h);

#endif
