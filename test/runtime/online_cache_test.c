// SPDX-License-Identifier: Apache-2.0
/* The online-build cache (host/common/online_build.c) as issue 26 asked: its key holds the board file's
 * contents, it serves only an image its index names, it uses no folder or entry that is another user's or
 * that others may write, identical builds at once run kiln-cc once, a killed build leaves no folder, and
 * without HOME the cache is a per-user folder this process made, never a shared /tmp one. kiln-cc is a
 * wrapper that logs each run and hands out a prebuilt image after a pause (what is tested is the cache, not
 * the compiler). Ownership checks need a second user: as root the test makes one (kilnaudit), else those
 * checks are skipped. Usage: online_cache_test IMAGE OTHER_IMAGE (two different valid images). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "host/common/board.h"
#include "host/common/online_build.h"
#include "host/common/paths.h"
#include "test/harness.h"

static char tmp[] = "/tmp/kiln-online-cache-XXXXXX";
static char runs_log[256], cache[256], kind_dir[512], boards[256];
static const char *image_path;
static uid_t other = (uid_t)-1; /* the second local user, when there is one */

static int runs(void)
{
	size_t len = 0;
	char *t = kt_read_file(runs_log, &len);
	int n = 0;
	for (size_t i = 0; t && i < len; i++)
		n += t[i] == '\n';
	free(t);
	return n;
}

static int sh(const char *fmt, const char *a, const char *b)
{
	char cmd[3 * PATH_MAX];
	snprintf(cmd, sizeof cmd, fmt, a, b);
	return system(cmd);
}

/* One online build of SOURCE for the sim board; the status, RES filled. */
static int build(const char *source, kiln_build_result *res)
{
	kiln_build_input in = {"program.c", source, strlen(source)};
	kiln_build_request rq = {.kind = "test", .board = "sim", .inputs = &in, .ninputs = 1};
	return kiln_online_build(&rq, res);
}

/* The one entry folder of the cache (an entry is a folder named by its 64-digit key); 0 when found. */
static int entry_of(char *out, size_t len)
{
	DIR *d = opendir(kind_dir);
	int found = -1;
	for (struct dirent *e; d && (e = readdir(d));)
		if (strlen(e->d_name) == 64 && found != 0)
			found = snprintf(out, len, "%s/%s", kind_dir, e->d_name) > 0 ? 0 : -1;
	if (d)
		closedir(d);
	return found;
}

/* Whether the cache's folder holds anything but entries and the hidden lock folder: a build folder left
 * behind. */
static int leftovers(void)
{
	DIR *d = opendir(kind_dir);
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		n += e->d_name[0] != '.' && strlen(e->d_name) != 64;
	if (d)
		closedir(d);
	return n;
}

/* Builds SOURCE and checks: OK, cached as WANT_CACHED, kiln-cc ran RAN more times, the log has WARN. */
static void expect_build(const char *source, int want_cached, int ran, const char *warn, const char *name)
{
	kiln_build_result res;
	int n0 = runs();
	int st = build(source, &res);
	int n1 = runs();
	KT_CHECK(st == KILN_BUILD_OK && res.cached == want_cached && n1 - n0 == ran &&
	             (!warn || strstr(res.log, warn)),
	         name, "status %d, cached %d, kiln-cc ran %d times; log: %s", st, res.cached, n1 - n0,
	         res.log);
	kiln_build_result_free(&res);
}

static void *racer(void *arg)
{
	kiln_build_result res;
	*(int *)arg = build("int raced;\n", &res) == KILN_BUILD_OK;
	kiln_build_result_free(&res);
	return NULL;
}

/* With the cache's variables unset and TMPDIR=DIR, in a new process (the cache folder is worked out once per
 * process): whether kiln_cache_dir() is WANT (NULL: no cache) and a build still succeeds. */
static int child_cache(const char *dir, const char *want)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		unsetenv("KILN_CACHE");
		unsetenv("KILN_CACHE_DIR");
		unsetenv("XDG_CACHE_HOME");
		unsetenv("HOME");
		setenv("TMPDIR", dir, 1);
		execl("/proc/self/exe", "online_cache_test", "--probe", want ? want : "", (char *)NULL);
		_exit(127);
	}
	int st = 0;
	return pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/* The new process of child_cache: 0 when the cache folder is WANT ("": none) and a build succeeds. */
static int probe(const char *want)
{
	const char *c = kiln_cache_dir();
	kiln_build_result res;
	memset(&res, 0, sizeof res);
	int ok = (*want ? c && !strcmp(c, want) : !c) && build("int homeless;\n", &res) == KILN_BUILD_OK;
	if (!ok)
		printf("# cache folder %s, want %s\n", c ? c : "(none)", *want ? want : "(none)");
	kiln_build_result_free(&res);
	return ok ? 0 : 1;
}

