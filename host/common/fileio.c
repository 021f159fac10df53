// SPDX-License-Identifier: Apache-2.0
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int kiln_read_file(const char *path, char **out, size_t *outlen)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	char *buf = NULL;
	size_t len = 0, cap = 0;
	for (;;) {
		if (len + 1 >= cap) {
			char *nb = realloc(buf, cap = cap ? cap * 2 : 4096);
			if (!nb) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return -1;
			}
			buf = nb;
		}
		size_t r = fread(buf + len, 1, cap - len - 1, f);
		len += r;
		if (r == 0)
			break;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		errno = EIO;
		return -1;
	}
	buf[len] = '\0';
	*out = buf;
	*outlen = len;
	return 0;
}

int kiln_write_private(const char *path, const void *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	int rc = fchmod(fd, 0600);
	const char *p = data;
	while (rc == 0 && len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			rc = -1;
			break;
		}
		p += n;
		len -= (size_t)n;
	}
	int e = errno;
	if (close(fd) != 0 && rc == 0)
		return -1;
	errno = e;
	return rc;
}

int kiln_mkdirs(const char *path)
{
	char tmp[4096];
	if (snprintf(tmp, sizeof tmp, "%s", path) >= (int)sizeof tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
				return -1;
			*p = '/';
		}
	return mkdir(tmp, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb, (void)flag, (void)ftw;
	return remove(path);
}

int kiln_remove_tree(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	return nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
