// SPDX-License-Identifier: Apache-2.0
/* kiln_sort, the one sort of the compiler and the runtime: it sorts, and takes an empty NULL list. In the
 * sanitizer build (`make asan`, where __SANITIZE_ADDRESS__ stands for both sanitizers) it also shows why it
 * exists and that the build is strict: a plain qsort(NULL, 0, ...) is an undefined-behaviour report that ends
 * the process with a non-zero status, so no UBSan report can pass the suite unseen. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "host/common/sort.h"
#include "test/harness.h"

static int by_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Runs FN in a child with stderr in a pipe; returns its wait status and the start of what it printed. */
static int in_child(void (*fn)(void), char *err, size_t errlen)
{
	int fd[2];
	if (pipe(fd))
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		dup2(fd[1], 2);
		fn();
		_exit(0);
	}
	close(fd[1]);
	size_t n = 0;
	ssize_t r;
	while (n + 1 < errlen && (r = read(fd[0], err + n, errlen - 1 - n)) > 0)
		n += (size_t)r;
	err[n] = '\0';
	close(fd[0]);
	int st = -1;
	waitpid(pid, &st, 0);
	return st;
}

static void sort_null_wrapped(void)
{
	int *volatile none = NULL;
	kiln_sort(none, 0, sizeof *none, by_int);
}

#ifdef __SANITIZE_ADDRESS__
static void sort_null_plain(void)
{
	int *volatile none = NULL;
	size_t volatile zero = 0;
	qsort(none, zero, sizeof *none, by_int);
}
#endif

int main(void)
{
	int v[] = {5, -1, 3, 3, 0, 9, -7};
	kiln_sort(v, sizeof v / sizeof v[0], sizeof v[0], by_int);
	KT_CHECK(v[0] == -7 && v[1] == -1 && v[2] == 0 && v[3] == 3 && v[4] == 3 && v[5] == 5 && v[6] == 9,
	         "kiln_sort sorts", "got %d %d %d %d %d %d %d", v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
	int one = 4;
	kiln_sort(&one, 1, sizeof one, by_int);
	KT_CHECK(one == 4, "kiln_sort leaves a one-element list alone", "got %d", one);

	char err[4096];
	int st = in_child(sort_null_wrapped, err, sizeof err);
	KT_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0 && !strstr(err, "runtime error"),
	         "kiln_sort takes an empty NULL list without an undefined-behaviour report",
	         "status %d: %.300s", st, err);
#ifdef __SANITIZE_ADDRESS__
	st = in_child(sort_null_plain, err, sizeof err);
	KT_CHECK(strstr(err, "runtime error") != NULL, "UBSan reports a plain qsort(NULL, 0) in this build",
	         "it printed: %.300s", err);
	KT_CHECK(!(WIFEXITED(st) && WEXITSTATUS(st) == 0),
	         "a UBSan report ends the process with a non-zero status (make asan cannot pass over one)",
	         "status %d", st);
#endif
	return kt_failures != 0;
}
