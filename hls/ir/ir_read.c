// SPDX-License-Identifier: Apache-2.0
#include "ir_read.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/IRReader.h>

#include "../support/diag.h"

/* The verifier lists every problem it finds; the first few say what is wrong, the rest repeat it. */
enum { VERIFY_LINES = 6 };

/* All of PATH (or standard input) in a malloc'd buffer of *N bytes; NULL after reporting why. */
static char *slurp(const char *path, int in, size_t *n)
{
	FILE *f = in ? stdin : fopen(path, "rb");
	int err = f ? 0 : errno, oom = 0;
	char *buf = NULL;
	size_t cap = 0;
	*n = 0;
	while (f && !oom) {
		if (*n == cap) {
			char *nb = realloc(buf, cap = cap ? 2 * cap : 1 << 16);
			oom = !nb;
			buf = nb ? nb : buf;
			if (oom)
				break;
		}
		size_t got = fread(buf + *n, 1, cap - *n, f);
		*n += got;
		if (!got)
			break;
	}
	if (f && ferror(f))
		err = errno ? errno : EIO;
	if (f && !in)
		fclose(f);
	if (!f || err || oom) {
		diag_error(path, 0, 0, "cannot read: %s", oom ? "out of memory" : strerror(err));
		free(buf);
		return NULL;
	}
	return buf ? buf : calloc(1, 1);
}

/* Parses and verifies BUF; 0 with *MOD, 1 with *WHY (LLVM's message, to dispose) and a verifier flag. */
static int parse(LLVMContextRef ctx, const char *buf, size_t n, const char *name, LLVMModuleRef *mod,
                 char **why, int *verifier)
{
	LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(buf, n, name);
	*mod = NULL;
	*why = NULL;
	*verifier = 0;
	/* The reader takes ownership of MB and accepts both text and bitcode. */
	if (LLVMParseIRInContext(ctx, mb, mod, why))
		return 1;
	if (LLVMVerifyModule(*mod, LLVMReturnStatusAction, why)) {
		LLVMDisposeModule(*mod);
		*mod = NULL;
		*verifier = 1;
		return 1;
	}
	LLVMDisposeMessage(*why);
	*why = NULL;
	return 0;
}

/* How a trial read in a child ended: the child says which of these with its exit status; anything else (a
 * signal, or a sanitizer's or LLVM's own exit after a crash or an abort) is a crash. */
enum { TRIAL_READ = 70, TRIAL_REFUSED = 71 };

/* Whether reading BUF ends in a crash or an abort of LLVM's reader (its answer to some corrupt bitcode is
 * "LLVM ERROR: out of memory / Allocation failed" and abort()). Tried in a child first, so that the tool
 * itself can say so; *WHAT says how the child ended. */
static int reader_crashes(const char *buf, size_t n, const char *name, char *what, size_t whatlen)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		return 0; /* no child: read in-process, as before */
	if (pid == 0) {
		/* The child's own messages would repeat the parent's diagnostic. */
		int nul = open("/dev/null", O_WRONLY);
		if (nul >= 0)
			dup2(nul, 2);
		LLVMContextRef ctx = LLVMContextCreate();
		LLVMModuleRef m;
		char *why;
		int verifier;
		_exit(parse(ctx, buf, n, name, &m, &why, &verifier) ? TRIAL_REFUSED : TRIAL_READ);
	}
	int st = 0;
	pid_t w;
	while ((w = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
		;
	if (w != pid) /* no status to judge by (SIGCHLD ignored, say): read in-process, as without a child */
		return 0;
	if (WIFEXITED(st) && (WEXITSTATUS(st) == TRIAL_READ || WEXITSTATUS(st) == TRIAL_REFUSED))
		return 0;
	if (WIFSIGNALED(st))
		snprintf(what, whatlen, "%s", strsignal(WTERMSIG(st)));
	else
		snprintf(what, whatlen, "it exited with status %d", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return 1;
}

/* Reports the verifier's message: its first lines, each indented under the error. */
static void report_verifier(const char *path, const char *why)
{
	char text[2048];
	size_t o = 0;
	int lines = 0;
	for (const char *p = why; *p && lines < VERIFY_LINES && o + 8 < sizeof text; lines++) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len > sizeof text - o - 8)
			len = sizeof text - o - 8;
		o += (size_t)snprintf(text + o, sizeof text - o, "%s%.*s", lines ? "; " : "", (int)len, p);
		p = e ? e + 1 : p + len;
	}
	diag_error(path, 0, 0, "invalid LLVM IR (the verifier refuses it): %s", o ? text : "no reason given");
}

LLVMModuleRef ir_read_file(LLVMContextRef ctx, const char *path)
{
	int in = !strcmp(path, "-");
	const char *name = in ? "<stdin>" : path;
	size_t n;
	char *buf = slurp(path, in, &n);
	if (!buf)
		return NULL;
	char what[128];
	if (reader_crashes(buf, n, name, what, sizeof what)) {
		diag_error(
		    path, 0, 0,
		    "invalid LLVM IR: LLVM's reader fails on this file (%s); it is corrupt, or not IR that "
		    "LLVM 15 reads",
		    what);
		free(buf);
		return NULL;
	}
	LLVMModuleRef mod;
	char *why;
	int verifier;
	if (parse(ctx, buf, n, name, &mod, &why, &verifier)) {
		if (verifier) {
			report_verifier(path, why ? why : "");
		} else {
			diag_error(path, 0, 0, "invalid LLVM IR: %s", why ? why : "cannot parse");
			/* DPC++ built on LLVM 19 writes vtable references as "getelementptr inrange(-16, 8)
			 * (...)"; LLVM 15 knows only the older "inrange i32 N" index. inrange merely bounds
			 * what the pointer may reach, so dropping it keeps the program's meaning. */
			if (memmem(buf, n, "inrange(", 8))
				diag_note(
				    "the input uses LLVM 19's 'getelementptr inrange(LO, HI)', which LLVM 15 "
				    "cannot read; inrange only bounds what a vtable pointer may reach, so "
				    "removing it keeps the meaning: " IR_INRANGE_REWRITE " IN.ll >OUT.ll");
		}
		LLVMDisposeMessage(why);
		mod = NULL;
	}
	free(buf);
	return mod;
}
