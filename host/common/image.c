// SPDX-License-Identifier: Apache-2.0
/* Image container; the byte layout is specified in docs/image-format.md and mirrored by the offsets below. */
#include "host/common/image.h"
#include "host/common/sort.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

enum {
	HDR_MAGIC = 0,
	HDR_VERSION = 8,
	HDR_NSECT = 12,
	HDR_TOTAL = 16,
	HDR_HASH = 24,
	HDR_BOARD = 32,
	BOARD_FIELD = 32, /* bytes reserved for the board name, NUL included */
	HDR_CRC = 64,
	HDR_RESERVED = 68,
	HDR_SIZE = 72,
	ENT_TAG = 0,
	ENT_CRC = 4,
	ENT_OFFSET = 8,
	ENT_SIZE = 16,
	ENT_BYTES = 24,
	ALIGN = 8,
};

struct section {
	uint32_t tag;
	uint8_t *data; /* LEN bytes plus a NUL so that text sections are C strings */
	size_t len;
};

struct kiln_image_writer {
	char *board;
	uint64_t hash;
	struct section *secs;
	size_t nsecs;
};

struct kiln_image {
	char board[BOARD_FIELD];
	uint64_t hash;
	struct section *secs;
	size_t nsecs;
};

uint32_t kiln_crc32(uint32_t crc, const void *buf, size_t len)
{
	const Bytef *p = buf;
	/* zlib takes a uInt length, so feed it in chunks that fit. */
	while (len > 0) {
		uInt n = len > (1u << 30) ? (1u << 30) : (uInt)len;
		crc = (uint32_t)crc32(crc, p, n);
		p += n;
		len -= n;
	}
	return crc;
}

