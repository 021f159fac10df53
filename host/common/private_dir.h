// SPDX-License-Identifier: Apache-2.0
/* The private cache: what Kiln caches is code it runs (simulation models, Verilator runtime objects, built
 * images), so like ~/.ssh it is used only while no one else can write it. Every check of "may this folder or
 * file of the cache be used" is kiln_private_check; the compiler and the runtimes all go through it. */
#ifndef KILN_PRIVATE_DIR_H
#define KILN_PRIVATE_DIR_H
#include <stddef.h>

enum {
	KILN_PRIV_DIR = 1,     /* must be a folder (else a plain file) */
	KILN_PRIV_ROOT_OK = 2, /* root may own it too (an installation's files) */
	KILN_PRIV_0700 = 4,    /* no one else may even read it (a folder made in a shared place) */
};

/* Whether PATH (never followed if a symbolic link) is a folder or plain file per FLAGS, owned by this user
 * and writable by no one else; 0, or -1 with a one-line reason naming PATH in WHY. */
int kiln_private_check(const char *path, unsigned flags, char *why, size_t whylen);
/* Reads the plain file PATH whole (as kiln_read_file) if kiln_private_check would pass it, judged on the file
 * opened without following links; 0, or -1 with the reason in WHY. */
int kiln_private_read(const char *path, char **out, size_t *len, char *why, size_t whylen);
/* Creates the folder PATH with mode 0700 unless it exists, then checks it as kiln_private_check(FLAGS |
 * KILN_PRIV_DIR); 0, or -1 with the reason in WHY. */
int kiln_private_mkdir(const char *path, unsigned flags, char *why, size_t whylen);
/* The private cache folder kiln_cache_dir()/SUB (SUB NULL: the cache itself) in OUT, each level created 0700
 * and checked; 0, or -1 with why the cache cannot be used (the caller then builds without it). */
int kiln_cache_subdir(const char *sub, char *out, size_t len, char *why, size_t whylen);

#endif
