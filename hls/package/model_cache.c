// SPDX-License-Identifier: Apache-2.0
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
#include "../driver/diag.h"
#include "package.h"

#define MAX_ARGS 300

static uint64_t hash_file(uint64_t h, const char *path)
{
	uint8_t *b = NULL;
	size_t n = 0;
	if (kiln_read_file(path, (char **)&b, &n) == 0) {
		h = kiln_fnv64(h, b, n);
		free(b);
	}
	return h;
}

/* Everything the model depends on goes into its key: the image RTL, the shell and the contract header it
 * includes, the C ABI wrapper, the build script, the hand-written RTL library and the parameters (the
 * board's, the image hash). */
static uint64_t model_key(const kiln_board_config *b, const char *const *rtl, int nrtl, uint64_t image_hash)
{
	static const char *const deps[] = {"bsp/sim/rtl/kiln_sim_board.v", "rtl/kiln_contract.vh",
	                                   "bsp/sim/model/sim_model.cpp",  "bsp/sim/model/trace_merge.cpp",
	                                   "bsp/sim/model/sim_model.h",    "bsp/sim/build-model"};
	uint64_t h = KILN_FNV64_INIT;
	for (int i = 0; i < nrtl; i++) {
		const char *base = strrchr(rtl[i], '/');
		base = base ? base + 1 : rtl[i];
		h = hash_file(h, rtl[i]);
		h = kiln_fnv64(h, base, strlen(base));
	}
	char p[4096];
	for (size_t i = 0; i < sizeof deps / sizeof deps[0]; i++) {
		snprintf(p, sizeof p, "%s/%s", kiln_data_dir(), deps[i]);
		h = hash_file(h, p);
	}
	char params[256];
	snprintf(params, sizeof params, "%llu/%u/%u/%016llx", (unsigned long long)b->devmem_bytes,
	         b->devmem_latency, b->board_id, (unsigned long long)image_hash);
	return kiln_fnv64(h, params, strlen(params));
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

int package_build_model(const kiln_board_config *b, const char *workdir, const char *const *rtl_files,
                        int nrtl, uint64_t image_hash, uint8_t **model, size_t *model_len)
{
	char dir[4096], path[4200], tmp[4300];
	uint64_t key = model_key(b, rtl_files, nrtl, image_hash);
	snprintf(dir, sizeof dir, "%s/models", kiln_cache_dir());
	snprintf(path, sizeof path, "%s/%016llx.so", dir, (unsigned long long)key);
	if (access(path, R_OK) == 0 && kiln_read_file(path, (char **)model, model_len) == 0) {
		diag_progress("simulation model: cached (%016llx)", (unsigned long long)key);
		return vouch(*model, *model_len);
	}
	if (kiln_mkdirs(dir) != 0) {
		diag_error(NULL, 0, 0, "cannot create cache directory %s: %s", dir, strerror(errno));
		return -1;
	}
	diag_progress("building the simulation model with Verilator (this takes a while the first time)");
	time_t t0 = time(NULL);
	snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
	char script[4096], mdir[4096], g1[64], g2[64], g3[64], g4[64], g5[64];
	snprintf(script, sizeof script, "%s/bsp/sim/build-model", kiln_data_dir());
	snprintf(mdir, sizeof mdir, "%s/model", workdir);
	snprintf(g1, sizeof g1, "DEVMEM_BYTES=%llu", (unsigned long long)b->devmem_bytes);
	snprintf(g2, sizeof g2, "MEM_LATENCY=%u", b->devmem_latency);
	snprintf(g3, sizeof g3, "BOARD_ID=%u", b->board_id);
	snprintf(g4, sizeof g4, "IMAGE_HASH_LO=32'h%08x", (unsigned)(uint32_t)image_hash);
	snprintf(g5, sizeof g5, "IMAGE_HASH_HI=32'h%08x", (unsigned)(uint32_t)(image_hash >> 32));
	pid_t pid = fork();
	if (pid == 0) {
		setenv("KILN_CACHE_DIR", kiln_cache_dir(), 1);
		if (!diag_verbose)
			setenv("KILN_QUIET", "1", 1);
		const char *av[MAX_ARGS];
		int n = 0;
		av[n++] = "sh";
		av[n++] = script;
		av[n++] = tmp;
		av[n++] = mdir;
		for (int i = 0; i < nrtl && n < MAX_ARGS - 12; i++)
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
		av[n] = NULL;
		execv("/bin/sh", (char *const *)av);
		_exit(127);
	}
	int st = 0;
	while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		diag_error(NULL, 0, 0, "simulation model build failed (see the messages above)");
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, path) != 0 || kiln_read_file(path, (char **)model, model_len) != 0) {
		diag_error(NULL, 0, 0, "cannot store the model in %s: %s", path, strerror(errno));
		return -1;
	}
	diag_progress("simulation model built in %ld s", (long)(time(NULL) - t0));
	return vouch(*model, *model_len);
}
