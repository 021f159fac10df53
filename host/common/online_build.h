// SPDX-License-Identifier: Apache-2.0
/* Online builds: kiln-cc run by a runtime on inputs it holds in memory, the image cached under the cache
 * folder by a SHA-256 content key, so that the same inputs for the same board are built once. The OpenCL
 * layer (clBuildProgram on Kiln C source) and libkiln (kiln_program_create_linked) both build this way; the
 * code lives here, in the library both link, because libkiln exports nothing but kiln.h's API. */
#ifndef KILN_ONLINE_BUILD_H
#define KILN_ONLINE_BUILD_H
#include <stddef.h>

/* One input file. kiln-cc runs in a private build folder on the file NAME (a plain file name), so that its
 * diagnostics name the input as its user knows it rather than a temporary path. */
typedef struct kiln_build_input {
	const char *name;
	const void *data;
	size_t len;
} kiln_build_input;

typedef struct kiln_build_request {
	const char *kind;      /* the cache subfolder: one per kind of build ("opencl", "linked") */
	const char *board;     /* the board the image is for */
	const char *key_extra; /* further text the image depends on (the build options as given), or NULL */
	const kiln_build_input *inputs;
	size_t ninputs;
	const char *const *options; /* kiln-cc options, before the inputs; relative paths resolve in the
	                               build folder, so give absolute ones */
	size_t noptions;
} kiln_build_request;

enum kiln_build_status {
	KILN_BUILD_OK = 0,           /* built now, or taken from the cache */
	KILN_BUILD_NO_COMPILER = -1, /* kiln-cc cannot be read or run */
	KILN_BUILD_FAILED = -2,      /* kiln-cc failed, or the cache folder is unusable */
};

typedef struct kiln_build_result {
	char *image; /* the image (malloc'd) when the status is KILN_BUILD_OK */
	size_t len;
	char *log;  /* malloc'd, never NULL: kiln-cc's output and the runtime's notes on the build */
	int cached; /* 1 when the image came from the cache */
} kiln_build_result;

/* kiln-cc: $KILN_CC, else PREFIX/bin/kiln-cc of the installation (or build tree) the caller belongs to. */
void kiln_find_kiln_cc(char *out, size_t len);

/* Builds RQ's inputs into an image with kiln-cc, or takes it from the private cache (private_dir.h; without
 * one, builds in a temporary folder). The key is SHA-256 over the kind, board name and board file contents,
 * key_extra, each input's name and bytes, the options, the release, kiln-cc's own bytes and the data it
 * builds images from (its share/kiln: kernel library and headers, RTL cells, boards, shells and the model's
 * sources, each file by name and bytes); an entry is also
 * stale when a file kiln-cc read besides the inputs (an included header) changed, and unused (with a warning)
 * when it is not private or its image is not the one its index records. Identical builds at once wait on a
 * lock per key and build once; an entry is built in a folder beside it and renamed into place whole, so a
 * failed or killed build leaves nothing that is used (the next build of that key clears it). */
int kiln_online_build(const kiln_build_request *rq, kiln_build_result *res);
/* Frees what kiln_online_build put into RES. */
void kiln_build_result_free(kiln_build_result *res);

#endif
