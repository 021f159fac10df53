// SPDX-License-Identifier: Apache-2.0
/* Where Kiln finds its own files at run time. Nothing is compiled in: every tool and library locates the
 * installation it belongs to from its own file (PREFIX/bin/kiln-cc, PREFIX/lib/libkiln.so.N), so an installed
 * Kiln keeps working after the source tree is gone, and the build tree (laid out as a staged installation)
 * works the same way. */
#ifndef KILN_PATHS_H
#define KILN_PATHS_H
#include <stddef.h>

/* Each answer is worked out once per process, from the environment at the first call. */

/* The installation prefix of the calling binary (the folder holding its bin/ or lib/), or NULL if unknown. */
const char *kiln_prefix_dir(void);
/* Kiln's data folder: $KILN_DATA_DIR, else PREFIX/share/kiln (board configs, RTL cells, kernel headers, the
 * sim board's build files, the smoke image). Never NULL; "." when nothing is found. */
const char *kiln_data_dir(void);
/* Writes kiln_data_dir()/REL into OUT; 0, or -1 when it does not fit. */
int kiln_data_path(char *out, size_t len, const char *rel);
/* A file or folder of the installation that the user may point elsewhere: $ENV when set, else
 * kiln_data_dir()/REL. The string lives as long as the process. */
const char *kiln_data_file(const char *env, const char *rel);
/* The cache folder: $KILN_CACHE (or $KILN_CACHE_DIR), else $XDG_CACHE_HOME/kiln, else $HOME/.cache/kiln (not
 * created here; private_dir.h checks it), else ${TMPDIR:-/tmp}/kiln-cache-UID made here 0700 (or already
 * ours and 0700); NULL when none is usable, and then nothing is cached. */
const char *kiln_cache_dir(void);

#endif
