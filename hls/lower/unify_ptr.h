// SPDX-License-Identifier: Apache-2.0
/* Pointers as C has them, in hardware where every memory is a port of its own. A pointer whose memory is
 * known at compile time stays what it is (an offset into that memory, at no cost); every other pointer
 * (one that may point into several memories, is stored in memory, cast to an integer, compared across
 * objects, or may be null beside an on-chip object) becomes a 32-bit address in one address space
 * (host/common/contract.h: device memory low, on-chip object k at KILN_ONCHIP_ADDR_BASE + k MiB), and an
 * access through it becomes a dispatch over the memories it may reach. Globals initialised with addresses
 * get those addresses as their bytes. Runs on each image's module after post-link, before HLS. */
#ifndef KILN_UNIFY_PTR_H
#define KILN_UNIFY_PTR_H
#include <llvm-c/Core.h>

/* Rewrites every defined kernel of MOD as above. Reports what cannot be rewritten (with its source line);
 * returns the number of diagnostics. CHECKS (kiln-cc --checks): an arm of a dispatch reaches its object at
 * the address minus the object's base, not at the address's low bits, so that bounds_checks sees an address
 * of another object (the default arm's) as outside this one. */
int unify_pointers(LLVMModuleRef mod, int checks);

#endif
