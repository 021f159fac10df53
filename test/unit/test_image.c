// SPDX-License-Identifier: Apache-2.0
/* Image container: round trip, every rejection of the parser, and a mutation fuzz loop (run under ASan by
 * `make asan`). */
#include "host/common/image.h"
#include "test/harness.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Offsets from docs/image-format.md, repeated here so the test checks the document, not the code. */
enum {
	H_VERSION = 8,
	H_NSECT = 12,
	H_TOTAL = 16,
	H_HASH = 24,
	H_BOARD = 32,
	H_CRC = 64,
	H_RES = 68,
	H_SIZE = 72
};
enum { E_TAG = 0, E_CRC = 4, E_OFF = 8, E_SIZE = 16, E_BYTES = 24 };

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
	return rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

static void wr32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void wr64(uint8_t *p, uint64_t v)
{
	wr32(p, (uint32_t)v);
	wr32(p + 4, (uint32_t)(v >> 32));
}

/* Recomputes the header checksum so that a deliberate corruption reaches the check behind it (when the table
 * the header claims fits in the reference image's three entries). */
static void fix_crc(uint8_t *b)
{
	uint32_t n = rd32(b + H_NSECT);
	if (n > 3)
		return;
	wr32(b + H_CRC, kiln_crc32(kiln_crc32(0, b, H_CRC), b + H_SIZE, (size_t)n * E_BYTES));
}

static const char meta[] = "{\"board\": \"sim\"}";
static const char props[] = "[SYCL/device globals]\ndg=2|ABAAAAAAAAABAAAAAAAAAA\n";
static const uint8_t model[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};

/* The reference image: three sections of sizes that exercise padding. */
static uint8_t *make_image(size_t *len)
{
	kiln_image_writer *w = kiln_image_writer_new("sim", 0x0123456789abcdefULL);
	uint8_t *buf = NULL;
	if (!w || kiln_image_writer_add(w, KILN_SEC_META, meta, strlen(meta)) ||
	    kiln_image_writer_add(w, KILN_SEC_PROPS, props, strlen(props)) ||
	    kiln_image_writer_add(w, KILN_SEC_MODEL, model, sizeof model) ||
	    kiln_image_writer_bytes(w, &buf, len))
		buf = NULL;
	kiln_image_writer_free(w);
	return buf;
}

/* Parses a copy of BUF (so ASan sees reads past LEN) and checks it is rejected with a message containing
 * WANT. */
static void expect_reject(const uint8_t *buf, size_t len, const char *want, const char *name)
{
	uint8_t *copy = malloc(len ? len : 1);
	memcpy(copy, buf, len);
	kiln_image *img = NULL;
	char err[256] = "";
	int rc = kiln_image_parse(copy, len, &img, err, sizeof err);
	KT_CHECK(rc == -1 && img == NULL && strstr(err, want) && !strchr(err, '\n'), name,
	         "rc=%d err=\"%s\", want \"%s\"", rc, err, want);
	kiln_image_free(img);
	free(copy);
}

