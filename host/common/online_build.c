// SPDX-License-Identifier: Apache-2.0
#include "online_build.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fileio.h"
#include "image.h"
#include "paths.h"
#include "sha256.h"
#include "strbuf.h"

void kiln_find_kiln_cc(char *out, size_t len)
{
	const char *e = getenv("KILN_CC");
	const char *prefix = kiln_prefix_dir();
	if (e && *e)
		snprintf(out, len, "%s", e);
	else if (prefix)
		snprintf(out, len, "%s/bin/kiln-cc", prefix);
	else
		snprintf(out, len, "kiln-cc");
}

static int write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	int ok = fwrite(data, 1, len, f) == len;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* Appends printf-style text to RES's log (the log is advisory: out of memory only loses text). */
static void logf_append(kiln_build_result *res, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int add = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	size_t old = res->log ? strlen(res->log) : 0;
	char *n = add >= 0 ? realloc(res->log, old + (size_t)add + 1) : NULL;
	if (!n)
		return;
	va_start(ap, fmt);
	vsnprintf(n + old, (size_t)add + 1, fmt, ap);
	va_end(ap);
	res->log = n;
}

/* Appends S\0 to the growing buffer *ALL (length *N); -1 when out of memory. */
static int key_add(char **all, size_t *n, const char *s)
{
	size_t l = strlen(s) + 1;
	char *g = realloc(*all, *n + l);
	if (!g)
		return -1;
	memcpy(g + *n, s, l);
	*all = g;
	*n += l;
	return 0;
}

/* The cache key (see kiln_online_build); every part NUL-terminated, the inputs by their digests, so that no
 * two different requests concatenate to the same bytes. -1 when kiln-cc cannot be read. */
static int cache_key(const kiln_build_request *rq, const char *cc, char key[65])
{
	char hex[65];
	if (kiln_sha256_file(cc, hex) != 0)
		return -1;
	char *all = NULL;
	size_t n = 0;
	int bad = key_add(&all, &n, rq->kind) || key_add(&all, &n, rq->board) ||
	          key_add(&all, &n, rq->key_extra ? rq->key_extra : "");
	for (size_t i = 0; !bad && i < rq->ninputs; i++) {
		char in[65];
		kiln_sha256_hex(rq->inputs[i].data, rq->inputs[i].len, in);
		bad = key_add(&all, &n, rq->inputs[i].name) || key_add(&all, &n, in);
	}
	/* the options as kiln-cc gets them (-I folders made absolute): the same text in two folders is two
	 * builds */
	for (size_t i = 0; !bad && i < rq->noptions; i++)
		bad = key_add(&all, &n, rq->options[i]);
	bad = bad || key_add(&all, &n, KILN_VERSION) || key_add(&all, &n, hex);
	if (!bad)
		kiln_sha256_hex(all, n, key);
	free(all);
	return bad ? -1 : 0;
}

/* Whether every file in the dependency record DEPS ("<sha256> <path>" lines) still has its recorded
 * contents: an edited header makes a cached image stale. */
static int deps_fresh(const char *deps)
{
	char *text = NULL;
	size_t len = 0;
	if (kiln_read_file(deps, &text, &len) != 0)
		return 0;
	int fresh = 1;
	for (char *line = text, *next; fresh && line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char now[65];
		fresh = strlen(line) >= 66 && line[64] == ' ' && kiln_sha256_file(line + 65, now) == 0 &&
		        memcmp(now, line, 64) == 0;
	}
	free(text);
	return fresh;
}

static int is_input(const kiln_build_request *rq, const char *word)
{
	for (size_t i = 0; i < rq->ninputs; i++)
		if (strcmp(word, rq->inputs[i].name) == 0)
			return 1;
	return 0;
}

/* Turns kiln-cc's make-syntax dependency list DEPFILE (run in folder DIR) into a record for deps_fresh:
 * every dependency but the inputs themselves (the key has their bytes), by absolute path, with its SHA-256.
 * NULL when one of them cannot be named or read: a record that left it out would never see it change, so
 * the build is not cached. */
