// SPDX-License-Identifier: Apache-2.0
/* Packaging: builds (or reuses from the content-hash cache) the simulation model of an image and writes the
 * image file with its description, property sets, RTL, register map and model. */
#ifndef KILN_PACKAGE_H
#define KILN_PACKAGE_H
#include <stddef.h>
#include <stdint.h>

#include "../../host/common/board.h"

/* Builds the board model for the RTL_FILES of an image (kiln_image and the modules it instantiates), its
 * top given IMAGE_HASH, with waveform support when TRACE, into a malloc'd buffer, reusing a cached model with
 * the same content hash. 0, or -1 after reporting why. */
int package_build_model(const kiln_board_config *b, const char *workdir, const char *const *rtl_files,
                        int nrtl, uint64_t image_hash, int trace, uint8_t **model, size_t *model_len);

#endif
