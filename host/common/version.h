// SPDX-License-Identifier: Apache-2.0
/* The release every tool and library reports: KILN_VERSION comes from the top-level VERSION file (the
 * Makefile passes it); --version of each tool prints it through kiln_print_version. */
#ifndef KILN_VERSION_H
#define KILN_VERSION_H
#include <stdio.h>

#ifndef KILN_VERSION
#define KILN_VERSION "unknown"
#endif

/* Prints the --version answer of TOOL on stdout: "TOOL VERSION", then the licence. */
static inline void kiln_print_version(const char *tool)
{
	printf("%s %s\nPart of Kiln, an open FPGA toolchain. Licensed under the Apache License 2.0.\n", tool,
	       KILN_VERSION);
}

#endif
