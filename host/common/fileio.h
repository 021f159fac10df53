// SPDX-License-Identifier: Apache-2.0
/* Whole-file reading and directory creation, for every tool and library that needs them. */
#ifndef KILN_FILEIO_H
#define KILN_FILEIO_H
#include <stddef.h>

/* Reads all of PATH into a malloc'd buffer, NUL-terminated past *LEN; 0, or -1 with errno set. */
int kiln_read_file(const char *path, char **out, size_t *len);
/* Writes LEN bytes of DATA as the new file PATH, mode 0600 whatever the umask (caches are private, and a
 * group-writable entry would be refused by its next reader), never through a link, replacing a plain file
 * there; 0, or -1 with errno set. */
int kiln_write_private(const char *path, const void *data, size_t len);
/* Creates directory PATH and its missing parents (mode 0777); 0, or -1 with errno set. */
int kiln_mkdirs(const char *path);

/* Removes PATH and everything below it, not following links; 0, or -1 with errno set (a missing PATH is 0).
 */
int kiln_remove_tree(const char *path);

#endif
