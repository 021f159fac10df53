// SPDX-License-Identifier: Apache-2.0
#include "private_dir.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"
#include "paths.h"

/* The one rule, on what lstat or fstat said of PATH. */
static int judge(const char *path, const struct stat *st, unsigned flags, char *why, size_t whylen)
{
	uid_t me = geteuid();
	const char *kind = flags & KILN_PRIV_DIR ? "folder" : "file";
	if (S_ISLNK(st->st_mode))
		snprintf(why, whylen, "%s is a symbolic link", path);
	else if ((flags & KILN_PRIV_DIR) ? !S_ISDIR(st->st_mode) : !S_ISREG(st->st_mode))
		snprintf(why, whylen, "%s is not a %s", path,
		         flags & KILN_PRIV_DIR ? "folder" : "plain file");
	else if (st->st_uid != me && !(st->st_uid == 0 && (flags & KILN_PRIV_ROOT_OK)))
		snprintf(why, whylen, "%s %s is owned by uid %u, not by you (uid %u)", kind, path,
		         (unsigned)st->st_uid, (unsigned)me);
	else if (st->st_mode & (S_IWGRP | S_IWOTH))
		snprintf(why, whylen, "%s %s is writable by its group or others (mode %04o)", kind, path,
		         (unsigned)(st->st_mode & 07777));
	else if ((flags & KILN_PRIV_0700) && (st->st_mode & 077))
		snprintf(why, whylen, "%s %s is open to others (mode %04o, want 0700)", kind, path,
		         (unsigned)(st->st_mode & 07777));
	else
		return 0;
	return -1;
}

int kiln_private_check(const char *path, unsigned flags, char *why, size_t whylen)
{
	struct stat st;
	if (lstat(path, &st) != 0) {
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return judge(path, &st, flags, why, whylen);
}

int kiln_private_read(const char *path, char **out, size_t *len, char *why, size_t whylen)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		snprintf(why, whylen, "%s: %s", path,
		         errno == ELOOP ? "is a symbolic link" : strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (judge(path, &st, 0, why, whylen) != 0) {
		close(fd);
		return -1;
	}
	/* Read through the descriptor just judged, not the name again. */
	char proc[64];
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
	int rc = kiln_read_file(proc, out, len);
	if (rc != 0)
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
	close(fd);
	return rc;
}

int kiln_private_mkdir(const char *path, unsigned flags, char *why, size_t whylen)
{
	if (mkdir(path, 0700) != 0 && errno != EEXIST) {
		snprintf(why, whylen, "cannot create %s: %s", path, strerror(errno));
		return -1;
	}
	return kiln_private_check(path, flags | KILN_PRIV_DIR, why, whylen);
}

int kiln_cache_subdir(const char *sub, char *out, size_t len, char *why, size_t whylen)
{
	const char *root = kiln_cache_dir();
	if (!root) {
		snprintf(why, whylen,
		         "no private cache folder (HOME, XDG_CACHE_HOME and KILN_CACHE unset and "
		         "the per-user folder in the temporary folder is unusable)");
		return -1;
	}
	char parent[PATH_MAX];
	int n = snprintf(parent, sizeof parent, "%s", root);
	char *slash = n > 0 && (size_t)n < sizeof parent ? strrchr(parent, '/') : NULL;
	if (slash && slash != parent) {
		*slash = '\0';
		kiln_mkdirs(parent); /* the folders above the cache are the user's business */
	}
	if (kiln_private_mkdir(root, 0, why, whylen) != 0)
		return -1;
	n = sub ? snprintf(out, len, "%s/%s", root, sub) : snprintf(out, len, "%s", root);
	if (n < 0 || (size_t)n >= len) {
		snprintf(why, whylen, "the cache folder's name is too long");
		return -1;
	}
	return sub ? kiln_private_mkdir(out, 0, why, whylen) : 0;
}
