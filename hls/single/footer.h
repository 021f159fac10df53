// SPDX-License-Identifier: Apache-2.0
/* The integration footer of a single-source program, as DPC++ appends one to the host compile: C that embeds
 * the device image, registers the device globals and defines each kernel's host launch stub. */
#ifndef KILN_SINGLE_FOOTER_H
#define KILN_SINGLE_FOOTER_H
#include "host_side.h"

/* Writes the footer for H to PATH: the image file IMAGE (embedded with .incbin when the program is linked),
 * SOURCE the program's file as the user named it (for runtime messages). 0, or -1 after a diagnostic. */
int single_footer_write(const char *path, const single_host *h, const char *image, const char *source);

#endif
