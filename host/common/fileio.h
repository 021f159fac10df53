// SPDX-License-Identifier: Apache-2.0
/* Whole-file reading and directory creation, for every tool and library that needs them. */
#ifndef KILN_FILEIO_H
#define KILN_FILEIO_H
#include <stddef.h>

/* Reads all of PATH into a malloc'd buffer, NUL-terminated past *LEN; 0, or -1 with errno set. */
int kiln_read_file(const char *path, char **out, size_t *len);
/* Creates directory PATH and its missing parents (mode 0777); 0, or -1 with errno set. */
int kiln_mkdirs(const char *path);

/* Removes PATH and everything below it, not following links; 0, or -1 with errno set (a missing PATH is 0).
 */
int kiln_remove_tree(const char *path);

#endif
