// SPDX-License-Identifier: Apache-2.0
/* The second wall between a kernel's author and the host: generated RTL becomes a Verilated model that runs
 * in the host program, and Verilog can run commands ($system), embed C++ ($c, `systemc_*) or call C (DPI).
 * Whatever the escaping misses, a model is built only from RTL that uses no more of the language's ways out
 * than Kiln's own cells and emitters do. */
#ifndef KILN_RTL_CHECK_H
#define KILN_RTL_CHECK_H
#include <stddef.h>

/* 0 when the LEN bytes of Verilog TEXT use only allowed system tasks and functions (the file ones only with
 * FILE_IO, for kiln-cc --profile), compiler directives and DPI imports, and no comment is a tool directive
 * (synthesis, pragma, ... : a name in a comment must not steer synthesis); else -1 with "line L: what" in
 * WHY. */
int rtl_check(const char *text, size_t len, int file_io, char *why, size_t whylen);

#endif
