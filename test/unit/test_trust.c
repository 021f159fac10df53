// SPDX-License-Identifier: Apache-2.0
/* host/common's trust primitives: SHA-256 against the FIPS 180-4 examples (and blocks at every padding
 * boundary against an independent implementation's digests), the live-handle registry (add, lookup by kind,
 * one winner per removal, growth past its first table), and the trusted-model store (untrusted until
 * recorded, recorded, then refused again when the store is writable by others). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/common/handles.h"
#include "host/common/model_trust.h"
#include "host/common/sha256.h"
#include "test/harness.h"

int main(void)
{
	static const struct {
		const char *in, *hex;
	} v[] = {
	    {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
	    {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
	    {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	    /* 55 and 56 bytes: the length fits the last block, and it does not (sha256sum). */
	    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	     "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"},
	    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	     "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"},
	};
	char hex[65];
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		kiln_sha256_hex(v[i].in, strlen(v[i].in), hex);
		char name[64];
		snprintf(name, sizeof name, "SHA-256 of a %zu-byte message", strlen(v[i].in));
		KT_EQ_STR(hex, v[i].hex, name);
	}

	static int objs[300];
	int ok = 1;
	for (int i = 0; i < 300; i++)
		ok &= kiln_handle_add(&objs[i], 7) == 0;
	KT_CHECK(ok, "300 handles registered (the table grows)", "add failed");
	KT_CHECK(kiln_handle_live(&objs[123], 7) && !kiln_handle_live(&objs[123], 8),
	         "a handle is live for its own kind only", "wrong kind accepted");
	KT_CHECK(kiln_handle_remove(&objs[5], 7) && !kiln_handle_remove(&objs[5], 7),
	         "a handle is removed once; the second removal says no", "removed twice");
	KT_CHECK(!kiln_handle_live(&objs[5], 7) && kiln_handle_live(&objs[6], 7) &&
	             !kiln_handle_live(NULL, 7),
	         "a removed handle is not live; its neighbours are", "registry confused");

	char dir[] = "/tmp/kiln-trust-XXXXXX", err[256];
	if (!KT_CHECK(mkdtemp(dir) != NULL, "temporary cache folder", "mkdtemp"))
		return KT_DONE();
	setenv("KILN_CACHE", dir, 1);
	static const char model[] = "a model's bytes";
	KT_CHECK(!kiln_model_trusted(model, sizeof model, hex), "an unknown model is not trusted", "trusted");
	KT_CHECK(kiln_model_trust(model, sizeof model, err, sizeof err) == 0 &&
	             kiln_model_trusted(model, sizeof model, NULL),
	         "a recorded model is trusted", "%s", err);
	KT_CHECK(!kiln_model_trusted("another model", 13, NULL), "trust is per digest", "trusted");
	char store[128];
	snprintf(store, sizeof store, "%s/trusted-models", dir);
	chmod(store, 0777);
	KT_CHECK(!kiln_model_trusted(model, sizeof model, NULL),
	         "a store others may write to vouches for nothing", "trusted");
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	KT_CHECK(system(cmd) == 0, "clean up", "rm failed");
	return KT_DONE();
}