static char *deps_record(const kiln_build_request *rq, const char *depfile, const char *dir)
{
	char *text = NULL;
	size_t len = 0;
	if (kiln_read_file(depfile, &text, &len) != 0)
		return NULL;
	kiln_strbuf out = {0};
	char word[PATH_MAX];
	size_t w = 0;
	int bad = 0;
	for (size_t i = 0; !bad && i <= len; i++) {
		char ch = i < len ? text[i] : ' ';
		if (ch == '\\' && i + 1 < len && text[i + 1] == ' ') { /* an escaped blank inside a path */
			bad = w >= sizeof word - 1;
			if (!bad)
				word[w++] = ' ';
			i++;
			continue;
		}
		if (ch == '\\' && i + 1 < len && text[i + 1] == '\n') {
			i++;
			ch = ' ';
		}
		if (ch != ' ' && ch != '\n' && ch != '\t') {
			bad = w >= sizeof word - 1;
			if (!bad)
				word[w++] = ch;
			continue;
		}
		word[w] = '\0';
		int target = w && word[w - 1] == ':';
		if (w && !target && !is_input(rq, word)) {
			char path[3 * PATH_MAX], hex[65];
			int n = snprintf(path, sizeof path, "%s%s%s", word[0] == '/' ? "" : dir,
			                 word[0] == '/' ? "" : "/", word);
			bad = n <= 0 || (size_t)n >= sizeof path || kiln_sha256_file(path, hex) != 0;
			if (!bad)
				kiln_sb_printf(&out, "%s %s\n", hex, path);
		}
		w = 0;
	}
	free(text);
	if (bad) {
		kiln_sb_free(&out);
		return NULL;
	}
	return kiln_sb_finish(&out);
}

/* The cached image KEY of folder DIR when its entry is complete, fresh and a valid image; 0 or -1. */
static int from_cache(const char *dir, const char *key, kiln_build_result *res)
{
	char path[PATH_MAX + 80], err[256];
	snprintf(path, sizeof path, "%s/%s.deps", dir, key);
	if (!deps_fresh(path))
		return -1;
	snprintf(path, sizeof path, "%s/%s.kimg", dir, key);
	char *img = NULL;
	size_t len = 0;
	kiln_image *parsed = NULL;
	if (kiln_read_file(path, &img, &len) != 0 ||
	    kiln_image_parse(img, len, &parsed, err, sizeof err) != 0) {
		free(img);
		return -1;
	}
	kiln_image_free(parsed);
	char logp[PATH_MAX + 80], *log = NULL;
	size_t loglen = 0;
	snprintf(logp, sizeof logp, "%s/%s.log", dir, key);
	kiln_read_file(logp, &log, &loglen);
	if (log)
		logf_append(res, "%s", log);
	free(log);
	logf_append(res, "kiln: image taken from the cache: %s\n", path);
	res->image = img;
	res->len = len;
	res->cached = 1;
	return 0;
}

/* Into the cache, each file written beside and renamed; the dependency record last, since until it exists
 * the entry is not used. */
static void publish(const kiln_build_request *rq, const char *tmp, const char *dir, const char *key,
                    const kiln_build_result *res, const char *kimg_log)
{
	char part[PATH_MAX + 80], final[PATH_MAX + 80], depf[PATH_MAX + 64];
	/* an old record beside a new image would vouch for it: the entry is invalid until the end */
	snprintf(final, sizeof final, "%s/%s.deps", dir, key);
	unlink(final);
	snprintf(part, sizeof part, "%s/image.part", tmp);
	snprintf(final, sizeof final, "%s/%s.kimg", dir, key);
	if (write_file(part, res->image, res->len) != 0 || rename(part, final) != 0)
		return;
	snprintf(part, sizeof part, "%s/log.part", tmp);
	snprintf(final, sizeof final, "%s/%s.log", dir, key);
	if (write_file(part, kimg_log, strlen(kimg_log)) != 0 || rename(part, final) != 0)
		return;
	snprintf(depf, sizeof depf, "%s/build.dep", tmp);
	snprintf(part, sizeof part, "%s/deps.part", tmp);
	snprintf(final, sizeof final, "%s/%s.deps", dir, key);
	char *rec = deps_record(rq, depf, tmp);
	if (rec && write_file(part, rec, strlen(rec)) == 0)
		rename(part, final);
	free(rec);
}

