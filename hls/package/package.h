// SPDX-License-Identifier: Apache-2.0
/* Packaging: builds (or reuses from the content-hash cache) the simulation model of an image, or a real
 * board's bitstream, and writes the image file with its description, property sets, RTL, register map and
 * model or bitstream. */
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
/* Builds the bitstream of a board with an FPGA (B->fpga) through its flow script, bsp/NAME/build-bitstream,
 * for the image whose RTL lies in RTL_DIR, scheduled at CLOCK_NS, its ID block reporting IMAGE_HASH: the
 * bitstream and nextpnr's JSON report, malloc'd. Leaves the flow's logs in WORKDIR/bitstream. 0, or -1 after
 * reporting why (a design that closes below the clock is such a failure). */
int package_build_bitstream(const kiln_board_config *b, const char *workdir, const char *rtl_dir,
                            double clock_ns, uint64_t image_hash, uint8_t **bits, size_t *bits_len,
                            char **report, size_t *report_len);

#endif
