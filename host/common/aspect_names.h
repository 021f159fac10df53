// SPDX-License-Identifier: Apache-2.0
/* Aspect names and numbers, the one table the compiler and the runtime share: IR carries aspects as numbers
 * (DPC++'s !sycl_used_aspects, [SYCL/device requirements]), boards name them as strings
 * (configs/boards/NAME.json "aspects"). SYCL's aspects keep DPC++'s numbering (sycl/info/aspects.def);
 * Kiln's own, which SYCL has no name for, are numbered from KILN_ASPECT_OWN_BASE. */
#ifndef KILN_ASPECT_NAMES_H
#define KILN_ASPECT_NAMES_H
#include <stdint.h>

/* Kiln's own aspects start here: far above SYCL's small dense range, below DPC++'s negative internal ones. */
#define KILN_ASPECT_OWN_BASE 1000

/* The number of aspect NAME in *NUM: 0, or -1 for a name the table does not know. */
int kiln_aspect_number(const char *name, int32_t *num);
/* The name of aspect NUM (the current spelling where SYCL renamed one), or NULL for an unknown number. */
const char *kiln_aspect_name(int32_t num);

#endif
