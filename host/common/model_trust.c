// SPDX-License-Identifier: Apache-2.0
#include "model_trust.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"
#include "paths.h"
#include "sha256.h"

static void store_path(const char *hex, char *out, size_t len)
{
	snprintf(out, len, "%s/trusted-models%s%s", kiln_cache_dir(), hex ? "/" : "", hex ? hex : "");
}

int kiln_model_trust(const void *so, size_t len, char *err, size_t errlen)
{
	char hex[65], dir[PATH_MAX], path[PATH_MAX + 80];
	kiln_sha256_hex(so, len, hex);
	store_path(NULL, dir, sizeof dir);
	store_path(hex, path, sizeof path);
	if (kiln_mkdirs(dir) != 0) {
		snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	/* Only the owner may add to the store: a model trusted by another user's write is not trusted. */
	chmod(dir, 0700);
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "cannot record %s: %s", path, strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

/* Whether DIR/HEX is a plain file in a folder that only its owner can write, both owned by this user or by
 * root (an installation's store). */
static int vouched(const char *dir, const char *hex)
{
	char path[PATH_MAX + 80];
	struct stat ds, st;
	if (snprintf(path, sizeof path, "%s/%s", dir, hex) >= (int)sizeof path)
		return 0;
	uid_t me = geteuid();
	return lstat(dir, &ds) == 0 && S_ISDIR(ds.st_mode) && (ds.st_uid == me || ds.st_uid == 0) &&
	       !(ds.st_mode & (S_IWGRP | S_IWOTH)) && lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       (st.st_uid == me || st.st_uid == 0);
}

int kiln_model_trusted(const void *so, size_t len, char digest[65])
{
	char hex[65], dir[PATH_MAX], sys[PATH_MAX];
	kiln_sha256_hex(so, len, hex);
	if (digest)
		memcpy(digest, hex, sizeof hex);
	store_path(NULL, dir, sizeof dir);
	/* The user's store, then the installation's (the images it ships, recorded by make install). */
	return vouched(dir, hex) ||
	       (kiln_data_path(sys, sizeof sys, "trusted-models") == 0 && vouched(sys, hex));
}
