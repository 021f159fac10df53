// SPDX-License-Identifier: Apache-2.0
/* SHA-256 (FIPS 180-4): the digest that names what this machine trusts (model_trust.h). CRC-32 and FNV find
 * accidents; only a cryptographic hash resists an image crafted to match. */
#ifndef KILN_SHA256_H
#define KILN_SHA256_H
#include <stddef.h>
#include <stdint.h>

/* The SHA-256 digest of LEN bytes at DATA, as 64 lowercase hex digits and a NUL. */
void kiln_sha256_hex(const void *data, size_t len, char hex[65]);
/* The same of the whole file PATH; 0, or -1 (errno set) when it cannot be read. */
int kiln_sha256_file(const char *path, char hex[65]);

#endif
