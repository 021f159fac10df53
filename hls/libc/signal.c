// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's <signal.h>. A kernel receives no signal from outside, so only raise() delivers
 * one: the handlers are a table in the library's state, and raise() calls the handler through its pointer
 * (kiln-cc dispatches over the kernel's functions of that type). */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>

static __sighandler_t handlers[NSIG];

__sighandler_t signal(int sig, __sighandler_t handler)
{
	if (sig < 1 || sig >= NSIG || sig == SIGKILL || sig == SIGSTOP) {
		errno = EINVAL;
		return SIG_ERR;
	}
	__sighandler_t old = handlers[sig];
	handlers[sig] = handler;
	return old;
}

int raise(int sig)
{
	if (sig < 1 || sig >= NSIG) {
		errno = EINVAL;
		return -1;
	}
	__sighandler_t h = handlers[sig];
	if (h == SIG_IGN)
		return 0;
	if (h != SIG_DFL) {
		h(sig);
		return 0;
	}
	if (sig == SIGCHLD || sig == SIGCONT || sig == SIGURG || sig == SIGWINCH)
		return 0;
	if (sig == SIGABRT)
		abort();
	_Exit(128 + sig);
}
