// SPDX-License-Identifier: Apache-2.0
/* A value loaded from a constant table at an index the compiler does not know is still one of the table's
 * entries. Branches and switches that decide on such a value (through shifts, masks, compares) are decided
 * for every entry, following the paths from the load, and an edge that no entry takes is removed: an
 * interpreter of a constant program keeps only the instructions its program holds (CHStone mips: no MULT
 * in its program, so no multiplier in its hardware), a decoder of a constant table only the codes it holds.
 * A load at an index past the table's end is undefined behaviour in C, so nothing else can be loaded. */
#ifndef KILN_ROM_VALUES_H
#define KILN_ROM_VALUES_H
#include <llvm-c/Core.h>

/* Tables of more entries, or of more distinct values, are not looked at (the analysis is per value). */
#define ROM_VALUES_MAX_ENTRIES 65536
#define ROM_VALUES_MAX_DISTINCT 4096

/* Removes from FN every edge that no entry of the constant table a condition's value comes from can
 * take. Returns how many edges it removed. */
int rom_values_prune(LLVMValueRef fn);

/* rom_values_prune on every defined kernel of MOD, then LLVM's simplifycfg and adce drop what became
 * unreachable or dead. 0, or -1 after reporting. */
int rom_values(LLVMModuleRef mod);

#endif
