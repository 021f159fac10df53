// SPDX-License-Identifier: Apache-2.0
#include "model_trust.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paths.h"
#include "private_dir.h"
#include "sha256.h"

int kiln_model_trust(const void *so, size_t len, char *err, size_t errlen)
{
	char hex[65], dir[PATH_MAX], path[PATH_MAX + 80];
	kiln_sha256_hex(so, len, hex);
	/* Only the owner may add to the store: a model trusted by another user's write is not trusted. */
	if (kiln_cache_subdir("trusted-models", dir, sizeof dir, err, errlen) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/%s", dir, hex);
	/* Never through a link planted in the store: it would create a file wherever it points, as this user.
	 */
	int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "cannot record %s: %s", path,
		         errno == ELOOP ? "it is a symbolic link" : strerror(errno));
		return -1;
	}
	close(fd);
	/* What was opened may be a stranger's file; the store says trusted only if the check says so. */
	if (!kiln_model_trusted(so, len, NULL)) {
		char why[PATH_MAX + 128];
		if (kiln_private_check(path, 0, why, sizeof why) == 0)
			snprintf(why, sizeof why, "%s is not in a private folder", path);
		snprintf(err, errlen, "cannot record the model as trusted: %s", why);
		return -1;
	}
	return 0;
}

/* Whether DIR/HEX is a plain file in a folder that only its owner can write, both owned by this user or by
 * root (an installation's store). */
static int vouched(const char *dir, const char *hex)
{
	char path[PATH_MAX + 80], why[PATH_MAX + 128];
	if (snprintf(path, sizeof path, "%s/%s", dir, hex) >= (int)sizeof path)
		return 0;
	return kiln_private_check(dir, KILN_PRIV_DIR | KILN_PRIV_ROOT_OK, why, sizeof why) == 0 &&
	       kiln_private_check(path, KILN_PRIV_ROOT_OK, why, sizeof why) == 0;
}

int kiln_model_trusted(const void *so, size_t len, char digest[65])
{
	char hex[65], dir[PATH_MAX], sys[PATH_MAX];
	kiln_sha256_hex(so, len, hex);
	if (digest)
		memcpy(digest, hex, sizeof hex);
	const char *cache = kiln_cache_dir();
	/* The user's store, then the installation's (the images it ships, recorded by make install). */
	return (cache && snprintf(dir, sizeof dir, "%s/trusted-models", cache) < (int)sizeof dir &&
	        vouched(dir, hex)) ||
	       (kiln_data_path(sys, sizeof sys, "trusted-models") == 0 && vouched(sys, hex));
}
