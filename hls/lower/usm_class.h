// SPDX-License-Identifier: Apache-2.0
/* DPC++'s device_global<T> without device_image_scope, compiled to hardware. Seed 002 makes it a class
 * holding only `usmptr`, a pointer to a T the runtime allocates in device memory and writes into the object.
 * A Kiln image already has that global: a USM-backed device global (system/layout.c) whose storage lives in
 * device memory behind a usmptr register the runtime writes. So the class is split in two: the storage
 * (sizeof(T) bytes, which keeps the global's name and sycl-* properties and becomes the device global proper)
 * and the object, made a constant whose usmptr is the storage's address (and whose init_val, where the class
 * has one, moves to the storage's initial value). Optimisation then folds every read of usmptr, through
 * inlined accessors too, into that address, and the kernels address the storage directly. */
#ifndef KILN_USM_CLASS_H
#define KILN_USM_CLASS_H
#include <llvm-c/Core.h>

/* Splits every USM-backed device_global object of MOD, a module of device IR (Kiln C never has them), before
 * optimisation; the storage starts with init_val's bytes. Reports a kernel that writes usmptr; returns the
 * number of diagnostics. */
int lower_usm_class(LLVMModuleRef mod);
/* After optimisation: reports each object whose address is still used other than to read usmptr, deletes the
 * objects, and types each storage by the accesses kernels make ([N x iW] when every access is W bytes wide),
 * so that the image records T's element size. Returns the number of diagnostics. */
int lower_usm_class_finish(LLVMModuleRef mod);

#endif
