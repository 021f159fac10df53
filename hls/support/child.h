// SPDX-License-Identifier: Apache-2.0
/* The long-running tools a compile runs (the simulation model's build, a bitstream flow) in a process group
 * of their own, so that a signal that stops kiln-cc stops them too: a kill of kiln-cc's pid alone left the
 * model's C++ compile running on, writing into a staging folder that was gone. */
#ifndef KILN_CHILD_H
#define KILN_CHILD_H
#include <sys/types.h>

/* fork() for such a tool: the child leads a process group of its own, which child_stop() signals until
 * child_wait() has reaped it. */
pid_t child_fork(void);
/* Waits for child PID (from child_fork) through interruptions; 0 with its wait status in *ST, or -1. */
int child_wait(pid_t pid, int *st);
/* Sends SIGTERM to the running tool's process group, if any; async-signal-safe. */
void child_stop(void);

#endif
