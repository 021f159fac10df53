// SPDX-License-Identifier: Apache-2.0
/* Compiler diagnostics in the form editors and CI parsers understand: "file:line:col: error: message". */
#ifndef KILN_DIAG_H
#define KILN_DIAG_H
#include <stddef.h>

#include <llvm-c/Core.h>

/* Reports an error at FILE:LINE:COL (LINE 0: no position; FILE NULL: "kiln-cc"). */
void diag_error(const char *file, unsigned line, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Reports an error at the debug location of instruction or function V (falls back to the function name). */
void diag_error_at(LLVMValueRef v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Reports a warning with no position. */
void diag_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Reports a warning (no error count) at FILE:LINE (LINE 0 or FILE NULL: no position). */
void diag_warning_loc(const char *file, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Reports a warning (no error count) at the debug location of V, else without a position. */
void diag_warning_at(LLVMValueRef v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The source file (as reported) and line of V's debug location: 1, or 0 when it has none. */
int diag_location(LLVMValueRef v, char *file, size_t flen, unsigned *line);
/* Records input file TYPED as the user gave it, so that locations in it are reported under that name. */
void diag_input(const char *typed);
/* Reports a note (no error count) at FILE:LINE. */
void diag_note_loc(const char *file, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Reports a note (no error count). */
void diag_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* NAME (the N bytes at S, a user's name) as a message can show it, on one line and in ASCII, from at most 200
 * bytes, into OUT (OUTLEN bytes; 1024 hold any). */
void diag_shown(const char *s, size_t n, char *out, size_t outlen);
/* Number of errors reported so far. */
int diag_errors(void);
/* Verbosity for progress lines: 0 quiet, 1 normal. */
extern int diag_verbose;
/* Program name in messages without a position ("kiln-cc" unless a tool sets it). */
extern const char *diag_program;
/* 1: every message starts with the program, "kiln-post-link: error: FILE: message" (sycl-post-link's form);
 * 0: compiler form, "FILE:LINE:COL: error: message". */
extern int diag_tool_style;
/* Prints a progress line "kiln-cc: ..." to stderr when verbose. */
void diag_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
