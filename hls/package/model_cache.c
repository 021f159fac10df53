// SPDX-License-Identifier: Apache-2.0
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../host/common/fileio.h"
#include "../../host/common/image.h"
#include "../../host/common/model_trust.h"
#include "../../host/common/paths.h"
#include "../../host/common/private_dir.h"
#include "../../host/common/sha256.h"
#include "../../host/common/strbuf.h"
#include "../support/child.h"
#include "../support/diag.h"
#include "package.h"

#define MAX_ARGS 300

/* Adds "NAME SHA-256(PATH)" to KEY's text (a file that cannot be read adds its name only). */
static void digest_file(kiln_strbuf *key, const char *name, const char *path)
{
	char hex[65] = "-";
	kiln_sha256_file(path, hex);
	kiln_sb_printf(key, "%s %s\n", name, hex);
}

/* Everything the model depends on goes into its key: the image RTL, the shell and the contract header it
 * includes, the C ABI wrapper, the build script, the hand-written RTL library and the parameters (the
 * board's, the image hash) and whether it traces. The key is SHA-256 over the files' SHA-256 digests: the
 * kernel's author writes part of the RTL (names in comments), so a weaker hash could be made to match another
 * design's and hand over its model. 0, or -1 when out of memory. */
static int model_key(const kiln_board_config *b, const char *const *rtl, int nrtl, uint64_t image_hash,
                     int trace, char key[65])
{
	static const char *const deps[] = {
	    "bsp/sim/rtl/kiln_sim_board.v", "bsp/common/rtl/kiln_shell.v",   "rtl/kiln_contract.vh",
	    "bsp/sim/model/sim_model.cpp",  "bsp/sim/model/trace_merge.cpp", "bsp/sim/model/sim_model.h",
	    "bsp/sim/build-model"};
	kiln_strbuf text = {0};
	for (int i = 0; i < nrtl; i++) {
		const char *base = strrchr(rtl[i], '/');
		digest_file(&text, base ? base + 1 : rtl[i], rtl[i]);
	}
	char p[4096];
	for (size_t i = 0; i < sizeof deps / sizeof deps[0]; i++) {
		snprintf(p, sizeof p, "%s/%s", kiln_data_dir(), deps[i]);
		digest_file(&text, deps[i], p);
	}
	kiln_sb_printf(&text, "%llu/%u/%u/%016llx%s\n", (unsigned long long)b->devmem_bytes,
	               b->devmem_latency, b->board_id, (unsigned long long)image_hash, trace ? "/trace" : "");
	if (b->devmem_stall_set) /* a board file without the field keeps the key (and the models) it had */
		kiln_sb_printf(&text, "stall %u\n", b->devmem_stall_period);
	if (!text.s || text.oom) {
		kiln_sb_free(&text);
		return -1;
	}
	kiln_sha256_hex(text.s, text.len, key);
	kiln_sb_free(&text);
	return 0;
}

/* The model goes into an image this machine made: the sim board may run it (host/common/model_trust.h). */
static int vouch(const uint8_t *model, size_t len)
{
	char err[512];
	if (kiln_model_trust(model, len, err, sizeof err) == 0)
		return 0;
	diag_error(NULL, 0, 0, "cannot record the simulation model as trusted: %s", err);
	return -1;
}

/* The cached model PATH into *MODEL when it is private and has the digest recorded in PATH.sha256 when it was
 * built: 1; 0 on a miss (warned about when something is there but may not be used). */
static int cached_model(const char *path, uint8_t **model, size_t *len)
{
	char rec[4300], why[8800], got[65];
	char *want = NULL;
	size_t wlen = 0;
	*model = NULL;
	snprintf(rec, sizeof rec, "%s.sha256", path);
	if (access(path, F_OK) != 0 && errno == ENOENT)
		return 0;
	if (kiln_private_read(path, (char **)model, len, why, sizeof why) == 0 &&
	    kiln_private_read(rec, &want, &wlen, why, sizeof why) == 0) {
		kiln_sha256_hex(*model, *len, got);
		if (wlen >= 64 && memcmp(want, got, 64) == 0) {
			free(want);
			return 1;
		}
		snprintf(why, sizeof why, "%s does not match the digest recorded when it was built", path);
	}
	free(want);
	free(*model);
	*model = NULL;
	diag_warning("not using the cached simulation model: %s; building it again", why);
	return 0;
}

/* Records the digest of the model about to be stored at PATH (see cached_model); 0, or -1 with errno set. */
static int record_model(const char *path, const uint8_t *model, size_t len)
{
	char rec[4300], tmp[4400], hex[65];
	snprintf(rec, sizeof rec, "%s.sha256", path);
	snprintf(tmp, sizeof tmp, "%s.%d.tmp", rec, (int)getpid());
	kiln_sha256_hex(model, len, hex);
	hex[64] = '\n';
	if (kiln_write_private(tmp, hex, sizeof hex) == 0 && rename(tmp, rec) == 0)
		return 0;
	unlink(tmp);
	return -1;
}

/* Whether the Verilator runtime objects that build-model caches in folder CACHE (vlrt-*) may be used: every
 * such folder and file private. One that is not is removed (build-model then compiles the runtime again);
 * -1 when that fails, and the caller gives build-model a folder of its own. Their contents are checked
 * against their digests by build-model itself. */
