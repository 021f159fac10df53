// SPDX-License-Identifier: Apache-2.0
/* signal.h: signals in a kernel (definitions in hls/libc/signal.c). Nothing outside a kernel sends it a
 * signal, so a handler runs only when the kernel raises its signal itself; the numbers and SIG_* values
 * are Linux's on x86-64. */
#ifndef KILN_LIBC_SIGNAL_H
#define KILN_LIBC_SIGNAL_H

typedef int sig_atomic_t;
typedef void (*__sighandler_t)(int);
typedef __sighandler_t sighandler_t;

#define SIG_ERR ((__sighandler_t)-1)
#define SIG_DFL ((__sighandler_t)0)
#define SIG_IGN ((__sighandler_t)1)

#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGSTKFLT 16
#define SIGCHLD 17
#define SIGCONT 18
#define SIGSTOP 19
#define SIGTSTP 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGURG 23
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGIO 29
#define SIGPOLL SIGIO
#define SIGPWR 30
#define SIGSYS 31
#define NSIG 65

/* Installs HANDLER for SIG (1..64, not SIGKILL or SIGSTOP) and returns the one before, SIG_ERR with EINVAL
 * otherwise. The handler stays installed when it runs, as glibc's signal() (BSD semantics). */
__sighandler_t signal(int sig, __sighandler_t handler);
/* Runs SIG's handler and returns 0; -1 with EINVAL for a number out of range. With SIG_DFL, a signal whose
 * default is to be ignored (SIGCHLD, SIGCONT, SIGURG, SIGWINCH) is; SIGABRT ends the kernel as abort() does;
 * any other ends it with exit status 128 + SIG, which a shell reports for a process the signal killed. */
int raise(int sig);

#endif
