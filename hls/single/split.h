// SPDX-License-Identifier: Apache-2.0
/* The seed's new IR pass for single-source programs (seed 000): one module holding host code, kernels and
 * device globals is split into a device module and a host module. */
#ifndef KILN_SINGLE_SPLIT_H
#define KILN_SINGLE_SPLIT_H
#include <llvm-c/Core.h>

/* Splits ALL, whose kernels and device globals already carry DPC++'s attributes (lower_annotations). Returns
 * the device module, a new module in ALL's context: the kernels' static call tree and the device globals it
 * uses, with every if_host marker's body deleted and if_device's decided true, retargeted to spir64; NULL
 * after a diagnostic. ALL keeps everything and is left for single_host_rewrite, its markers untouched. */
LLVMModuleRef single_split_device(LLVMModuleRef all);

#endif
