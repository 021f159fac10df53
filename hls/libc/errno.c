// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's errno: one plain int, not glibc's per-thread location, since an image has no threads
 * in the operating-system sense and hardware reaches a global by its fixed address. */
#include <errno.h>

int errno;