/* Runs kiln-cc on RQ in the build folder TMP; on success RES holds the image. Returns the status. */
static int run_kiln_cc(const kiln_build_request *rq, const char *cc, const char *tmp, kiln_build_result *res)
{
	/* The argument vector is complete before the fork: the child of a threaded program may not
	 * allocate. */
	size_t argc = 6 + rq->noptions + rq->ninputs + 1;
	const char **argv = calloc(argc, sizeof *argv);
	char acc[PATH_MAX], logf[PATH_MAX + 64], out[PATH_MAX + 64];
	if (!argv) {
		logf_append(res, "kiln: out of memory\n");
		return KILN_BUILD_FAILED;
	}
	size_t a = 0;
	/* kiln-cc runs in the build folder: a relative KILN_CC is made absolute first. */
	argv[a++] = cc[0] != '/' && realpath(cc, acc) ? acc : cc;
	argv[a++] = "-q";
	argv[a++] = "-o";
	argv[a++] = "build.kimg";
	argv[a++] = "--depfile";
	argv[a++] = "build.dep";
	for (size_t i = 0; i < rq->noptions; i++)
		argv[a++] = rq->options[i];
	for (size_t i = 0; i < rq->ninputs; i++) {
		char path[PATH_MAX + 64];
		snprintf(path, sizeof path, "%s/%s", tmp, rq->inputs[i].name);
		if (write_file(path, rq->inputs[i].data, rq->inputs[i].len) != 0) {
			logf_append(res, "kiln: cannot write %s\n", path);
			free(argv);
			return KILN_BUILD_FAILED;
		}
		argv[a++] = rq->inputs[i].name;
	}
	argv[a] = NULL;
	snprintf(logf, sizeof logf, "%s/build.log", tmp);
	snprintf(out, sizeof out, "%s/build.kimg", tmp);
	pid_t pid = fork();
	if (pid == 0) {
		int fd = open(logf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		if (chdir(tmp) == 0)
			execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	int status = 0;
	pid_t w = -1;
	while (pid > 0 && (w = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		;
	if (pid > 0 && w != pid) /* not waited for (SIGCHLD ignored, say): no status to trust */
		status = -1;
	free(argv);
	char *log = NULL;
	size_t loglen = 0;
	kiln_read_file(logf, &log, &loglen);
	if (log)
		logf_append(res, "%s", log);
	free(log);
	int st = KILN_BUILD_FAILED;
	if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	    kiln_read_file(out, &res->image, &res->len) == 0) {
		st = KILN_BUILD_OK;
	} else if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		logf_append(res, "kiln: cannot run %s\n", cc);
		st = KILN_BUILD_NO_COMPILER;
	} else if (pid < 0) {
		logf_append(res, "kiln: cannot start %s: %s\n", cc, strerror(errno));
	}
	return st;
}

int kiln_online_build(const kiln_build_request *rq, kiln_build_result *res)
{
	memset(res, 0, sizeof *res);
	char cc[PATH_MAX], key[65], dir[PATH_MAX], tmp[PATH_MAX + 32];
	kiln_find_kiln_cc(cc, sizeof cc);
	int st = KILN_BUILD_FAILED;
	if (cache_key(rq, cc, key) != 0) {
		logf_append(res, "kiln: cannot read kiln-cc at %s (set KILN_CC)\n", cc);
		st = KILN_BUILD_NO_COMPILER;
	} else if (snprintf(dir, sizeof dir, "%s/%s", kiln_cache_dir(), rq->kind) >= (int)sizeof dir) {
		logf_append(res, "kiln: the cache directory's name is too long\n");
	} else if (from_cache(dir, key, res) == 0) {
		st = KILN_BUILD_OK;
	} else if (kiln_mkdirs(dir) != 0) {
		logf_append(res, "kiln: cannot create the cache directory %s\n", dir);
	} else if (snprintf(tmp, sizeof tmp, "%s/build-XXXXXX", dir), !mkdtemp(tmp)) {
		logf_append(res, "kiln: cannot create a build directory under %s\n", dir);
	} else {
		st = run_kiln_cc(rq, cc, tmp, res);
		if (st == KILN_BUILD_OK) {
			/* The cached log is kiln-cc's output only: the notes added on a later hit say where
			 * the image came from. */
			publish(rq, tmp, dir, key, res, res->log ? res->log : "");
		}
		kiln_remove_tree(tmp);
	}
	if (!res->log)
		res->log = calloc(1, 1);
	return st;
}

void kiln_build_result_free(kiln_build_result *res)
{
	free(res->image);
	free(res->log);
	memset(res, 0, sizeof *res);
}
