// SPDX-License-Identifier: Apache-2.0
/* The image loader through libkiln: corrupted copies of a real image (truncations, a flipped byte in every
 * section and header field, another board's name, a foreign version, inconsistent hashes, missing or broken
 * model, random single-byte flips) are each refused with KILN_ERR_IMAGE (or KILN_ERR_HW for a model that
 * will not load) and a message, and the device stays usable afterwards. */
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <kiln/kiln.h>

#include "host/common/image.h"
#include "host/common/model_trust.h"
#include "test/harness.h"

#define HDR 72u
#define ENTRY 24u

static uint8_t *orig;
static size_t orig_len;
static kiln_device *dev;

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
	return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

static void wr32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> 8 * i);
}

/* Makes a header edit look legitimate, so that the check behind the checksum is the one exercised. */
static void fix_header_crc(uint8_t *b)
{
	uint32_t n = rd32(b + 12);
	uint32_t crc = kiln_crc32(0, b, 64);
	crc = kiln_crc32(crc, b + HDR, (size_t)n * ENTRY);
	wr32(b + 64, crc);
}

static uint8_t *copy(void)
{
	uint8_t *b = malloc(orig_len + 64);
	memcpy(b, orig, orig_len);
	return b;
}

/* Loads LEN bytes at B and expects refusal with WANT and a message containing NEEDLE (NULL: any). */
static int refused(const uint8_t *b, size_t len, int want, const char *needle, const char *name)
{
	kiln_program *p = NULL;
	int st = kiln_program_load_bytes(dev, b, len, &p);
	const char *msg = kiln_last_error();
	int ok = st == want && !p && msg[0] && (!needle || strstr(msg, needle));
	KT_CHECK(ok, name, "got %s \"%s\", want %s with \"%s\"", kiln_status_name(st), msg,
	         kiln_status_name(want), needle ? needle : "");
	if (p)
		kiln_program_release(p);
	return ok;
}

static void tag_name(uint32_t tag, char out[5])
{
	for (int i = 0; i < 4; i++) {
		char ch = (char)(tag >> 8 * i);
		out[i] = ch ? ch : '\0';
	}
	out[4] = 0;
}

/* Rebuilds the image through the writer with section SKIP left out and section REPLACE swapped for DATA. */
static uint8_t *rebuild(uint32_t skip, uint32_t replace, const void *data, size_t dlen, size_t *len)
{
	static const uint32_t tags[] = {KILN_SEC_META,  KILN_SEC_PROPS, KILN_SEC_RTL,
	                                KILN_SEC_MODEL, KILN_SEC_IR,    KILN_SEC_REGMAP};
	char err[256];
	kiln_image *img = NULL;
	uint8_t *out = NULL;
	if (kiln_image_parse(orig, orig_len, &img, err, sizeof err) != 0)
		return NULL;
	kiln_image_writer *w = kiln_image_writer_new(kiln_image_board(img), kiln_image_hash(img));
	for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
		size_t n = 0;
		const void *s = kiln_image_section(img, tags[i], &n);
		if (tags[i] == replace)
			kiln_image_writer_add(w, tags[i], data, dlen);
		else if (s && tags[i] != skip)
			kiln_image_writer_add(w, tags[i], s, n);
	}
	if (kiln_image_writer_bytes(w, &out, len) != 0)
		out = NULL;
	kiln_image_writer_free(w);
	kiln_image_free(img);
	return out;
}

/* The image's description (META) as JSON, for forging. */
static json_t *meta_json(void)
{
	char err[256];
	kiln_image *img = NULL;
	size_t n = 0;
	if (kiln_image_parse(orig, orig_len, &img, err, sizeof err) != 0)
		return NULL;
	const char *meta = kiln_image_section(img, KILN_SEC_META, &n);
	json_t *root = json_loadb(meta, n, 0, NULL);
	kiln_image_free(img);
	return root;
}

