// SPDX-License-Identifier: Apache-2.0
#include "host/common/paths.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/common/private_dir.h"

static char prefix[PATH_MAX];
static char data[PATH_MAX];
static char cache[PATH_MAX];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static int is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The file this code was loaded from: the shared library when host/common is linked into one, else the
 * executable (dladdr names an executable only as it was started, which may be a bare command name). */
static int own_file(char *out)
{
	Dl_info info;
	if (dladdr((void *)own_file, &info) && info.dli_fname && strstr(info.dli_fname, ".so") &&
	    realpath(info.dli_fname, out))
		return 0;
	ssize_t n = readlink("/proc/self/exe", out, PATH_MAX - 1);
	if (n <= 0)
		return -1;
	out[n] = 0;
	return 0;
}

static void locate(void)
{
	char self[PATH_MAX];
	if (own_file(self) == 0) {
		/* PREFIX/bin/tool or PREFIX/lib/libkiln.so.N: the prefix is two levels up. Programs deeper in
		 * a build tree (its tests) find it a level or two further. */
		for (int up = 1; up <= 4 && !data[0]; up++) {
			char *s = strrchr(self, '/');
			if (!s || s == self)
				break;
			*s = 0;
			char probe[PATH_MAX];
			int n = snprintf(probe, sizeof probe, "%s/share/kiln", self);
			if (up >= 2 && n > 0 && (size_t)n < sizeof probe && is_dir(probe)) {
				memcpy(prefix, self, strlen(self) + 1);
				memcpy(data, probe, (size_t)n + 1);
			}
		}
	}
	const char *e = getenv("KILN_DATA_DIR");
	if (e && *e)
		snprintf(data, sizeof data, "%s", e);
	if (!data[0])
		snprintf(data, sizeof data, ".");
}

/* The cache folder. Never a shared one: without HOME (services, cron, containers) a fixed /tmp path could be
 * made first by another user, so the fallback is a per-user folder that this process creates itself, or one
 * that is already ours and closed to everyone else; else there is no cache. */
static void locate_cache(void)
{
	/* KILN_CACHE_DIR is the name earlier releases read. */
	const char *c = getenv("KILN_CACHE"), *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
	if (!c || !*c)
		c = getenv("KILN_CACHE_DIR");
	if (c && *c) {
		snprintf(cache, sizeof cache, "%s", c);
	} else if (x && *x == '/') {
		snprintf(cache, sizeof cache, "%s/kiln", x);
	} else if (h && *h == '/') {
		snprintf(cache, sizeof cache, "%s/.cache/kiln", h);
	} else {
		const char *t = getenv("TMPDIR");
		char why[PATH_MAX + 128];
		snprintf(cache, sizeof cache, "%s/kiln-cache-%u", t && *t == '/' ? t : "/tmp",
		         (unsigned)geteuid());
		if (kiln_private_mkdir(cache, KILN_PRIV_0700, why, sizeof why) != 0) {
			fprintf(stderr, "kiln: warning: no cache: %s\n", why);
			cache[0] = '\0';
		}
	}
}

const char *kiln_prefix_dir(void)
{
	pthread_once(&once, locate);
	return prefix[0] ? prefix : NULL;
}

const char *kiln_data_dir(void)
{
	pthread_once(&once, locate);
	return data;
}

int kiln_data_path(char *out, size_t len, const char *rel)
{
	int n = snprintf(out, len, "%s/%s", kiln_data_dir(), rel);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

const char *kiln_data_file(const char *env, const char *rel)
{
	/* A few fixed names per process (boards, include, smoke.kimg): each is made once and kept. */
	static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
	static struct {
		const char *rel;
		char *path;
	} made[8];
	const char *e = getenv(env);
	if (e && *e)
		return e;
	const char *path = NULL;
	pthread_mutex_lock(&mu);
	for (size_t i = 0; i < sizeof made / sizeof made[0] && !path; i++) {
		if (made[i].rel && strcmp(made[i].rel, rel) == 0) {
			path = made[i].path;
		} else if (!made[i].rel) {
			char buf[PATH_MAX];
			if (kiln_data_path(buf, sizeof buf, rel) == 0 && (made[i].path = strdup(buf)))
				made[i].rel = rel;
			path = made[i].path;
		}
	}
	pthread_mutex_unlock(&mu);
	return path ? path : rel;
}

const char *kiln_cache_dir(void)
{
	static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
	pthread_once(&cache_once, locate_cache);
	return cache[0] ? cache : NULL;
}
