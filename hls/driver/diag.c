#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

int diag_verbose = 1;
const char *diag_program = "kiln-cc";
static int errors;

static void vreport(const char *file, unsigned line, unsigned col, const char *kind, const char *fmt,
                    va_list ap)
{
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

/* Debug locations carry a file name relative to the compilation directory; keep what the user typed. */
static int location_of(LLVMValueRef v, char *file, size_t flen, unsigned *line, unsigned *col)
{
	unsigned len = 0;
	const char *f = NULL;
	if (LLVMIsAInstruction(v) || LLVMIsAFunction(v) || LLVMIsAGlobalVariable(v)) {
		f = LLVMGetDebugLocFilename(v, &len);
		*line = LLVMGetDebugLocLine(v);
		*col = LLVMIsAInstruction(v) ? LLVMGetDebugLocColumn(v) : 0;
	}
	if (!f || !len || !*line)
		return 0;
	snprintf(file, flen, "%.*s", (int)len, f);
	return 1;
}

void diag_error_at(LLVMValueRef v, const char *fmt, ...)
{
	char file[512];
	unsigned line = 0, col = 0;
	char where[600] = "";
	va_list ap;
	va_start(ap, fmt);
	if (location_of(v, file, sizeof file, &line, &col)) {
		vreport(file, line, col, "error", fmt, ap);
	} else {
		LLVMValueRef fn =
		    LLVMIsAInstruction(v) ? LLVMGetBasicBlockParent(LLVMGetInstructionParent(v)) : v;
		size_t n = 0;
		const char *name = fn ? LLVMGetValueName2(fn, &n) : "";
		snprintf(where, sizeof where, "in '%.*s'", (int)n, name);
		vreport(where, 0, 0, "error", fmt, ap);
	}
	va_end(ap);
	errors++;
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
