// SPDX-License-Identifier: Apache-2.0
#include "child.h"

#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

/* The group of the tool running now (one at a time), read by a signal handler. */
static volatile sig_atomic_t running_group;

pid_t child_fork(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		return 0;
	}
	if (pid > 0) {
		setpgid(pid, pid); /* also here: the handler may run before the child does */
		running_group = (sig_atomic_t)pid;
	}
	return pid;
}

int child_wait(pid_t pid, int *st)
{
	pid_t r;
	while ((r = waitpid(pid, st, 0)) < 0 && errno == EINTR)
		;
	running_group = 0;
	return r == pid ? 0 : -1;
}

void child_stop(void)
{
	pid_t g = (pid_t)running_group;
	if (g > 0)
		kill(-g, SIGTERM);
}