static void test_round_trip(void)
{
	size_t len;
	uint8_t *buf = make_image(&len);
	KT_CHECK(buf != NULL, "writer produces bytes", "NULL");
	KT_CHECK(len % 8 == 0 && memcmp(buf, "KILNIMG", 8) == 0, "image starts with the magic, is 8-aligned",
	         "len %zu", len);
	for (uint32_t i = 0; i < 3; i++)
		KT_CHECK(rd64(buf + H_SIZE + i * E_BYTES + E_OFF) % 8 == 0, "section offsets 8-aligned",
		         "section %u", i);
	kiln_image *img;
	char err[256];
	KT_CHECK(kiln_image_parse(buf, len, &img, err, sizeof err) == 0, "round trip parses", "%s", err);
	KT_EQ_STR(kiln_image_board(img), "sim", "board name kept");
	KT_EQ_U64(kiln_image_hash(img), 0x0123456789abcdefULL, "image hash kept");
	size_t n;
	const char *m = kiln_image_section(img, KILN_SEC_META, &n);
	KT_CHECK(m && n == strlen(meta) && memcmp(m, meta, n) == 0 && m[n] == 0,
	         "META section kept, NUL-terminated", "len %zu", n);
	const uint8_t *mo = kiln_image_section(img, KILN_SEC_MODEL, &n);
	KT_CHECK(mo && n == sizeof model && memcmp(mo, model, n) == 0, "MODL section kept", "len %zu", n);
	KT_CHECK(kiln_image_section(img, KILN_SEC_RTL, &n) == NULL && n == 0,
	         "absent section gives NULL and 0", "len %zu", n);
	kiln_image_free(img);

	/* Serialisation is deterministic: the same input gives the same bytes (reproducible builds). */
	size_t len2;
	uint8_t *buf2 = make_image(&len2);
	KT_CHECK(len2 == len && memcmp(buf, buf2, len) == 0, "serialisation is deterministic", "differs");
	free(buf2);

	/* Save and load through a file, and make sure no temporary file is left behind. */
	char dir[] = "/tmp/kiln-image-XXXXXX";
	KT_CHECK(mkdtemp(dir) != NULL, "temp dir", "mkdtemp failed");
	char path[256];
	snprintf(path, sizeof path, "%s/a.kimg", dir);
	kiln_image_writer *w = kiln_image_writer_new("sim", 42);
	kiln_image_writer_add(w, KILN_SEC_RTL, "module x; endmodule\n", 20);
	KT_CHECK(kiln_image_writer_save(w, path, err, sizeof err) == 0, "save", "%s", err);
	KT_CHECK(kiln_image_writer_save(w, path, err, sizeof err) == 0, "save replaces an existing file",
	         "%s", err);
	KT_CHECK(kiln_image_load(path, &img, err, sizeof err) == 0, "load", "%s", err);
	const char *rtl = img ? kiln_image_section(img, KILN_SEC_RTL, &n) : NULL;
	KT_CHECK(rtl && n == 20 && strcmp(rtl, "module x; endmodule\n") == 0, "loaded RTL section", "len %zu",
	         n);
	KT_EQ_U64(img ? kiln_image_hash(img) : 0, 42, "loaded hash");
	kiln_image_free(img);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "test $(ls -A %s | wc -l) -eq 1", dir);
	KT_CHECK(system(cmd) == 0, "save leaves no temporary file", "extra files in %s", dir);
	char missing[300];
	snprintf(missing, sizeof missing, "%s/nope.kimg", dir);
	KT_CHECK(kiln_image_load(missing, &img, err, sizeof err) == -2 && strstr(err, missing),
	         "a missing file cannot be read (-2), the error names it", "%s", err);
	KT_CHECK(kiln_image_load(dir, &img, err, sizeof err) == -2 && strstr(err, "directory"),
	         "load refuses a directory as unreadable (-2)", "%s", err);
	snprintf(missing, sizeof missing, "%s/no/such/dir/a.kimg", dir);
	KT_CHECK(kiln_image_writer_save(w, missing, err, sizeof err) == -1 && strstr(err, missing),
	         "save into a missing dir fails naming the file", "%s", err);
	/* A truncated file on disk is reported with its name and the reason. */
	FILE *f = fopen(path, "r+b");
	if (f) {
		fclose(f);
		KT_CHECK(truncate(path, 40) == 0, "truncate", "failed");
		KT_CHECK(kiln_image_load(path, &img, err, sizeof err) == -1 && strstr(err, path) &&
		             strstr(err, "truncated"),
		         "truncated file rejected with its name", "%s", err);
	}
	kiln_image_writer_free(w);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	(void)!system(cmd);

	/* Writer rules. */
	w = kiln_image_writer_new("sim", 1);
	KT_CHECK(kiln_image_writer_add(w, KILN_SEC_IR, "x", 1) == 0 &&
	             kiln_image_writer_add(w, KILN_SEC_IR, "y", 1) == -1,
	         "writer refuses a repeated tag", "accepted");
	kiln_image_writer_free(w);
	w = kiln_image_writer_new("a-board-name-that-is-far-too-long-for-the-field", 1);
	uint8_t *out;
	size_t outlen;
	KT_CHECK(kiln_image_writer_bytes(w, &out, &outlen) == -1, "writer refuses a board name over 31 chars",
	         "accepted");
	KT_CHECK(kiln_image_writer_save(w, "/tmp/kiln-never-written.kimg", err, sizeof err) == -1 &&
	             strstr(err, "board name"),
	         "save explains a too-long board name", "%s", err);
	kiln_image_writer_free(w);
	/* An image without sections is valid. */
	w = kiln_image_writer_new("x", 7);
	KT_CHECK(kiln_image_writer_bytes(w, &out, &outlen) == 0 &&
	             kiln_image_parse(out, outlen, &img, err, sizeof err) == 0,
	         "empty image round trip", "%s", err);
	kiln_image_free(img);
	free(out);
	kiln_image_writer_free(w);
	free(buf);
}

