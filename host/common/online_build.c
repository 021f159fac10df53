// SPDX-License-Identifier: Apache-2.0
#include "online_build.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "board.h"
#include "fileio.h"
#include "image.h"
#include "paths.h"
#include "private_dir.h"
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

/* The folders of kiln-cc's data (share/kiln) that an image is built from besides its inputs: the kernel
 * library and headers, the RTL cells, the boards, the shells and the simulation model's sources. */
static const char *const toolchain_dirs[] = {"boards", "bsp", "include", "libc", "rtl"};

/* Adds every regular file below DIR (REL: its name in the key), by name and SHA-256, in name order, to the
 * growing key *ALL; links are followed (an installation may link its data in), folders nest at most 8 deep
 * (a link loop ends there). -1 when out of memory. */
static int key_add_tree(char **all, size_t *n, const char *dir, const char *rel, int depth)
{
	struct dirent **ents = NULL;
	int ne = depth > 8 ? -1 : scandir(dir, &ents, NULL, alphasort);
	if (ne < 0)
		return key_add(all, n, rel); /* missing: its name alone, so that it differs from present */
	int bad = 0;
	for (int i = 0; i < ne; i++) {
		const char *nm = ents[i]->d_name;
		char path[PATH_MAX], name[PATH_MAX];
		struct stat st;
		if (!bad && nm[0] != '.' &&
		    snprintf(path, sizeof path, "%s/%s", dir, nm) < (int)sizeof path &&
		    snprintf(name, sizeof name, "%s/%s", rel, nm) < (int)sizeof name &&
		    stat(path, &st) == 0) {
			char hex[65];
			if (S_ISDIR(st.st_mode))
				bad = key_add_tree(all, n, path, name, depth + 1);
			else if (S_ISREG(st.st_mode) && kiln_sha256_file(path, hex) == 0)
				bad = key_add(all, n, name) || key_add(all, n, hex);
		}
		free(ents[i]);
	}
	free(ents);
	return bad;
}

/* kiln-cc CC's data folder: <prefix>/share/kiln beside its <prefix>/bin, as kiln-cc finds it
 * (host/common/paths.h), or this library's when CC names no folder. */
static void cc_data_dir(const char *cc, char *out, size_t len)
{
	const char *slash = strrchr(cc, '/');
	size_t dl = slash ? (size_t)(slash - cc) : 0;
	if (dl >= 4 && !strncmp(cc + dl - 4, "/bin", 4) && dl - 4 + sizeof "/share/kiln" <= len)
		snprintf(out, len, "%.*s/share/kiln", (int)(dl - 4), cc);
	else
		snprintf(out, len, "%s", kiln_data_dir());
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
	/* The board's description by content: an edited board file (KILN_CONFIG_DIR) is another build. */
	char board[65] = "", err[256];
	kiln_board_config cfg = {0};
	if (kiln_board_load(rq->board, &cfg, err, sizeof err) == 0 && kiln_sha256_file(cfg.path, board) != 0)
		board[0] = '\0';
	kiln_board_free(&cfg);
	int bad = key_add(&all, &n, rq->kind) || key_add(&all, &n, rq->board) || key_add(&all, &n, board) ||
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
	/* kiln-cc's data by content: a kernel library, an RTL cell or a model source changed under the same
	 * kiln-cc (a rebuilt tree, a partial upgrade) is another build, not an image made from the old ones
	 */
	char data[PATH_MAX], sub[PATH_MAX + 16];
	cc_data_dir(cc, data, sizeof data);
	for (size_t i = 0; !bad && i < sizeof toolchain_dirs / sizeof *toolchain_dirs; i++) {
		snprintf(sub, sizeof sub, "%s/%s", data, toolchain_dirs[i]);
		bad = key_add_tree(&all, &n, sub, toolchain_dirs[i], 0);
	}
	if (!bad)
		kiln_sha256_hex(all, n, key);
	free(all);
	return bad ? -1 : 0;
}

/* Whether every file in the dependency record TEXT ("<sha256> <path>" lines, modified in place) still has its
 * recorded contents: an edited header makes a cached image stale. */
