// SPDX-License-Identifier: Apache-2.0
/* The standard streams' objects, which a kernel never defines (kiln-cc names them by symbol): the library's
 * vfprintf tells stderr by its address, so its native build needs them defined. */
#include <stdio.h>

struct __kiln_file {
	char unused;
};
FILE __kiln_stdin, __kiln_stdout, __kiln_stderr;