static void test_rejections(void)
{
	size_t len;
	uint8_t *good = make_image(&len);
	uint8_t *b = malloc(len + 64);
	const uint8_t *e0 = good + H_SIZE, *e1 = e0 + E_BYTES, *e2 = e1 + E_BYTES;
	(void)e2;

	expect_reject(good, 0, "truncated", "empty buffer: truncated");
	expect_reject(good, 5, "truncated", "5 bytes of magic: truncated");
	expect_reject(good, 40, "truncated", "cut inside the header: truncated");
	expect_reject(good, len - 1, "truncated", "last byte missing: truncated");
	expect_reject(good, len / 2, "truncated", "half an image: truncated");

	memcpy(b, good, len);
	b[0] = 'X';
	expect_reject(b, len, "bad magic", "wrong magic");
	expect_reject((const uint8_t *)"\x7f"
	                               "ELF",
	              4, "bad magic", "short foreign file: bad magic");

	memcpy(b, good, len);
	wr32(b + H_VERSION, 7);
	expect_reject(b, len, "format version 7, expected 1", "other format version");

	memcpy(b, good, len);
	memset(b + len, 0, 8);
	expect_reject(b, len + 8, "size mismatch", "trailing bytes: size mismatch");

	memcpy(b, good, len);
	wr64(b + H_TOTAL, (uint64_t)-1);
	expect_reject(b, len, "truncated", "total size 2^64-1: truncated");

	memcpy(b, good, len);
	wr32(b + H_NSECT, 0xffffffffu);
	expect_reject(b, len, "section table", "huge section count");

	memcpy(b, good, len);
	b[H_HASH] ^= 1;
	expect_reject(b, len, "header checksum mismatch", "flipped hash bit: header checksum");
	memcpy(b, good, len);
	b[H_SIZE + E_SIZE] ^= 1;
	expect_reject(b, len, "header checksum mismatch", "flipped section table bit: header checksum");

	memcpy(b, good, len);
	wr32(b + H_RES, 1);
	fix_crc(b);
	expect_reject(b, len, "reserved", "reserved field not zero");

	memcpy(b, good, len);
	memset(b + H_BOARD, 'a', 32);
	fix_crc(b);
	expect_reject(b, len, "not NUL-terminated", "board name not NUL-terminated");
	memcpy(b, good, len);
	memset(b + H_BOARD, 0, 32);
	fix_crc(b);
	expect_reject(b, len, "board name is empty", "empty board name");

	memcpy(b, good, len);
	wr64(b + H_SIZE + E_OFF, 8);
	fix_crc(b);
	expect_reject(b, len, "inside the header", "section overlapping the header");

	memcpy(b, good, len);
	wr64(b + H_SIZE + E_OFF, rd64(e0 + E_OFF) + 4);
	fix_crc(b);
	expect_reject(b, len, "not 8-byte aligned", "misaligned section");

	memcpy(b, good, len);
	wr64(b + H_SIZE + E_OFF, len + 8);
	fix_crc(b);
	expect_reject(b, len, "past the end", "section offset beyond the image");

	memcpy(b, good, len);
	wr64(b + H_SIZE + E_SIZE, len);
	fix_crc(b);
	expect_reject(b, len, "past the end", "section size beyond the image");

	memcpy(b, good, len);
	wr64(b + H_SIZE + E_SIZE, (uint64_t)-8);
	fix_crc(b);
	expect_reject(b, len, "past the end", "section size that would wrap offset+size");

	memcpy(b, good, len);
	wr32(b + H_SIZE + E_BYTES + E_TAG, KILN_SEC_META);
	fix_crc(b);
	expect_reject(b, len, "duplicate section META", "duplicate tag");

	memcpy(b, good, len);
	wr64(b + H_SIZE + E_BYTES + E_OFF, rd64(e0 + E_OFF));
	fix_crc(b);
	expect_reject(b, len, "overlap", "two sections at one offset");
	memcpy(b, good, len);
	wr64(b + H_SIZE + E_SIZE, rd64(e0 + E_SIZE) + 16); /* META grows into PROP */
	fix_crc(b);
	expect_reject(b, len, "sections META and PROP overlap", "section running into the next");

	memcpy(b, good, len);
	b[rd64(e1 + E_OFF)] ^= 0x20;
	expect_reject(b, len, "checksum mismatch in section PROP", "corrupted section payload");
	memcpy(b, good, len);
	b[len - 8] ^= 0x01; /* the last byte of the 11-byte MODL section */
	expect_reject(b, len, "checksum mismatch in section MODL", "corrupted last section");

	/* Unprintable tags are shown in hex so the message stays one readable line. */
	memcpy(b, good, len);
	wr32(b + H_SIZE + E_TAG, 0x0a0d0001);
	fix_crc(b);
	wr64(b + H_SIZE + E_OFF, 8);
	fix_crc(b);
	expect_reject(b, len, "section 0x0a0d0001", "unprintable tag shown in hex");

	free(b);
	free(good);
}

