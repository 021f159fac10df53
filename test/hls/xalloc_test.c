// SPDX-License-Identifier: Apache-2.0
/* xrealloc (hls/support/xalloc.h): growth works and keeps the contents; a request that cannot be met (an
 * overflowing count, or more than the address space) ends the process with "out of memory" and status 1
 * instead of returning NULL to a caller that would write through it. Each failing request runs in a child. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hls/support/diag.h"
#include "hls/support/xalloc.h"
#include "test/harness.h"

/* Runs xrealloc(NULL, N, SIZE) in a child with its stderr in a pipe; its exit status, message into MSG. */
static int child_status(size_t n, size_t size, char *msg, size_t cap)
{
	int fd[2];
	if (pipe(fd) != 0)
		return -1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(fd[1], 2);
		close(fd[0]);
		diag_program = "kiln-cc";
		xrealloc(NULL, n, size);
		_exit(0);
	}
	close(fd[1]);
	/* Read to the end: the diagnostic comes in pieces, and a closed pipe would kill the writer. */
	size_t len = 0;
	ssize_t got;
	while (len < cap - 1 && (got = read(fd[0], msg + len, cap - 1 - len)) > 0)
		len += (size_t)got;
	msg[len] = '\0';
	close(fd[0]);
	int st = 0;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int main(void)
{
	int *a = xrealloc(NULL, 4, sizeof *a);
	for (int i = 0; i < 4; i++)
		a[i] = i * 7;
	a = xrealloc(a, 1 << 16, sizeof *a);
	KT_CHECK(a && a[0] == 0 && a[3] == 21, "growth keeps the contents", "a[3]=%d", a ? a[3] : -1);
	free(a);
	char msg[512];
	int st = child_status(SIZE_MAX / 2, 4, msg, sizeof msg);
	KT_CHECK(st == 1 && strstr(msg, "kiln-cc: error: out of memory"),
	         "an overflowing count: out of memory, status 1", "status %d, \"%s\"", st, msg);
#ifndef __SANITIZE_ADDRESS__
	/* (AddressSanitizer reports a request this large itself, before realloc could return NULL.) */
	st = child_status(SIZE_MAX - 64, 1, msg, sizeof msg);
	KT_CHECK(st == 1 && strstr(msg, "out of memory"),
	         "more than the address space: out of memory, status 1", "status %d, \"%s\"", st, msg);
#endif
	return KT_DONE();
}