static int deps_fresh(char *text)
{
	int fresh = 1;
	for (char *line = text, *next; fresh && line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char now[65];
		fresh = strlen(line) >= 66 && line[64] == ' ' && kiln_sha256_file(line + 65, now) == 0 &&
		        memcmp(now, line, 64) == 0;
	}
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

/* Warns, in the build's log and on standard error, that the cache is not used and why (one line). */
static void warn_cache(kiln_build_result *res, const char *why)
{
	fprintf(stderr, "kiln: warning: not using the build cache: %s\n", why);
	logf_append(res, "kiln: warning: not using the build cache: %s\n", why);
}

/* The image of entry folder ENTRY (image.kimg, build.log, index: "image <sha256>" then the dependency
 * record) when the entry is private, complete, fresh and its image the one its index names: 0; -1 on a miss,
 * warned about when an entry is there but may not be used. */
static int from_cache(const char *entry, kiln_build_result *res)
{
	char path[2 * PATH_MAX], why[3 * PATH_MAX], hex[65];
	char *index = NULL, *img = NULL;
	size_t len = 0, ilen = 0;
	kiln_image *parsed = NULL;
	if (access(entry, F_OK) != 0 && errno == ENOENT)
		return -1;
	snprintf(path, sizeof path, "%s/index", entry);
	int ok = kiln_private_check(entry, KILN_PRIV_DIR, why, sizeof why) == 0 &&
	         kiln_private_read(path, &index, &ilen, why, sizeof why) == 0;
	snprintf(path, sizeof path, "%s/image.kimg", entry);
	ok = ok && kiln_private_read(path, &img, &len, why, sizeof why) == 0;
	if (ok) {
		kiln_sha256_hex(img, len, hex);
		ok = ilen >= 71 && !memcmp(index, "image ", 6) && !memcmp(index + 6, hex, 64) &&
		     index[70] == '\n';
		if (!ok)
			snprintf(why, sizeof why, "%s is not the image its index names", path);
	}
	if (!ok)
		warn_cache(res, why);
	ok = ok && deps_fresh(index + 71) && kiln_image_parse(img, len, &parsed, why, sizeof why) == 0;
	kiln_image_free(parsed);
	free(index);
	if (!ok) {
		free(img);
		return -1;
	}
	char *log = NULL;
	size_t loglen = 0;
	snprintf(path, sizeof path, "%s/build.log", entry);
	if (kiln_private_read(path, &log, &loglen, why, sizeof why) == 0)
		logf_append(res, "%s", log);
	free(log);
	snprintf(path, sizeof path, "%s/image.kimg", entry);
	logf_append(res, "kiln: image taken from the cache: %s\n", path);
	res->image = img;
	res->len = len;
	res->cached = 1;
	return 0;
}

/* Makes the build folder TMP (kiln-cc ran in TMP/work) the entry ENTRY: its files written, the work folder
 * removed, then the whole folder renamed into place, so that an entry is complete or absent. Not cached when
 * a dependency cannot be recorded. */
static void publish(const kiln_build_request *rq, const char *tmp, const char *entry,
                    const kiln_build_result *res, const char *kimg_log)
{
	char path[2 * PATH_MAX], work[PATH_MAX + 128], hex[65];
	snprintf(work, sizeof work, "%s/work", tmp);
	snprintf(path, sizeof path, "%s/build.dep", work);
	char *rec = deps_record(rq, path, work);
	kiln_strbuf index = {0};
	kiln_sha256_hex(res->image, res->len, hex);
	kiln_sb_printf(&index, "image %s\n%s", hex, rec ? rec : "");
	char *text = kiln_sb_finish(&index);
	int ok = rec && text;
	snprintf(path, sizeof path, "%s/image.kimg", tmp);
	ok = ok && kiln_write_private(path, res->image, res->len) == 0;
	snprintf(path, sizeof path, "%s/build.log", tmp);
	ok = ok && kiln_write_private(path, kimg_log, strlen(kimg_log)) == 0;
	snprintf(path, sizeof path, "%s/index", tmp);
	ok = ok && kiln_write_private(path, text, strlen(text)) == 0 && kiln_remove_tree(work) == 0;
	free(rec);
	free(text);
	/* The old entry (stale, or not this user's) goes first: rename does not replace a folder that has
	 * files. */
	if (ok && kiln_remove_tree(entry) == 0)
		rename(tmp, entry);
}

/* Runs kiln-cc on RQ in the build folder TMP; on success RES holds the image. Returns the status. */
static int run_kiln_cc(const kiln_build_request *rq, const char *cc, const char *tmp, kiln_build_result *res)
{
	/* The argument vector is complete before the fork: the child of a threaded program may not
	 * allocate. */
	size_t argc = 6 + rq->noptions + rq->ninputs + 1;
	const char **argv = calloc(argc, sizeof *argv);
	char acc[PATH_MAX], logf[2 * PATH_MAX], out[2 * PATH_MAX];
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
		char path[3 * PATH_MAX];
		snprintf(path, sizeof path, "%s/%s", tmp, rq->inputs[i].name);
		if (kiln_write_private(path, rq->inputs[i].data, rq->inputs[i].len) != 0) {
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
		int fd = open(logf, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
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

/* Takes the lock of entry KEY of cache folder DIR (DIR/.locks/KEY, flock): identical builds wait for the
 * first, then find its image. Lock files stay (removing one would let a waiter and a newcomer hold two). The
 * descriptor, or -1 (then the build runs unlocked). */
static int lock_entry(const char *dir, const char *key)
{
	char path[2 * PATH_MAX], why[3 * PATH_MAX];
	snprintf(path, sizeof path, "%s/.locks", dir);
	if (kiln_private_mkdir(path, 0, why, sizeof why) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/.locks/%s", dir, key);
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	struct stat st;
	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid())) {
		close(fd);
		return -1;
	}
	while (fd >= 0 && flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR) {
			close(fd);
			return -1;
		}
	}
	return fd;
}

/* Removes the build folders (KEY.tmp-*) that builds of KEY killed before their clean-up left in DIR; called
 * under KEY's lock, so no live build of this process tree owns one. */
static void sweep_killed(const char *dir, const char *key)
{
	char pre[80], path[2 * PATH_MAX];
	snprintf(pre, sizeof pre, "%s.tmp-", key);
	DIR *d = opendir(dir);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (strncmp(e->d_name, pre, strlen(pre)) != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		kiln_remove_tree(path);
	}
	if (d)
		closedir(d);
}

/* Builds RQ in the new folder TMP (kiln-cc in TMP/work); publishes the image as ENTRY unless ENTRY is NULL.
 */
static int build_in(const kiln_build_request *rq, const char *cc, const char *tmp, const char *entry,
                    kiln_build_result *res)
{
	char work[PATH_MAX + 128];
	snprintf(work, sizeof work, "%s/work", tmp);
	if (mkdir(work, 0700) != 0) {
		logf_append(res, "kiln: cannot create the build folder %s: %s\n", work, strerror(errno));
		return KILN_BUILD_FAILED;
	}
	int st = run_kiln_cc(rq, cc, work, res);
	/* The cached log is kiln-cc's output only: the notes added on a later hit say where the image came
	 * from. */
	if (st == KILN_BUILD_OK && entry)
		publish(rq, tmp, entry, res, res->log ? res->log : "");
	return st;
}

static int online_build(const kiln_build_request *rq, kiln_build_result *res);

/* A process that records waveforms (KILN_TRACE) builds its images with them (kiln-cc --trace, another
 * cache entry): the simulated board refuses to trace a model built without. */
int kiln_online_build(const kiln_build_request *rq, kiln_build_result *res)
{
	const char *trace = getenv("KILN_TRACE");
	if (!trace || !*trace)
		return online_build(rq, res);
	const char **opts = calloc(rq->noptions + 1, sizeof *opts);
	if (!opts) {
		memset(res, 0, sizeof *res);
		logf_append(res, "kiln: out of memory\n");
		return KILN_BUILD_FAILED;
	}
	for (size_t i = 0; i < rq->noptions; i++)
		opts[i] = rq->options[i];
	opts[rq->noptions] = "--trace";
	kiln_build_request traced = *rq;
	traced.options = opts;
	traced.noptions = rq->noptions + 1;
	int st = online_build(&traced, res);
	free(opts);
	return st;
}

static int online_build(const kiln_build_request *rq, kiln_build_result *res)
{
	memset(res, 0, sizeof *res);
	char cc[PATH_MAX], key[65], dir[PATH_MAX], entry[PATH_MAX + 80], tmp[PATH_MAX + 96];
	char why[3 * PATH_MAX];
	kiln_find_kiln_cc(cc, sizeof cc);
	int st = KILN_BUILD_FAILED;
	if (cache_key(rq, cc, key) != 0) {
		logf_append(res, "kiln: cannot read kiln-cc at %s (set KILN_CC)\n", cc);
		st = KILN_BUILD_NO_COMPILER;
	} else if (kiln_cache_subdir(rq->kind, dir, sizeof dir, why, sizeof why) != 0) {
		/* No cache: a private folder of this build's own, gone when it ends. */
		warn_cache(res, why);
		const char *t = getenv("TMPDIR");
		snprintf(tmp, sizeof tmp, "%s/kiln-build-XXXXXX", t && *t == '/' ? t : "/tmp");
		if (!mkdtemp(tmp)) {
			logf_append(res, "kiln: cannot create a build folder: %s\n", strerror(errno));
		} else {
			st = build_in(rq, cc, tmp, NULL, res);
			kiln_remove_tree(tmp);
		}
	} else {
		snprintf(entry, sizeof entry, "%s/%s", dir, key);
		int lock = lock_entry(dir, key);
		if (from_cache(entry, res) == 0) { /* cached, maybe by whoever held the lock before */
			st = KILN_BUILD_OK;
		} else {
			/* Each build has a folder of its own: a kiln-cc that outlived a killed caller may
			 * still write in its folder. What killed builds left is swept under the lock. */
			if (lock >= 0)
				sweep_killed(dir, key);
			snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", entry);
			if (!mkdtemp(tmp)) {
				logf_append(res, "kiln: cannot create a build folder %s: %s\n", tmp,
				            strerror(errno));
			} else {
				st = build_in(rq, cc, tmp, entry, res);
				kiln_remove_tree(tmp);
			}
		}
		if (lock >= 0)
			close(lock);
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