static void second_user(void)
{
	if (geteuid() != 0)
		return;
	struct passwd *pw = getpwnam("kilnaudit");
	if (!pw && system("useradd -M -r kilnaudit >/dev/null 2>&1") == 0)
		pw = getpwnam("kilnaudit");
	if (pw)
		other = pw->pw_uid;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--probe"))
		return probe(argv[2]);
	if (argc < 3) {
		fprintf(stderr, "usage: online_cache_test IMAGE OTHER_IMAGE\n");
		return 2;
	}
	image_path = argv[1];
	if (!mkdtemp(tmp))
		return 2;
	second_user();
	char wrapper[PATH_MAX], text[3 * PATH_MAX], entry[2 * PATH_MAX], img[3 * PATH_MAX];
	snprintf(runs_log, sizeof runs_log, "%s/runs.log", tmp);
	/* kiln-cc in a prefix of the test's own, so that its data folder (share/kiln beside bin/) is too */
	char data[PATH_MAX];
	snprintf(data, sizeof data, "%s/share/kiln/rtl", tmp);
	sh("mkdir -p '%s' '%s/bin'", data, tmp);
	sh("echo 'module cell; endmodule' >'%s/cell.v'%s", data, "");
	snprintf(wrapper, sizeof wrapper, "%s/bin/kiln-cc", tmp);
	/* kiln-cc's contract as the online build uses it: -o build.kimg --depfile build.dep, run in the build
	 * folder. */
	snprintf(text, sizeof text,
	         "#!/bin/sh\necho run >>'%s'\nsleep 1\ncp '%s' build.kimg && echo 'build.kimg: program.c' "
	         ">build.dep\n",
	         runs_log, image_path);
	kt_write_file(wrapper, text);
	chmod(wrapper, 0755);
	setenv("KILN_CC", wrapper, 1);
	snprintf(cache, sizeof cache, "%s/cache", tmp);
	snprintf(kind_dir, sizeof kind_dir, "%s/test", cache);
	setenv("KILN_CACHE", cache, 1);
	snprintf(boards, sizeof boards, "%s/boards", tmp);
	mkdir(boards, 0755);
	KT_CHECK(sh("cp '%s/sim.json' '%s/'", kiln_board_dir(), boards) == 0,
	         "a board folder of the test's own", "cannot copy %s/sim.json", kiln_board_dir());
	setenv("KILN_CONFIG_DIR", boards, 1);

	expect_build("int a;\n", 0, 1, NULL, "a first build runs kiln-cc");
	struct stat st;
	KT_CHECK(stat(kind_dir, &st) == 0 && (st.st_mode & 0777) == 0700 && stat(cache, &st) == 0 &&
	             (st.st_mode & 0777) == 0700,
	         "the cache and its folder are created 0700", "mode %o", (unsigned)st.st_mode & 0777);
	expect_build("int a;\n", 1, 0, "taken from the cache",
	             "the same build again is served from the cache");

	/* Under a umask of 002 (many desktops) the entry is still written private, so it is still served. */
	mode_t um = umask(002);
	expect_build("int umask;\n", 0, 1, NULL, "a build under umask 002 runs kiln-cc");
	expect_build("int umask;\n", 1, 0, "taken from the cache",
	             "under umask 002 the same build again is served from the cache");
	umask(um);

	/* A board edited under KILN_CONFIG_DIR (another clock) is another build. */
	char board[PATH_MAX + 16];
	snprintf(board, sizeof board, "%s/sim.json", boards);
	sh("sed -i 's/\"clock_period_ns\": *[0-9.]*/\"clock_period_ns\": 12.5/' '%s'%s", board, "");
	expect_build("int a;\n", 0, 1, NULL, "editing the board file changes the key: kiln-cc runs again");
	expect_build("int a;\n", 1, 0, NULL, "the edited board's image is then cached");

	/* kiln-cc's data by content: an RTL cell (or kernel library, or model source) changed under the same
	 * kiln-cc, as in a rebuilt tree, is another build, not the image made from the old one */
	sh("echo 'module cell2; endmodule' >'%s/cell.v'%s", data, "");
	expect_build("int a;\n", 0, 1, NULL, "a changed file of kiln-cc's data: kiln-cc runs again");
	expect_build("int a;\n", 1, 0, NULL, "the image of the changed data is then cached");
	/* a data file an installation links in counts by the linked file's content */
	char linked[PATH_MAX + 16];
	snprintf(linked, sizeof linked, "%s/linked.v", tmp);
	sh("echo 'module l1; endmodule' >'%s'%s", linked, "");
	sh("ln -sf '%s' '%s/l.v'", linked, data);
	expect_build("int a;\n", 0, 1, NULL, "a file linked into kiln-cc's data: kiln-cc runs again");
	sh("echo 'module l2; endmodule' >'%s'%s", linked, "");
	expect_build("int a;\n", 0, 1, NULL, "the linked file's content changed: kiln-cc runs again");

	/* A valid image that is not the one the index names is not served. */
	sh("rm -rf '%s'/*%s", kind_dir, "");
	expect_build("int a;\n", 0, 1, NULL, "a fresh entry");
	if (KT_CHECK(entry_of(entry, sizeof entry) == 0, "the cache holds the entry as a folder",
	             "none in %s", kind_dir)) {
		snprintf(img, sizeof img, "%s/image.kimg", entry);
		sh("cp '%s' '%s'", argv[2], img);
		expect_build("int a;\n", 0, 1, "not the image its index names",
		             "an entry whose image was replaced by another valid image is not served");
		kiln_build_result res;
		size_t want_len = 0;
		char *want = kt_read_file(image_path, &want_len);
		int got = build("int a;\n", &res) == KILN_BUILD_OK && res.cached && want &&
		          res.len == want_len && !memcmp(res.image, want, want_len);
		KT_CHECK(got, "the rebuilt entry serves the image kiln-cc made", "cached %d, %zu bytes",
		         res.cached, res.len);
		free(want);
		kiln_build_result_free(&res);
	}

	/* Folders others may write are not used; the build still succeeds, without the cache. */
	chmod(kind_dir, 0770);
	expect_build("int a;\n", 0, 1, "writable by its group or others",
	             "a group-writable cache folder is not used (warning, kiln-cc runs)");
	chmod(kind_dir, 0700);
	chmod(cache, 0707);
	expect_build("int a;\n", 0, 1, "writable by its group or others",
	             "an other-writable cache root is not used (warning, kiln-cc runs)");
	chmod(cache, 0700);
	expect_build("int a;\n", 1, 0, NULL, "once private again, the entry is used");

	if (other == (uid_t)-1) {
		printf("ok # skip entries of another user: not root, or no second user\n");
	} else {
		char own[32];
		snprintf(own, sizeof own, "%u", (unsigned)other);
		sh("chown -R %s '%s'", own, entry);
		expect_build("int a;\n", 0, 1, "not by you",
		             "an entry owned by another user is not used (warning)");
		KT_CHECK(stat(entry, &st) == 0 && st.st_uid == geteuid(),
		         "the entry is rebuilt as this user's", "owner %u", (unsigned)st.st_uid);
		sh("chown %s '%s'", own, kind_dir);
		expect_build("int a;\n", 0, 1, "not by you",
		             "a cache folder owned by another user is not used");
		KT_CHECK(chown(kind_dir, geteuid(), getegid()) == 0, "the folder is this user's again",
		         "chown");
	}

	/* Identical builds at once: one runs kiln-cc, the others wait for its image. */
	pthread_t t[4];
	int ok[4] = {0};
	int n0 = runs();
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, racer, &ok[i]);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	KT_CHECK(ok[0] && ok[1] && ok[2] && ok[3] && runs() - n0 == 1,
	         "4 identical builds at once all succeed and run kiln-cc once", "ran %d times", runs() - n0);

	/* A build killed mid-way leaves a folder that the next build of its key clears. */
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		kiln_build_result res;
		build("int killed;\n", &res);
		_exit(0);
	}
	setpgid(pid, pid);
	usleep(500 * 1000);
	kill(-pid, SIGKILL);
	waitpid(pid, NULL, 0);
	expect_build("int killed;\n", 0, 1, NULL, "after a killed build the same build runs");
	KT_CHECK(leftovers() == 0, "no build folder is left in the cache", "%d left in %s", leftovers(),
	         kind_dir);

	/* Without HOME: never /tmp/.cache/kiln; a per-user folder made 0700, or none if that name is taken.
	 */
	char tdir[PATH_MAX], want[2 * PATH_MAX];
	snprintf(tdir, sizeof tdir, "%s/t1", tmp);
	mkdir(tdir, 0755);
	snprintf(want, sizeof want, "%s/kiln-cache-%u", tdir, (unsigned)geteuid());
	KT_CHECK(child_cache(tdir, want) && stat(want, &st) == 0 && (st.st_mode & 0777) == 0700,
	         "without HOME the cache is a per-user folder made 0700 (not /tmp/.cache/kiln)", "see above");
	snprintf(tdir, sizeof tdir, "%s/t2", tmp);
	mkdir(tdir, 0755);
	snprintf(want, sizeof want, "%s/kiln-cache-%u", tdir, (unsigned)geteuid());
	mkdir(want, 0755);
	KT_CHECK(child_cache(tdir, NULL),
	         "a per-user folder open to others is not used; the build runs uncached", "see above");
	if (other != (uid_t)-1) {
		chmod(want, 0700);
		KT_CHECK(chown(want, other, (gid_t)-1) == 0 && child_cache(tdir, NULL),
		         "a per-user folder another user made first is not used; the build runs uncached",
		         "see above");
	}

	sh("rm -rf '%s'%s", tmp, "");
	return KT_DONE();
}
