// SPDX-License-Identifier: Apache-2.0
/* The board's debug channel as the kernel C library sees it (host/common/contract.h). */
#ifndef KILN_LIBC_CHANNEL_H
#define KILN_LIBC_CHANNEL_H

/* The channel's bytes from KILN_DEBUG_BASE, the board's: the library is built once for every board, so
 * kiln-cc defines this constant when it links the library into a kernel (debug_define_channel in
 * hls/lower/debug_channel.c), and the bounds below it fold into the hardware as constants. */
extern const unsigned __kiln_debug_bytes;

#endif