uint64_t kiln_fnv64(uint64_t h, const void *buf, size_t len)
{
	const uint8_t *p = buf;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get64(const uint8_t *p)
{
	return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

static size_t align_up(size_t n)
{
	return (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
}

/* Renders a tag for messages: its four characters when printable ("RTL" for "RTL\0"), else hex. */
static const char *tag_name(uint32_t tag, char buf[16])
{
	char s[5];
	int n = 0, ok = 1;
	for (int i = 0; i < 4; i++) {
		char c = (char)(tag >> (8 * i));
		if (c == 0) {
			/* Trailing NULs pad short tags; a NUL followed by a character is not printable text.
			 */
			for (int j = i + 1; j < 4; j++)
				if ((char)(tag >> (8 * j)))
					ok = 0;
			break;
		}
		if (c < 0x21 || c > 0x7e)
			ok = 0;
		s[n++] = c;
	}
	s[n] = 0;
	if (ok && n > 0)
		snprintf(buf, 16, "%s", s);
	else
		snprintf(buf, 16, "0x%08x", (unsigned)tag);
	return buf;
}

static void free_sections(struct section *secs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(secs[i].data);
	free(secs);
}

/* Copies LEN bytes of DATA into a new section slot (with the NUL past the end); 0 or -1 when out of memory.
 */
static int push_section(struct section **secs, size_t *n, uint32_t tag, const void *data, size_t len)
{
	if (len == SIZE_MAX)
		return -1;
	uint8_t *copy = malloc(len + 1);
	if (!copy)
		return -1;
	if (len)
		memcpy(copy, data, len);
	copy[len] = 0;
	struct section *s = realloc(*secs, (*n + 1) * sizeof **secs);
	if (!s) {
		free(copy);
		return -1;
	}
	s[*n] = (struct section){tag, copy, len};
	*secs = s;
	(*n)++;
	return 0;
}

kiln_image_writer *kiln_image_writer_new(const char *board, uint64_t image_hash)
{
	kiln_image_writer *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->board = strdup(board ? board : "");
	if (!w->board) {
		free(w);
		return NULL;
	}
	w->hash = image_hash;
	return w;
}

int kiln_image_writer_add(kiln_image_writer *w, uint32_t tag, const void *data, size_t len)
{
	for (size_t i = 0; i < w->nsecs; i++)
		if (w->secs[i].tag == tag)
			return -1;
	return push_section(&w->secs, &w->nsecs, tag, data, len);
}

/* Serialises W; -1 with a reason in ERR. */
static int writer_bytes(kiln_image_writer *w, uint8_t **out, size_t *outlen, char *err, size_t errlen)
{
	size_t blen = strlen(w->board);
	if (blen == 0 || blen >= BOARD_FIELD) {
		snprintf(err, errlen, "board name must be 1..%d characters, got %zu", BOARD_FIELD - 1, blen);
		return -1;
	}
	if (w->nsecs > UINT32_MAX) {
		snprintf(err, errlen, "too many sections");
		return -1;
	}
	size_t total = align_up(HDR_SIZE + w->nsecs * ENT_BYTES);
	for (size_t i = 0; i < w->nsecs; i++) {
		if (w->secs[i].len > SIZE_MAX - ALIGN - total) {
			snprintf(err, errlen, "image too large");
			return -1;
		}
		total = align_up(total + w->secs[i].len);
	}
	/* Zero-filled so padding and the unused part of the board field are deterministic. */
	uint8_t *buf = calloc(1, total);
	if (!buf) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memcpy(buf + HDR_MAGIC, KILN_IMAGE_MAGIC, 8);
	put32(buf + HDR_VERSION, KILN_IMAGE_FORMAT_VERSION);
	put32(buf + HDR_NSECT, (uint32_t)w->nsecs);
	put64(buf + HDR_TOTAL, total);
	put64(buf + HDR_HASH, w->hash);
	memcpy(buf + HDR_BOARD, w->board, blen);
	size_t off = align_up(HDR_SIZE + w->nsecs * ENT_BYTES);
	for (size_t i = 0; i < w->nsecs; i++) {
		uint8_t *e = buf + HDR_SIZE + i * ENT_BYTES;
		const struct section *s = &w->secs[i];
		put32(e + ENT_TAG, s->tag);
		put32(e + ENT_CRC, kiln_crc32(0, s->data, s->len));
		put64(e + ENT_OFFSET, off);
		put64(e + ENT_SIZE, s->len);
		memcpy(buf + off, s->data, s->len);
		off = align_up(off + s->len);
	}
	uint32_t hcrc = kiln_crc32(0, buf, HDR_CRC);
	hcrc = kiln_crc32(hcrc, buf + HDR_SIZE, w->nsecs * ENT_BYTES);
	put32(buf + HDR_CRC, hcrc);
	*out = buf;
	*outlen = total;
	return 0;
}

int kiln_image_writer_bytes(kiln_image_writer *w, uint8_t **out, size_t *outlen)
{
	char err[128];
	return writer_bytes(w, out, outlen, err, sizeof err);
}

int kiln_image_writer_save(kiln_image_writer *w, const char *path, char *err, size_t errlen)
{
	uint8_t *buf;
	size_t len;
	char why[128];
	if (writer_bytes(w, &buf, &len, why, sizeof why)) {
		snprintf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	/* The temporary sits beside PATH so that rename() stays within one file system and is atomic: a
	 * reader sees either the old image or the complete new one, never a partial write. */
	size_t plen = strlen(path);
	char *tmp = malloc(plen + 16);
	if (!tmp) {
		free(buf);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	snprintf(tmp, plen + 16, "%s.tmp.XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create temporary file: %s", path, strerror(errno));
		free(tmp);
		free(buf);
		return -1;
	}
	const char *step = NULL;
	int e = 0;
	size_t done = 0;
	while (done < len) {
		ssize_t n = write(fd, buf + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			step = "write";
			e = n < 0 ? errno : EIO;
			break;
		}
		done += (size_t)n;
	}
	/* mkstemp creates 0600; images are ordinary build outputs. */
	if (!step && fchmod(fd, 0644))
		step = "chmod", e = errno;
	if (!step && fsync(fd))
		step = "fsync", e = errno;
	if (close(fd) && !step)
		step = "close", e = errno;
	if (!step && rename(tmp, path))
		step = "rename", e = errno;
	if (step) {
		unlink(tmp);
		snprintf(err, errlen, "%s: %s failed: %s", path, step, strerror(e));
	}
	free(tmp);
	free(buf);
	return step ? -1 : 0;
}

void kiln_image_writer_free(kiln_image_writer *w)
{
	if (!w)
		return;
	free_sections(w->secs, w->nsecs);
	free(w->board);
	free(w);
}

static int cmp_by_offset(const void *a, const void *b)
{
	uint64_t x = get64((const uint8_t *)*(const uint8_t *const *)a + ENT_OFFSET);
	uint64_t y = get64((const uint8_t *)*(const uint8_t *const *)b + ENT_OFFSET);
	return x < y ? -1 : x > y;
}

/* The bytes no header, table entry or section covers (alignment padding) must be zero: every byte of an
 * image is then either checksummed or fixed, and nothing can hide in the gaps. */
static int check_padding(const uint8_t *p, size_t len, uint32_t n, const uint8_t **order, char *err,
                         size_t errlen)
{
	size_t at = HDR_SIZE + (size_t)n * ENT_BYTES;
	for (uint32_t i = 0; i <= n; i++) {
		size_t next = i < n ? (size_t)get64(order[i] + ENT_OFFSET) : len;
		for (size_t k = at; k < next; k++)
			if (p[k]) {
				snprintf(err, errlen, "padding byte at offset %zu is not zero", k);
				return -1;
			}
		if (i < n)
			at = next + (size_t)get64(order[i] + ENT_SIZE);
	}
	return 0;
}

/* Checks every section entry against LEN and each other; -1 with a reason. */
static int check_sections(const uint8_t *p, size_t len, uint32_t n, char *err, size_t errlen)
{
	size_t table_end = HDR_SIZE + (size_t)n * ENT_BYTES;
	char t1[16], t2[16];
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *e = p + HDR_SIZE + (size_t)i * ENT_BYTES;
		uint32_t tag = get32(e + ENT_TAG);
		uint64_t off = get64(e + ENT_OFFSET), size = get64(e + ENT_SIZE);
		tag_name(tag, t1);
		if (off < table_end) {
			snprintf(err, errlen,
			         "section %s starts at %llu, inside the header and section table", t1,
			         (unsigned long long)off);
			return -1;
		}
		if (off % ALIGN) {
			snprintf(err, errlen, "section %s at offset %llu is not %d-byte aligned", t1,
			         (unsigned long long)off, ALIGN);
			return -1;
		}
		/* Written as two comparisons so that OFF + SIZE cannot wrap around. */
		if (off > len || size > len - off) {
			snprintf(err, errlen,
			         "section %s (offset %llu, size %llu) extends past the end of the image (%zu "
			         "bytes)",
			         t1, (unsigned long long)off, (unsigned long long)size, len);
			return -1;
		}
		for (uint32_t j = 0; j < i; j++) {
			if (get32(p + HDR_SIZE + (size_t)j * ENT_BYTES + ENT_TAG) == tag) {
				snprintf(err, errlen, "duplicate section %s", t1);
				return -1;
			}
		}
	}
	const uint8_t **order = malloc((n ? n : 1) * sizeof *order);
	if (!order) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (uint32_t i = 0; i < n; i++)
		order[i] = p + HDR_SIZE + (size_t)i * ENT_BYTES;
	kiln_sort(order, n, sizeof *order, cmp_by_offset);
	int rc = 0;
	for (uint32_t i = 1; i < n; i++) {
		uint64_t prev_end = get64(order[i - 1] + ENT_OFFSET) + get64(order[i - 1] + ENT_SIZE);
		if (get64(order[i] + ENT_OFFSET) < prev_end) {
			snprintf(err, errlen, "sections %s and %s overlap",
			         tag_name(get32(order[i - 1] + ENT_TAG), t1),
			         tag_name(get32(order[i] + ENT_TAG), t2));
			rc = -1;
			break;
		}
	}
	if (!rc)
		rc = check_padding(p, len, n, order, err, errlen);
	free(order);
	return rc;
}

/* The header checks that need only its first HDR_SIZE bytes (HAVE of the image's LEN bytes are in P). */
static int check_header(const uint8_t *p, size_t have, size_t len, char *err, size_t errlen)
{
	/* The order of checks matters: nothing is interpreted before the bytes it lives in are known to
	 * exist, and the version is checked before any field whose meaning a later version may change. */
	if (have < 8 || memcmp(p + HDR_MAGIC, KILN_IMAGE_MAGIC, 8) != 0) {
		/* A short prefix of the magic is a cut-off image rather than a foreign file. */
		if (have < 8 && (have == 0 || memcmp(p, KILN_IMAGE_MAGIC, have) == 0))
			snprintf(err, errlen, "truncated: %zu bytes, the header alone needs %d", len,
			         HDR_SIZE);
		else
			snprintf(err, errlen, "bad magic: not a Kiln image");
		return -1;
	}
	if (have < 12) {
		snprintf(err, errlen, "truncated: %zu bytes, the header alone needs %d", len, HDR_SIZE);
		return -1;
	}
	uint32_t version = get32(p + HDR_VERSION);
	if (version != KILN_IMAGE_FORMAT_VERSION) {
		snprintf(err, errlen, "format version %u, expected %d", (unsigned)version,
		         KILN_IMAGE_FORMAT_VERSION);
		return -1;
	}
	if (have < HDR_SIZE) {
		snprintf(err, errlen, "truncated: %zu bytes, the header alone needs %d", len, HDR_SIZE);
		return -1;
	}
	uint64_t total = get64(p + HDR_TOTAL);
	if (total > len) {
		snprintf(err, errlen, "truncated: header says %llu bytes, only %zu present",
		         (unsigned long long)total, len);
		return -1;
	}
	if (total < len) {
		snprintf(err, errlen, "size mismatch: header says %llu bytes, %zu present",
		         (unsigned long long)total, len);
		return -1;
	}
	return 0;
}

int kiln_image_parse(const void *buf, size_t len, kiln_image **out, char *err, size_t errlen)
{
	const uint8_t *p = buf;
	*out = NULL;
	if (check_header(p, len, len, err, errlen))
		return -1;
	uint32_t n = get32(p + HDR_NSECT);
	if (n > (len - HDR_SIZE) / ENT_BYTES) {
		snprintf(err, errlen, "section table (%u entries) does not fit in the image", (unsigned)n);
		return -1;
	}
	uint32_t hcrc = kiln_crc32(0, p, HDR_CRC);
	hcrc = kiln_crc32(hcrc, p + HDR_SIZE, (size_t)n * ENT_BYTES);
	if (hcrc != get32(p + HDR_CRC)) {
		snprintf(err, errlen, "header checksum mismatch");
		return -1;
	}
	if (get32(p + HDR_RESERVED) != 0) {
		snprintf(err, errlen, "reserved header field is not zero");
		return -1;
	}
	const char *board = (const char *)p + HDR_BOARD;
	size_t blen = strnlen(board, BOARD_FIELD);
	if (blen == BOARD_FIELD) {
		snprintf(err, errlen, "board name is not NUL-terminated");
		return -1;
	}
	if (blen == 0) {
		snprintf(err, errlen, "board name is empty");
		return -1;
	}
	if (check_sections(p, len, n, err, errlen))
		return -1;
	char t[16];
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *e = p + HDR_SIZE + (size_t)i * ENT_BYTES;
		if (kiln_crc32(0, p + get64(e + ENT_OFFSET), get64(e + ENT_SIZE)) != get32(e + ENT_CRC)) {
			snprintf(err, errlen, "checksum mismatch in section %s",
			         tag_name(get32(e + ENT_TAG), t));
			return -1;
		}
	}
	kiln_image *img = calloc(1, sizeof *img);
	if (!img) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memcpy(img->board, board, blen + 1);
	img->hash = get64(p + HDR_HASH);
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *e = p + HDR_SIZE + (size_t)i * ENT_BYTES;
		if (push_section(&img->secs, &img->nsecs, get32(e + ENT_TAG), p + get64(e + ENT_OFFSET),
		                 get64(e + ENT_SIZE))) {
			kiln_image_free(img);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	*out = img;
	return 0;
}

int kiln_image_load(const char *path, kiln_image **out, char *err, size_t errlen)
{
	*out = NULL;
	/* Non-blocking, so that opening a FIFO (which waits for a writer) returns at once and is refused. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -2;
	}
	struct stat st;
	if (fstat(fd, &st)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		return -2;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: %s", path,
		         S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		close(fd);
		return -2;
	}
	size_t len = (size_t)st.st_size;
	/* The header first: a file that is not an image, or whose header disagrees with its size, is
	 * refused before the rest is read (a 2 GB stray file costs one small read). */
	uint8_t hdr[HDR_SIZE];
	size_t hl = 0;
	while (hl < sizeof hdr && hl < len) {
		ssize_t r = pread(fd, hdr + hl, sizeof hdr - hl, (off_t)hl);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		hl += (size_t)r;
	}
	char why[256];
	if (check_header(hdr, hl, len, why, sizeof why)) {
		snprintf(err, errlen, "%s: %s", path, why);
		close(fd);
		return -1;
	}
	uint8_t *buf = malloc(len ? len : 1);
	if (!buf) {
		snprintf(err, errlen, "%s: out of memory (%zu bytes)", path, len);
		close(fd);
		return -1;
	}
	size_t got = 0;
	while (got < len) {
		ssize_t r = read(fd, buf + got, len - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			free(buf);
			close(fd);
			return -2;
		}
		if (r == 0)
			break; /* shrank while reading: parse what is there and let the size check speak */
		got += (size_t)r;
	}
	close(fd);
	int rc = kiln_image_parse(buf, got, out, why, sizeof why);
	if (rc)
		snprintf(err, errlen, "%s: %s", path, why);
	free(buf);
	return rc;
}

void kiln_image_free(kiln_image *img)
{
	if (!img)
		return;
	free_sections(img->secs, img->nsecs);
	free(img);
}

const char *kiln_image_board(const kiln_image *img)
{
	return img->board;
}

uint64_t kiln_image_hash(const kiln_image *img)
{
	return img->hash;
}

const void *kiln_image_section(const kiln_image *img, uint32_t tag, size_t *len)
{
	for (size_t i = 0; i < img->nsecs; i++) {
		if (img->secs[i].tag == tag) {
			if (len)
				*len = img->secs[i].len;
			return img->secs[i].data;
		}
	}
	if (len)
		*len = 0;
	return NULL;
}
