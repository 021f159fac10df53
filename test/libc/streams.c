// SPDX-License-Identifier: Apache-2.0
/* What kiln-cc gives a kernel by symbol and the library's native build must define itself: the standard
 * streams' objects, which the library's vfprintf tells stderr by, and the debug channel's size
 * (hls/libc/channel.h), which the library's printf records and malloc are bounded by (never run natively). */
#include <stdio.h>

#include "../../hls/libc/channel.h"

struct __kiln_file {
	char unused;
};
FILE __kiln_stdin, __kiln_stdout, __kiln_stderr;
const unsigned __kiln_debug_bytes = 0;
