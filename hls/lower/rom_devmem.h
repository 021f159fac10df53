// SPDX-License-Identifier: Apache-2.0
/* Constant tables too large for a small part's block RAM, placed in device memory instead (issue 31). */
#ifndef KILN_LOWER_ROM_DEVMEM_H
#define KILN_LOWER_ROM_DEVMEM_H
#include <stdint.h>

#include <llvm-c/Core.h>

/* The unique-id prefix of a table moved to device memory: the image lists it as a device global
 * ROM_DEVMEM_PREFIX NAME.DIGEST (the first 16 hex digits of its contents' SHA-256). */
#define ROM_DEVMEM_PREFIX "kiln.rodata."

/* Every constant table of MOD (a global constant with an initializer, not a device global) larger than
 * MAX_BYTES becomes a device global in device memory that the host cannot access (host_access none): the
 * runtime allocates and fills it when it loads the image, and kernels read it through their device-memory
 * port. Returns how many were moved. */
int rom_to_devmem(LLVMModuleRef mod, uint32_t max_bytes);

#endif