static int runtime_objects_private(const char *cache)
{
	DIR *d = opendir(cache);
	if (!d)
		return 0;
	int rc = 0;
	for (struct dirent *e; (e = readdir(d));) {
		char p[4400], why[8800];
		/* vlrt-KEY only: build-model links nothing else (vlrt-KEY.tmp.* are builds in progress) */
		if (strncmp(e->d_name, "vlrt-", 5) != 0 || strchr(e->d_name, '.'))
			continue;
		snprintf(p, sizeof p, "%s/%s", cache, e->d_name);
		int bad = kiln_private_check(p, KILN_PRIV_DIR, why, sizeof why);
		DIR *o = bad ? NULL : opendir(p);
		for (struct dirent *f; o && !bad && (f = readdir(o));) {
			char q[4700];
			snprintf(q, sizeof q, "%s/%s", p, f->d_name);
			struct stat st;
			bad = strcmp(f->d_name, ".") && strcmp(f->d_name, "..") &&
			      kiln_private_check(q, 0, why, sizeof why) &&
			      !(lstat(q, &st) != 0 && errno == ENOENT); /* gone meanwhile: nothing to use */
		}
		if (o)
			closedir(o);
		if (!bad)
			continue;
		diag_warning("not using the cached Verilator runtime: %s", why);
		if (kiln_remove_tree(p) != 0)
			rc = -1;
	}
	closedir(d);
	return rc;
}

int package_build_model(const kiln_board_config *b, const char *workdir, const char *const *rtl_files,
                        int nrtl, uint64_t image_hash, int trace, uint8_t **model, size_t *model_len)
{
	char dir[4096], path[4200], tmp[4300], cache[4096], why[4400];
	char key[65];
	if (model_key(b, rtl_files, nrtl, image_hash, trace, key) != 0) {
		diag_error(NULL, 0, 0, "out of memory");
		return -1;
	}
	int cached = kiln_cache_subdir("models", dir, sizeof dir, why, sizeof why) == 0 &&
	             kiln_cache_subdir(NULL, cache, sizeof cache, why, sizeof why) == 0;
	if (cached) {
		snprintf(path, sizeof path, "%s/%s.so", dir, key);
		if (cached_model(path, model, model_len)) {
			diag_progress("simulation model: cached (%.16s)", key);
			return vouch(*model, *model_len);
		}
	} else {
		diag_warning("not using the model cache: %s", why);
	}
	int own_rt = !cached || runtime_objects_private(cache) != 0;
	if (own_rt) {
		/* Without a usable cache everything is built in the work folder, which kiln-cc owns. */
		snprintf(cache, sizeof cache, "%s/runtime-cache", workdir);
		if (kiln_private_mkdir(cache, 0, why, sizeof why) != 0) {
			diag_error(NULL, 0, 0, "%s", why);
			return -1;
		}
	}
	if (!cached)
		snprintf(path, sizeof path, "%s/model.so", workdir);
	diag_progress("building the simulation model with Verilator (this takes a while the first time)");
	time_t t0 = time(NULL);
	snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
	char script[4096], mdir[4096], g1[64], g2[64], g3[64], g4[64], g5[64], g6[64];
	snprintf(script, sizeof script, "%s/bsp/sim/build-model", kiln_data_dir());
	snprintf(mdir, sizeof mdir, "%s/model", workdir);
	snprintf(g1, sizeof g1, "DEVMEM_BYTES=%llu", (unsigned long long)b->devmem_bytes);
	snprintf(g2, sizeof g2, "MEM_LATENCY=%u", b->devmem_latency);
	snprintf(g3, sizeof g3, "BOARD_ID=%u", b->board_id);
	snprintf(g4, sizeof g4, "IMAGE_HASH_LO=32'h%08x", (unsigned)(uint32_t)image_hash);
	snprintf(g5, sizeof g5, "IMAGE_HASH_HI=32'h%08x", (unsigned)(uint32_t)(image_hash >> 32));
	snprintf(g6, sizeof g6, "BP_PERIOD=%u", b->devmem_stall_period);
	pid_t pid = child_fork();
	if (pid == 0) {
		setenv("KILN_CACHE_DIR", cache, 1);
		if (!diag_verbose)
			setenv("KILN_QUIET", "1", 1);
		const char *av[MAX_ARGS];
		int n = 0;
		av[n++] = "sh";
		av[n++] = script;
		if (trace)
			av[n++] = "--trace";
		av[n++] = tmp;
		av[n++] = mdir;
		for (int i = 0; i < nrtl && n < MAX_ARGS - 14; i++)
			av[n++] = rtl_files[i];
		av[n++] = "-G";
		av[n++] = g1;
		av[n++] = "-G";
		av[n++] = g2;
		av[n++] = "-G";
		av[n++] = g3;
		av[n++] = "-G";
		av[n++] = g4;
		av[n++] = "-G";
		av[n++] = g5;
		if (b->devmem_stall_set) {
			av[n++] = "-G";
			av[n++] = g6;
		}
		av[n] = NULL;
		execv("/bin/sh", (char *const *)av);
		_exit(127);
	}
	int st = 0;
	if (pid > 0 && child_wait(pid, &st) != 0)
		st = -1;
	if (own_rt) /* not part of what kiln-cc writes */
		kiln_remove_tree(cache);
	if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		diag_error(NULL, 0, 0, "simulation model build failed (see the messages above)");
		unlink(tmp);
		return -1;
	}
	if (kiln_read_file(tmp, (char **)model, model_len) != 0 ||
	    (cached && record_model(path, *model, *model_len) != 0) || rename(tmp, path) != 0) {
		diag_error(NULL, 0, 0, "cannot store the model in %s: %s", path, strerror(errno));
		unlink(tmp);
		free(*model);
		*model = NULL;
		return -1;
	}
	if (!cached)
		unlink(path);
	diag_progress("simulation model built in %ld s", (long)(time(NULL) - t0));
	return vouch(*model, *model_len);
}
