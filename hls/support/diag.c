// SPDX-License-Identifier: Apache-2.0
#include "diag.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/DebugInfo.h>

#include "../../host/common/strbuf.h"
#include "../../host/common/text_escape.h"

int diag_verbose = 1;
const char *diag_program = "kiln-cc";
int diag_tool_style;
static int errors;

static void vreport(const char *file, unsigned line, unsigned col, const char *kind, const char *fmt,
                    va_list ap)
{
	if (diag_tool_style) {
		fprintf(stderr, "%s: %s: ", diag_program, kind);
		if (file && line)
			fprintf(stderr, "%s:%u: ", file, line);
		else if (file)
			fprintf(stderr, "%s: ", file);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		return;
	}
	if (!file)
		fprintf(stderr, "%s: ", diag_program);
	else if (line && col)
		fprintf(stderr, "%s:%u:%u: ", file, line, col);
	else if (line)
		fprintf(stderr, "%s:%u: ", file, line);
	else
		fprintf(stderr, "%s: ", file);
	fprintf(stderr, "%s: ", kind);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void diag_error(const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(file, line, col, "error", fmt, ap);
	va_end(ap);
	errors++;
}

/* The inputs as the user typed them, with their real paths: a location in one of them is shown as typed. */
#define MAX_TYPED 64
static struct {
	char real[PATH_MAX];
	const char *typed;
} typed_inputs[MAX_TYPED];
static int ntyped;

void diag_input(const char *typed)
{
	if (ntyped < MAX_TYPED && realpath(typed, typed_inputs[ntyped].real))
		typed_inputs[ntyped++].typed = typed;
}

/* How to show source file FULL (absolute): as the user typed it, else relative to the working directory when
 * it lies below it, else absolute. */
static void display_path(const char *full, char *out, size_t len)
{
	char real[PATH_MAX], cwd[PATH_MAX];
	const char *shown = full;
	if (realpath(full, real)) {
		for (int i = 0; i < ntyped; i++)
			if (!strcmp(real, typed_inputs[i].real)) {
				snprintf(out, len, "%s", typed_inputs[i].typed);
				return;
			}
	}
	size_t n = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
	if (n > 1 && !strncmp(full, cwd, n) && full[n] == '/')
		shown = full + n + 1;
	snprintf(out, len, "%s", shown);
}

/* A debug location names a file relative to its compilation directory (which need not be ours: IR may come
 * from another machine or folder), or absolutely. */
static int location_of(LLVMValueRef v, char *file, size_t flen, unsigned *line, unsigned *col)
{
	unsigned len = 0, dlen = 0;
	const char *f = NULL, *d = NULL;
	if (LLVMIsAInstruction(v) || LLVMIsAFunction(v) || LLVMIsAGlobalVariable(v)) {
		f = LLVMGetDebugLocFilename(v, &len);
		d = LLVMGetDebugLocDirectory(v, &dlen);
		*line = LLVMGetDebugLocLine(v);
		*col = LLVMIsAInstruction(v) ? LLVMGetDebugLocColumn(v) : 0;
	}
	if (!f || !len || !*line)
		return 0;
	char full[PATH_MAX];
	if (f[0] == '/' || !d || !dlen)
		snprintf(full, sizeof full, "%.*s", (int)len, f);
	else
		snprintf(full, sizeof full, "%.*s/%.*s", (int)dlen, d, (int)len, f);
	if (full[0] == '/')
		display_path(full, file, flen);
	else
		snprintf(file, flen, "%s", full);
	return 1;
}

/* Reports an error at FILE (no line) whose message is PREFIX then FMT (a position known only by function). */
static void report_with(const char *file, const char *prefix, const char *fmt, va_list ap)
{
	char msg[2048];
	int n = snprintf(msg, sizeof msg, "%s", prefix);
	vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
	diag_error(file, 0, 0, "%s", msg);
}

void diag_error_at(LLVMValueRef v, const char *fmt, ...)
{
	char file[PATH_MAX];
	unsigned line = 0, col = 0;
	va_list ap;
	va_start(ap, fmt);
	if (location_of(v, file, sizeof file, &line, &col)) {
		vreport(file, line, col, "error", fmt, ap);
		errors++;
	} else {
		/* Without debug information: the input the IR came from (the module's source file name),
		 * and the function. */
		LLVMValueRef fn =
		    LLVMIsAInstruction(v) ? LLVMGetBasicBlockParent(LLVMGetInstructionParent(v)) : v;
		LLVMModuleRef mod = fn && LLVMIsAGlobalValue(fn) ? LLVMGetGlobalParent(fn) : NULL;
		size_t n = 0, sn = 0;
		const char *name = fn ? LLVMGetValueName2(fn, &n) : "";
		const char *src = mod ? LLVMGetSourceFileName(mod, &sn) : NULL;
		char where[1100], shown[1024], full[PATH_MAX];
		/* The name as a message shows it: it may hold anything (line breaks, terminal escapes). */
		diag_shown(name, n, shown, sizeof shown);
		snprintf(where, sizeof where,
		         "in %s '%s': ", fn && LLVMIsAFunction(fn) ? "function" : "global", shown);
		snprintf(full, sizeof full, "%.*s", (int)sn, src ? src : "");
		if (full[0] == '/')
			display_path(full, file, sizeof file);
		else
			snprintf(file, sizeof file, "%s", full);
		report_with(file[0] ? file : NULL, where, fmt, ap); /* counted by diag_error */
	}
	va_end(ap);
}

int diag_location(LLVMValueRef v, char *file, size_t flen, unsigned *line)
{
	unsigned col = 0;
	return location_of(v, file, flen, line, &col);
}

void diag_warning(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(NULL, 0, 0, "warning", fmt, ap);
	va_end(ap);
}

void diag_warning_loc(const char *file, unsigned line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(line ? file : NULL, line, 0, "warning", fmt, ap);
	va_end(ap);
}

void diag_warning_at(LLVMValueRef v, const char *fmt, ...)
{
	char file[PATH_MAX];
	unsigned line = 0, col = 0;
	va_list ap;
	va_start(ap, fmt);
	if (location_of(v, file, sizeof file, &line, &col))
		vreport(file, line, col, "warning", fmt, ap);
	else
		vreport(NULL, 0, 0, "warning", fmt, ap);
	va_end(ap);
}

void diag_note_loc(const char *file, unsigned line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(line ? file : NULL, line, 0, "note", fmt, ap);
	va_end(ap);
}

void diag_note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: note: ", diag_program);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

int diag_errors(void)
{
	return errors;
}

void diag_progress(const char *fmt, ...)
{
	va_list ap;
	if (!diag_verbose)
		return;
	va_start(ap, fmt);
	fprintf(stderr, "%s: ", diag_program);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

void diag_shown(const char *s, size_t n, char *out, size_t outlen)
{
	char *t = strndup(s ? s : "", n < 200 ? n : 200);
	kiln_strbuf b = {0};
	kiln_sb_text(&b, t ? t : "", KILN_ESC_MESSAGE);
	snprintf(out, outlen, "%s", b.s && !b.oom ? b.s : "");
	kiln_sb_free(&b);
	free(t);
}