/* The image with ROOT (consumed) as its description. */
static uint8_t *with_meta(json_t *root, size_t *len)
{
	char *text = json_dumps(root, JSON_COMPACT);
	json_decref(root);
	uint8_t *out = text ? rebuild(0, KILN_SEC_META, text, strlen(text), len) : NULL;
	free(text);
	return out;
}

/* The image with 33 kernels (copies of its first, each in a block of its own past everything else). */
static uint8_t *with_33_kernels(size_t *len)
{
	json_t *root = meta_json(), *ks = json_object_get(root, "kernels");
	json_t *first = json_array_get(ks, 0);
	if (!first) {
		json_decref(root);
		return NULL;
	}
	json_t *many = json_array();
	for (int i = 0; i < 33; i++) {
		json_t *k = json_deep_copy(first);
		char name[16];
		snprintf(name, sizeof name, "k%d", i);
		json_object_set_new(k, "name", json_string(name));
		json_object_set_new(k, "base", json_integer(0x400000 + 0x1000 * i));
		json_object_set_new(k, "args", json_array());
		json_array_append_new(many, k);
	}
	json_object_set_new(root, "kernels", many);
	return with_meta(root, len);
}

/* The image with its description edited: device global DG's "base" set to BASE (a crafted address). */
static uint8_t *with_dg_base(size_t dg, json_int_t base, size_t *len)
{
	json_t *root = meta_json();
	json_t *g = json_array_get(json_object_get(root, "device_globals"), dg);
	if (!g) {
		json_decref(root);
		return NULL;
	}
	json_object_set_new(g, "base", json_integer(base));
	return with_meta(root, len);
}

#if !defined(__SANITIZE_ADDRESS__)
/* kiln_image_load of a sparse 2 GiB file that is not an image, with the address space capped well below
 * 2 GiB: the loader must refuse it from its header without reading (or allocating) the rest. Runs in a
 * child so that the cap does not touch the test. */
static int huge_file_refused_by_header(const char *path)
{
	pid_t pid = fork();
	if (pid == 0) {
		long pages = 0, page = sysconf(_SC_PAGESIZE);
		FILE *f = fopen("/proc/self/statm", "r");
		if (!f || fscanf(f, "%ld", &pages) != 1)
			_exit(3);
		fclose(f);
		struct rlimit rl = {(rlim_t)pages * (rlim_t)page + (512u << 20), RLIM_INFINITY};
		rl.rlim_max = rl.rlim_cur;
		if (setrlimit(RLIMIT_AS, &rl) != 0)
			_exit(3);
		kiln_image *img = NULL;
		char err[512];
		int rc = kiln_image_load(path, &img, err, sizeof err);
		_exit(rc != 0 && strstr(err, "bad magic") ? 0 : 1);
	}
	int st = 0;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}
#endif

/* The device must still take the real image and run a kernel on it. */
static void check_usable(const char *when)
{
	kiln_program *p = NULL;
	kiln_kernel *spin = NULL;
	unsigned n = 10, zero = 0, got = 0;
	char name[128];
	snprintf(name, sizeof name, "device usable %s", when);
	int ok = kiln_program_load_bytes(dev, orig, orig_len, &p) == KILN_OK &&
	         kiln_kernel_get(p, "spin", &spin) == KILN_OK &&
	         kiln_dg_write(p, "hits", &zero, 4, 0) == KILN_OK &&
	         kiln_kernel_set_arg(spin, 0, sizeof n, &n) == KILN_OK &&
	         kiln_kernel_run(spin, NULL) == KILN_OK && kiln_dg_read(p, "hits", &got, 4, 0) == KILN_OK &&
	         got == n;
	KT_CHECK(ok, name, "hits %u: %s", got, kiln_last_error());
	kiln_program_release(p);
}

