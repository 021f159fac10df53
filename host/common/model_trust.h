// SPDX-License-Identifier: Apache-2.0
/* Which simulation models this machine runs (docs/image-format.md, "Trust"). An image's MODL section is
 * native code: the sim board loads it only when its SHA-256 is in a trusted-model store: the user's,
 * $KILN_CACHE/trusted-models/ (one empty file per digest), which kiln-cc fills with every model it builds
 * here and `kiln trust IMAGE` with a model the user vouches for; or the installation's,
 * share/kiln/trusted-models/, holding the models of the images it ships. */
#ifndef KILN_MODEL_TRUST_H
#define KILN_MODEL_TRUST_H
#include <stddef.h>

/* Records the model of LEN bytes at SO as trusted on this machine; 0, or -1 with a reason in ERR. */
int kiln_model_trust(const void *so, size_t len, char *err, size_t errlen);
/* Whether the model is trusted; DIGEST (may be NULL) receives its SHA-256 in hex. */
int kiln_model_trusted(const void *so, size_t len, char digest[65]);

#endif