/* xorshift64*: a fixed seed keeps the fuzz loop reproducible. */
static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint64_t next(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static void test_fuzz(void)
{
	size_t len;
	uint8_t *good = make_image(&len);
	int crashes = 0, accepted = 0, inconsistent = 0, badmsg = 0;
	for (int iter = 0; iter < 20000; iter++) {
		size_t n = len;
		uint8_t *b = malloc(len + 16);
		memcpy(b, good, len);
		int muts = 1 + (int)(next() % 4);
		for (int k = 0; k < muts; k++) {
			uint64_t r = next();
			switch (r % 6) {
			case 0: /* flip a bit */
				b[(r >> 8) % n] ^= (uint8_t)(1u << ((r >> 40) % 8));
				break;
			case 1: /* random byte */
				b[(r >> 8) % n] = (uint8_t)(r >> 48);
				break;
			case 2: /* truncate */
				n = (r >> 8) % (n + 1);
				break;
			case 3: /* header/table field set to an extreme value, checksum fixed so it is seen */
				if (n >= H_SIZE + 3 * E_BYTES) {
					size_t off =
					    (size_t)((r >> 8) % (H_SIZE + 3 * E_BYTES - 8)) & ~(size_t)3;
					wr32(b + off, (r >> 32) & 1 ? 0xffffffffu : (uint32_t)(r >> 33));
					fix_crc(b);
				}
				break;
			case 4: /* grow by a few bytes */
				if (n == len)
					n += (r >> 8) % 16;
				break;
			default: /* rewrite a section entry to a random in-range offset and size */
				if (n >= H_SIZE + 3 * E_BYTES) {
					uint8_t *e = b + H_SIZE + ((r >> 8) % 3) * E_BYTES;
					wr64(e + E_OFF, (r >> 16) % (n + 8));
					wr64(e + E_SIZE, (r >> 32) % (n + 8));
					fix_crc(b);
				}
			}
			if (n == 0)
				break;
		}
		/* Exact-size copy so ASan catches a read one past the end. */
		uint8_t *exact = malloc(n ? n : 1);
		memcpy(exact, b, n);
		free(b);
		kiln_image *img = NULL;
		char err[256] = "";
		int rc = kiln_image_parse(exact, n, &img, err, sizeof err);
		if (rc == 0) {
			accepted++;
			/* Accepted means consistent: each known section lies inside the buffer with its
			 * stated length. */
			static const uint32_t tags[] = {KILN_SEC_META, KILN_SEC_PROPS, KILN_SEC_MODEL};
			for (int t = 0; t < 3; t++) {
				size_t sl;
				const uint8_t *s = kiln_image_section(img, tags[t], &sl);
				if (s && (sl > n || s[sl] != 0))
					inconsistent++;
			}
			if (!kiln_image_board(img)[0] || strlen(kiln_image_board(img)) > 31)
				inconsistent++;
			kiln_image_free(img);
		} else if (rc != -1 || img != NULL) {
			crashes++;
		} else if (!err[0] || strchr(err, '\n')) {
			badmsg++;
		}
		free(exact);
	}
	KT_CHECK(crashes == 0, "fuzz: parse returns 0 or -1 with no image", "%d bad returns", crashes);
	KT_CHECK(inconsistent == 0, "fuzz: accepted images are consistent", "%d inconsistent", inconsistent);
	KT_CHECK(badmsg == 0, "fuzz: every rejection has a one-line message", "%d bad messages", badmsg);
	printf("# fuzz: 20000 mutations, %d accepted\n", accepted);
	free(good);
}

static void test_hashes(void)
{
	/* Published check values: CRC-32("123456789") and FNV-1a 64 of "" and "a". */
	KT_EQ_U64(kiln_crc32(0, "123456789", 9), 0xcbf43926u, "crc32 check value");
	KT_EQ_U64(kiln_crc32(kiln_crc32(0, "1234", 4), "56789", 5), 0xcbf43926u, "crc32 continues");
	KT_EQ_U64(kiln_fnv64(KILN_FNV64_INIT, "", 0), 0xcbf29ce484222325ULL, "fnv64 of empty");
	KT_EQ_U64(kiln_fnv64(KILN_FNV64_INIT, "a", 1), 0xaf63dc4c8601ec8cULL, "fnv64 of a");
	KT_EQ_U64(kiln_fnv64(kiln_fnv64(KILN_FNV64_INIT, "foo", 3), "bar", 3),
	          kiln_fnv64(KILN_FNV64_INIT, "foobar", 6), "fnv64 continues");
}

int main(void)
{
	test_hashes();
	test_round_trip();
	test_rejections();
	test_fuzz();
	return KT_DONE();
}
