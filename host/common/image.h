// SPDX-License-Identifier: Apache-2.0
/* The Kiln image file: a versioned, checksummed container of typed sections (ARCHITECTURE contract 3).
 * Shared by kiln-cc (writer) and libkiln (reader); the byte layout is documented in docs/image-format.md. */
#ifndef KILN_IMAGE_H
#define KILN_IMAGE_H
#include <stddef.h>
#include <stdint.h>

#define KILN_IMAGE_MAGIC "KILNIMG" /* 8 bytes with the terminating NUL */
#define KILN_IMAGE_FORMAT_VERSION 1

/* Section tags: four ASCII characters, little-endian. */
enum kiln_section_tag {
	KILN_SEC_META = 0x4154454d,  /* "META": image description JSON (desc.h) */
	KILN_SEC_PROPS = 0x504f5250, /* "PROP": property sets text (propset.h) */
	KILN_SEC_RTL = 0x004c5452,   /* "RTL\0": the image's Verilog (all generated modules) */
	KILN_SEC_MEMH =
	    0x484d454d, /* "MEMH": the on-chip memories' $readmemh files, each after a comment line */
	KILN_SEC_MODEL = 0x4c444f4d, /* "MODL": simulation model shared library (sim board) */
	KILN_SEC_IR = 0x00005249,    /* "IR\0\0": device LLVM bitcode after post-link */
	KILN_SEC_BITS = 0x53544942,  /* "BITS": the FPGA bitstream (real boards) */
	KILN_SEC_PNR = 0x00524e50,   /* "PNR\0": the place-and-route report of that bitstream, JSON */
	KILN_SEC_REGMAP = 0x50474552 /* "REGP": register map JSON (regmap.h) */
};

typedef struct kiln_image kiln_image;
typedef struct kiln_image_writer kiln_image_writer;

/* Starts an image for BOARD (1..31 characters, checked when serialising); NULL only when out of memory. */
kiln_image_writer *kiln_image_writer_new(const char *board, uint64_t image_hash);
/* Appends a copy of DATA as a section; 0 on success, -1 when out of memory or the tag is repeated. */
int kiln_image_writer_add(kiln_image_writer *w, uint32_t tag, const void *data, size_t len);
/* Writes the image atomically (temp file + rename) to PATH; 0 or -1 with a message in ERR. */
int kiln_image_writer_save(kiln_image_writer *w, const char *path, char *err, size_t errlen);
/* Serialises into a malloc'd buffer (for tests and in-memory use); 0, or -1 when out of memory or the board
 * name does not fit. */
int kiln_image_writer_bytes(kiln_image_writer *w, uint8_t **out, size_t *outlen);
void kiln_image_writer_free(kiln_image_writer *w);

/* Parses and fully validates BUF (magic, version, sizes, section bounds, checksums); copies what it keeps.
 * Returns 0, or -1 with a one-line reason in ERR ("truncated", "bad magic", "format version 7, expected 1",
 * "checksum mismatch in section MODL", ...). Never reads outside BUF. */
int kiln_image_parse(const void *buf, size_t len, kiln_image **out, char *err, size_t errlen);
/* Reads PATH and parses it; errors name the file. 0; -1 when the file is not a good image; -2 when it cannot
 * be read (missing, unreadable, a directory or other non-regular file, a read error), which libkiln reports
 * as KILN_ERR_IO. */
int kiln_image_load(const char *path, kiln_image **out, char *err, size_t errlen);
void kiln_image_free(kiln_image *img);

/* Board name the image was built for. */
const char *kiln_image_board(const kiln_image *img);
/* 64-bit image hash (also readable from the hardware ID block). */
uint64_t kiln_image_hash(const kiln_image *img);
/* Section contents by tag, or NULL (and *len = 0) when absent. Text sections are NUL-terminated past len. */
const void *kiln_image_section(const kiln_image *img, uint32_t tag, size_t *len);

/* CRC-32 (IEEE, as zlib) of BUF, continuing from CRC (start with 0). */
uint32_t kiln_crc32(uint32_t crc, const void *buf, size_t len);
/* FNV-1a 64-bit hash, continuing from H (start with KILN_FNV64_INIT). */
#define KILN_FNV64_INIT 0xcbf29ce484222325ULL
uint64_t kiln_fnv64(uint64_t h, const void *buf, size_t len);

#endif
