// SPDX-License-Identifier: Apache-2.0
/* FuseSoC export: a CAPI2 core file describing an image's RTL, so that Kiln hardware drops into FuseSoC and
 * Edalize projects (fusesoc --cores-root IMAGE.kimg.d run --target=lint kiln:image:NAME). */
#ifndef KILN_FUSESOC_H
#define KILN_FUSESOC_H
#include <stdint.h>

/* The core's name, "kiln:image:NAME:VERSION", with NAME reduced to the characters a VLNV allows, into OUT. */
void fusesoc_core_name(const char *image, char *out, unsigned len);
/* The .core text for image IMAGE whose RTL files (paths relative to the core file) are FILES[0..N) and whose
 * top module is TOP, with the memory init files INITS[0..NINITS) (names in rtl/) copied into the tool's
 * working folder and the top's IMAGE_HASH_LO/HI parameters set to IMAGE_HASH; malloc'd, NULL when out of
 * memory. */
char *fusesoc_core(const char *image, const char *const *files, int n, const char *const *inits, int ninits,
                   const char *top, uint64_t image_hash);

#endif