int main(int argc, char **argv)
{
	const char *image = argc > 1 ? argv[1] : "build/test/runtime/runtime.kimg";
	FILE *f = fopen(image, "rb");
	if (!KT_CHECK(f != NULL, "open the real image", "%s", image))
		return KT_DONE();
	fseek(f, 0, SEEK_END);
	orig_len = (size_t)ftell(f);
	rewind(f);
	orig = malloc(orig_len);
	if (!KT_CHECK(fread(orig, 1, orig_len, f) == orig_len, "read the real image", "short read"))
		return KT_DONE();
	fclose(f);
	if (!KT_CHECK(kiln_device_open(NULL, &dev) == KILN_OK, "open sim board", "%s", kiln_last_error()))
		return KT_DONE();
	check_usable("before any corruption");

	/* Truncations, from nothing to one byte short. */
	size_t cuts[] = {0, 4, 8, 40, HDR - 1, HDR, HDR + ENTRY, orig_len / 2, orig_len - 1};
	for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
		char name[64];
		snprintf(name, sizeof name, "truncated to %zu bytes", cuts[i]);
		refused(orig, cuts[i], KILN_ERR_IMAGE, cuts[i] < HDR ? "truncated" : NULL, name);
	}
	uint8_t *b = copy();
	memset(b + orig_len, 0, 8);
	refused(b, orig_len + 8, KILN_ERR_IMAGE, "size mismatch", "8 bytes appended");

	/* Header fields. */
	memcpy(b, orig, orig_len);
	b[0] ^= 0x20;
	refused(b, orig_len, KILN_ERR_IMAGE, "bad magic", "bad magic");
	memcpy(b, orig, orig_len);
	wr32(b + 8, 2);
	fix_header_crc(b);
	refused(b, orig_len, KILN_ERR_IMAGE, "format version 2", "foreign format version");
	memcpy(b, orig, orig_len);
	b[40] ^= 1;
	refused(b, orig_len, KILN_ERR_IMAGE, "header checksum", "flipped byte in the board name field");
	memcpy(b, orig, orig_len);
	b[64] ^= 0x80;
	refused(b, orig_len, KILN_ERR_IMAGE, "header checksum", "flipped byte in the header checksum");
	memcpy(b, orig, orig_len);
	wr32(b + 68, 1);
	fix_header_crc(b);
	refused(b, orig_len, KILN_ERR_IMAGE, "reserved", "reserved field set");

	/* Another board's image, otherwise perfect. */
	memcpy(b, orig, orig_len);
	memset(b + 32, 0, 32);
	memcpy(b + 32, "otherboard", 10);
	fix_header_crc(b);
	refused(b, orig_len, KILN_ERR_IMAGE, "otherboard", "image built for another board");
	/* A header hash that the description (and hardware) disagree with. */
	memcpy(b, orig, orig_len);
	b[24] ^= 0x55;
	fix_header_crc(b);
	refused(b, orig_len, KILN_ERR_IMAGE, "hash", "header hash differs from the description's");

	/* A flipped byte in each section, and in each section-table entry. */
	uint32_t nsec = rd32(orig + 12);
	KT_CHECK(nsec >= 4, "the real image has its sections", "%u sections", nsec);
	for (uint32_t i = 0; i < nsec; i++) {
		const uint8_t *e = orig + HDR + ENTRY * i;
		uint64_t off = rd64(e + 8), size = rd64(e + 16);
		char t[5], name[96];
		tag_name(rd32(e), t);
		if (size == 0)
			continue;
		memcpy(b, orig, orig_len);
		b[off + size / 2] ^= 0x01;
		snprintf(name, sizeof name, "flipped byte in section %s", t);
		refused(b, orig_len, KILN_ERR_IMAGE, "checksum mismatch in section", name);
		memcpy(b, orig, orig_len);
		b[off + size - 1] ^= 0xFF;
		snprintf(name, sizeof name, "last byte of section %s", t);
		refused(b, orig_len, KILN_ERR_IMAGE, "checksum mismatch in section", name);
		memcpy(b, orig, orig_len);
		b[HDR + ENTRY * i + 16] ^= 0x04;
		snprintf(name, sizeof name, "size of section %s changed in the table", t);
		refused(b, orig_len, KILN_ERR_IMAGE, "header checksum", name);
		memcpy(b, orig, orig_len);
		wr32(b + HDR + ENTRY * i + 8, (uint32_t)(off + 4));
		fix_header_crc(b);
		snprintf(name, sizeof name, "section %s moved off alignment", t);
		refused(b, orig_len, KILN_ERR_IMAGE, "aligned", name);
	}
	check_usable("after header and section corruptions");

	/* Well-formed containers with bad contents: the runtime's own checks. */
	size_t len = 0;
	uint8_t *r = rebuild(KILN_SEC_MODEL, 0, NULL, 0, &len);
	KT_CHECK(r != NULL, "rebuild without a model", "writer failed");
	if (r)
		refused(r, len, KILN_ERR_IMAGE, "no simulation model", "image without a MODL section");
	free(r);
	/* A model this machine did not build is native code nobody vouched for: refused before it is loaded;
	 * once trusted (kiln trust), it is loaded, and a broken one is a hardware error. */
	/* Unique per run: a trusted digest stays trusted, and the first check needs one never seen. */
	char junk[96];
	snprintf(junk, sizeof junk, "\177ELF but not really a shared library %d %lld", (int)getpid(),
	         (long long)time(NULL));
	r = rebuild(0, KILN_SEC_MODEL, junk, sizeof junk, &len);
	if (r)
		refused(r, len, KILN_ERR_IMAGE, "not built on this machine",
		        "an image whose model this machine did not build is refused before loading it");
	char terr[256];
	KT_CHECK(kiln_model_trust(junk, sizeof junk, terr, sizeof terr) == 0, "trust the junk model", "%s",
	         terr);
	if (r)
		refused(r, len, KILN_ERR_HW, "model",
		        "a trusted MODL section that is not a loadable library");
	free(r);

	/* Addresses in the description reach the bus: each must be inside the image's window and clear of
	 * every other register block. */
	static const struct {
		json_int_t base;
		const char *needle, *name;
	} bases[] = {
	    {0x7FFFFFF0, "outside the image's window",
	     "a device global's base past the image window (would wrap onto device memory)"},
	    {0x10, "outside the image's window", "a device global's base inside the image's ID block"},
	    {0x100, "overlaps", "a device global's base on the first kernel's registers"},
	};
	for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
		r = with_dg_base(0, bases[i].base, &len);
		if (KT_CHECK(r != NULL, "forge a device-global base", "failed"))
			refused(r, len, KILN_ERR_IMAGE, bases[i].needle, bases[i].name);
		free(r);
	}
	r = with_33_kernels(&len);
	if (KT_CHECK(r != NULL, "forge 33 kernels", "failed"))
		refused(r, len, KILN_ERR_IMAGE, "at most 32",
		        "33 kernels in one image (one interrupt bit each) are refused by the loader");
	free(r);

	/* Padding between sections must be zero: every byte is checksummed or fixed. */
	for (uint32_t i = 0; i < nsec; i++) {
		const uint8_t *e = orig + HDR + ENTRY * i;
		uint64_t end = rd64(e + 8) + rd64(e + 16);
		if (end % 8 && end < orig_len) {
			memcpy(b, orig, orig_len);
			b[end] = 0x42;
			refused(b, orig_len, KILN_ERR_IMAGE, "padding", "a non-zero padding byte");
			break;
		}
	}
	r = rebuild(0, KILN_SEC_META, "{}", 2, &len);
	if (r)
		refused(r, len, KILN_ERR_IMAGE, "description", "META without the image description");
	free(r);
	r = rebuild(KILN_SEC_META, 0, NULL, 0, &len);
	if (r)
		refused(r, len, KILN_ERR_IMAGE, "description", "image without a META section");
	free(r);
	static const char not_json[] = "{\"board\": ";
	r = rebuild(0, KILN_SEC_META, not_json, sizeof not_json - 1, &len);
	if (r)
		refused(r, len, KILN_ERR_IMAGE, "description", "META that is not JSON");
	free(r);
	check_usable("after content corruptions");

	/* Random single-byte flips anywhere (header, table, sections, padding) and random cuts. */
	uint8_t *covered = calloc(orig_len, 1);
	memset(covered, 1, orig_len);
	uint64_t x = 0x9E3779B97F4A7C15ull;
	int fuzz_bad = 0, fuzz_n = 0;
	char first[256] = "";
	for (int i = 0; i < 300; i++) {
		size_t at, cut = orig_len;
		do {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			at = (size_t)(x % orig_len);
		} while (!covered[at]);
		memcpy(b, orig, orig_len);
		if (i % 5 == 4)
			cut = (size_t)(x >> 20) % orig_len;
		else
			b[at] ^= (uint8_t)(1u << (x >> 61));
		kiln_program *p = NULL;
		int st = kiln_program_load_bytes(dev, b, cut, &p);
		fuzz_n++;
		if (st != KILN_ERR_IMAGE || p || !kiln_last_error()[0]) {
			if (!fuzz_bad++)
				snprintf(first, sizeof first, "byte %zu cut %zu: %s %s", at, cut,
				         kiln_status_name(st), kiln_last_error());
			kiln_program_release(p);
		}
	}
	KT_CHECK(fuzz_bad == 0, "300 random flips and cuts are all refused with KILN_ERR_IMAGE",
	         "%d of %d not: %s", fuzz_bad, fuzz_n, first);
	free(covered);

	/* Through a file: the message names it. */
	char path[] = "/tmp/kiln-image-test-XXXXXX";
	int fd = mkstemp(path);
	if (KT_CHECK(fd >= 0, "temp file", "mkstemp")) {
		KT_CHECK(write(fd, orig, orig_len / 3) == (ssize_t)(orig_len / 3), "write truncated file",
		         "short");
		close(fd);
		kiln_program *p = NULL;
		int st = kiln_program_load(dev, path, &p);
		KT_CHECK(st == KILN_ERR_IMAGE && !p && strstr(kiln_last_error(), path),
		         "truncated file refused, named", "%s: %s", kiln_status_name(st), kiln_last_error());
		unlink(path);
	}
	/* A FIFO would block a plain open() until some writer comes: refused at once instead. */
	char fifo[] = "/tmp/kiln-image-fifo-XXXXXX";
	if (KT_CHECK(mkdtemp(fifo) != NULL, "temp folder", "mkdtemp")) {
		char fp[64];
		snprintf(fp, sizeof fp, "%s/f.kimg", fifo);
		kiln_program *p = NULL;
		alarm(60);
		int st = mkfifo(fp, 0600) == 0 ? kiln_program_load(dev, fp, &p) : KILN_OK;
		alarm(0);
		KT_CHECK(st == KILN_ERR_IO && strstr(kiln_last_error(), "not a regular file"),
		         "a FIFO is refused without blocking (KILN_ERR_IO: not a file to read)", "%s: %s",
		         kiln_status_name(st), kiln_last_error());
		unlink(fp);
		/* A 2 GiB stray file: refused from its first bytes. */
		snprintf(fp, sizeof fp, "%s/huge.kimg", fifo);
		int hfd = open(fp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int made = hfd >= 0 && write(hfd, "not an image", 12) == 12 && ftruncate(hfd, 2LL << 30) == 0;
		if (hfd >= 0)
			close(hfd);
#if defined(__SANITIZE_ADDRESS__)
		(void)made; /* the sanitizer reserves more address space than the cap allows */
#else
		int hr = made ? huge_file_refused_by_header(fp) : -1;
		KT_CHECK(hr == 0, "a 2 GiB non-image is refused from its header, without reading it",
		         "child status %d", hr);
#endif
		unlink(fp);
		rmdir(fifo);
	}
	check_usable("at the end");
	free(b);
	free(orig);
	kiln_device_close(dev);
	return KT_DONE();
}
