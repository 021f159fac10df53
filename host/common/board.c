// SPDX-License-Identifier: Apache-2.0
/* Board descriptions. The file name is the board's name, so NAME.json must say "name": "NAME". */
#include "host/common/board.h"
#include "host/common/contract.h"

#include "host/common/fileio.h"
#include "host/common/jsonutil.h"
#include "host/common/paths.h"
#include "host/common/sort.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The host bridge maps device memory at 0x8000_0000..0xFFFF_FFFF (docs/hardware-contract.md). */
#define DEVMEM_WINDOW 0x80000000ULL
/* The debug channel of a board file without debug_bytes: what every board had before the field. */
#define DEBUG_DEFAULT_BYTES 0x40000u
#define DEBUG_DEFAULT_MIN_DEVMEM 0x400000u
/* The smallest channel: its header and room for a few records (a printf of one int takes 12 bytes). */
#define DEBUG_MIN_BYTES 64u

const char *kiln_board_dir(void)
{
	return kiln_data_file("KILN_CONFIG_DIR", "boards");
}

/* Board names become file names: plain [A-Za-z0-9_-] only, so no name can reach outside the board dir. */
static int valid_name(const char *s)
{
	if (!*s || strlen(s) > 64)
		return 0;
	for (; *s; s++)
		if (!(*s >= 'a' && *s <= 'z') && !(*s >= 'A' && *s <= 'Z') && !(*s >= '0' && *s <= '9') &&
		    *s != '_' && *s != '-')
			return 0;
	return 1;
}

#define BACKEND_NAME(n, persistent) #n,
const char *const kiln_board_backends[] = {KILN_BOARD_BACKENDS(BACKEND_NAME)};
#undef BACKEND_NAME
#define BACKEND_PERSISTENT(n, persistent) persistent,
static const int backend_persistent[] = {KILN_BOARD_BACKENDS(BACKEND_PERSISTENT)};
#undef BACKEND_PERSISTENT

int kiln_board_persistent(const kiln_board_config *b)
{
	for (int i = 0; b && b->backend && i < kiln_board_nbackends; i++)
		if (strcmp(b->backend, kiln_board_backends[i]) == 0)
			return backend_persistent[i];
	return 0;
}
const int kiln_board_nbackends = (int)(sizeof kiln_board_backends / sizeof kiln_board_backends[0]);

/* The families' names in board files, family KILN_FPGA_ICE40 first: enum value = index + 1. */
static const char *const fpga_families[] = {"ice40", "ecp5"};
#define NFAMILIES (int)(sizeof fpga_families / sizeof fpga_families[0])

const char *kiln_fpga_family_name(kiln_fpga_family f)
{
	return f >= 1 && (int)f <= NFAMILIES ? fpga_families[f - 1] : NULL;
}

/* "fpga": the part. Its resources are what kiln-cc checks an image against before place and route. */
static int parse_fpga(const json_t *o, kiln_board_fpga *f, char *err, size_t errlen)
{
	static const char *const keys[] = {"family", "device", "package", "luts",           "ffs",
	                                   "brams",  "dsps",   "sprams",  "oscillator_mhz", "rom_max_bytes",
	                                   NULL};
	int fam;
	if (!json_is_object(o)) {
		snprintf(err, errlen, "fpga: expected an object");
		return -1;
	}
	if (kiln_json_only_keys(o, "fpga", keys, err, errlen) ||
	    kiln_json_enum(o, "fpga", "family", fpga_families, NFAMILIES, &fam, err, errlen) ||
	    kiln_json_str(o, "fpga", "device", 1, &f->device, err, errlen) ||
	    kiln_json_str(o, "fpga", "package", 1, &f->package, err, errlen) ||
	    kiln_json_u32(o, "fpga", "luts", 1, UINT32_MAX, &f->luts, err, errlen) ||
	    kiln_json_u32(o, "fpga", "ffs", 1, UINT32_MAX, &f->ffs, err, errlen) ||
	    kiln_json_u32(o, "fpga", "brams", 0, UINT32_MAX, &f->brams, err, errlen) ||
	    kiln_json_u32(o, "fpga", "dsps", 0, UINT32_MAX, &f->dsps, err, errlen) ||
	    kiln_json_positive(o, "fpga", "oscillator_mhz", &f->oscillator_mhz, err, errlen))
		return -1;
	f->family = (kiln_fpga_family)(fam + 1);
	f->sprams = 0;
	if (json_object_get(o, "sprams") &&
	    kiln_json_u32(o, "fpga", "sprams", 0, f->family == KILN_FPGA_ICE40 ? 64 : 0, &f->sprams, err,
	                  errlen))
		return -1;
	f->rom_max_bytes = 0;
	if (json_object_get(o, "rom_max_bytes") &&
	    kiln_json_u32(o, "fpga", "rom_max_bytes", 1, KILN_ONCHIP_MEM_MAX_BYTES, &f->rom_max_bytes, err,
	                  errlen))
		return -1;
	return 0;
}

/* "host_link": how the host reaches the board. */
static int parse_link(const json_t *o, kiln_board_link *l, char *err, size_t errlen)
{
	static const char *const keys[] = {"kind", "baud", "port", NULL};
	static const char *const kinds[] = {"uart"};
	int kind;
	if (!json_is_object(o)) {
		snprintf(err, errlen, "host_link: expected an object");
		return -1;
	}
	if (kiln_json_only_keys(o, "host_link", keys, err, errlen) ||
	    kiln_json_enum(o, "host_link", "kind", kinds, 1, &kind, err, errlen) ||
	    kiln_json_u32(o, "host_link", "baud", 300, 100000000, &l->baud, err, errlen) ||
	    kiln_json_str_opt(o, "host_link", "port", "", &l->port, err, errlen))
		return -1;
	if (!(l->kind = strdup(kinds[kind]))) {
		snprintf(err, errlen, "host_link: out of memory");
		return -1;
	}
	return 0;
}

/* "debug_bytes": the channel below the first allocation, which moves up with it; the default keeps the
 * channel every board had before the field. At most what leaves the upper half of device memory to the
 * allocations (the buffers and the heap), which would otherwise be squeezed out by a channel for text. */
static int parse_debug_bytes(const json_t *root, kiln_board_config *b, char *err, size_t errlen)
{
	uint64_t v = kiln_board_default_debug_bytes(b->devmem_bytes);
	if (json_object_get(root, "debug_bytes") &&
	    kiln_json_u64(root, "", "debug_bytes", 0, UINT32_MAX, &v, err, errlen))
		return -1;
	if (v % 4) {
		snprintf(err, errlen, "debug_bytes: %llu is not a multiple of 4", (unsigned long long)v);
		return -1;
	}
	if (v && v < DEBUG_MIN_BYTES) {
		snprintf(err, errlen,
		         "debug_bytes: %llu is too small for the channel's header and a record (0 for no "
		         "channel, else at least %u)",
		         (unsigned long long)v, DEBUG_MIN_BYTES);
		return -1;
	}
	uint64_t most = b->devmem_bytes / 2 > KILN_DEBUG_BASE ? b->devmem_bytes / 2 - KILN_DEBUG_BASE : 0;
	if (v > most) {
		snprintf(err, errlen,
		         "debug_bytes: %llu is too large: the channel starts at 0x%x and must end within the "
		         "first half of the %llu bytes of device memory, the rest being for allocations (at "
		         "most %llu here)",
		         (unsigned long long)v, KILN_DEBUG_BASE, (unsigned long long)b->devmem_bytes,
		         (unsigned long long)most);
		return -1;
	}
	b->debug_bytes = (uint32_t)v;
	return 0;
}

static int parse_fields(const json_t *root, kiln_board_config *b, char *err, size_t errlen)
{
	static const char *const keys[] = {"name",
	                                   "description",
	                                   "backend",
	                                   "board_id",
	                                   "clock_period_ns",
	                                   "devmem_bytes",
	                                   "debug_bytes",
	                                   "devmem_latency",
	                                   "watchdog_cycles",
	                                   "aspects",
	                                   "fpga",
	                                   "host_link",
	                                   "devmem_stall_period",
	                                   NULL};
	json_t *aspects;
	uint64_t id;
	int backend;
	if (kiln_json_only_keys(root, "", keys, err, errlen) ||
	    kiln_json_str(root, "", "name", 1, &b->name, err, errlen))
		return -1;
	if (!valid_name(b->name)) {
		snprintf(err, errlen, "name: '%.64s' is not a board name (letters, digits, '_' and '-')",
		         b->name);
		return -1;
	}
	if (kiln_json_str_opt(root, "", "description", "", &b->description, err, errlen) ||
	    kiln_json_enum(root, "", "backend", kiln_board_backends, kiln_board_nbackends, &backend, err,
	                   errlen) ||
	    kiln_json_u64(root, "", "board_id", 0, UINT32_MAX, &id, err, errlen) ||
	    kiln_json_positive(root, "", "clock_period_ns", &b->clock_period_ns, err, errlen) ||
	    kiln_json_u64(root, "", "devmem_bytes", 4, DEVMEM_WINDOW, &b->devmem_bytes, err, errlen) ||
	    kiln_json_u32(root, "", "devmem_latency", 0, 1000000, &b->devmem_latency, err, errlen) ||
	    kiln_json_u64(root, "", "watchdog_cycles", 1, UINT64_MAX, &b->watchdog_cycles, err, errlen) ||
	    kiln_json_array(root, "", "aspects", &aspects, err, errlen))
		return -1;
	b->board_id = (uint32_t)id;
	b->devmem_stall_set = json_object_get(root, "devmem_stall_period") != NULL;
	if (b->devmem_stall_set &&
	    kiln_json_u32(root, "", "devmem_stall_period", 0, 1000000, &b->devmem_stall_period, err, errlen))
		return -1;
	if (!(b->backend = strdup(kiln_board_backends[backend]))) {
		snprintf(err, errlen, "backend: out of memory");
		return -1;
	}
	const json_t *fpga = json_object_get(root, "fpga"), *link = json_object_get(root, "host_link");
	if ((fpga && parse_fpga(fpga, &b->fpga, err, errlen)) ||
	    (link && parse_link(link, &b->link, err, errlen)))
		return -1;
	if (b->devmem_bytes % 4) {
		snprintf(err, errlen, "devmem_bytes: %llu is not a multiple of 4",
		         (unsigned long long)b->devmem_bytes);
		return -1;
	}
	if (parse_debug_bytes(root, b, err, errlen))
		return -1;
	size_t n = json_array_size(aspects);
	b->aspects = calloc(n ? n : 1, sizeof *b->aspects);
	if (!b->aspects) {
		snprintf(err, errlen, "aspects: out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const char *s = json_string_value(json_array_get(aspects, i));
		if (!s || !*s) {
			snprintf(err, errlen, "aspects[%zu]: expected a non-empty string", i);
			return -1;
		}
		for (size_t j = 0; j < i; j++) {
			if (strcmp(b->aspects[j], s) == 0) {
				snprintf(err, errlen, "aspects[%zu]: duplicate aspect '%s'", i, s);
				return -1;
			}
		}
		if (!(b->aspects[i] = strdup(s))) {
			snprintf(err, errlen, "aspects: out of memory");
			return -1;
		}
		b->naspects = i + 1;
	}
	return 0;
}

int kiln_board_parse(const char *json, size_t len, const char *path, kiln_board_config *out, char *err,
                     size_t errlen)
{
	*out = (kiln_board_config){0};
	char why[256];
	json_t *root = kiln_json_load(json, len, why, sizeof why);
	int rc = root ? parse_fields(root, out, why, sizeof why) : -1;
	json_decref(root);
	if (!rc && !(out->path = strdup(path))) {
		snprintf(why, sizeof why, "out of memory");
		rc = -1;
	}
	if (rc) {
		snprintf(err, errlen, "%s: %s", path, why);
		kiln_board_free(out);
	}
	return rc;
}

int kiln_board_load(const char *name, kiln_board_config *out, char *err, size_t errlen)
{
	*out = (kiln_board_config){0};
	const char *dir = kiln_board_dir();
	if (!valid_name(name)) {
		snprintf(err, errlen, "'%.64s' is not a board name (letters, digits, '_' and '-')", name);
		return -1;
	}
	size_t plen = strlen(dir) + strlen(name) + 8;
	char *path = malloc(plen);
	if (!path) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	snprintf(path, plen, "%s/%s.json", dir, name);
	char *text;
	size_t len;
	int rc = -1;
	if (kiln_read_file(path, &text, &len)) {
		if (errno == ENOENT)
			snprintf(err, errlen, "%s: no such board '%s' (boards live in %s)", path, name, dir);
		else
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
	} else {
		rc = kiln_board_parse(text, len, path, out, err, errlen);
		free(text);
		if (!rc && strcmp(out->name, name) != 0) {
			snprintf(err, errlen, "%s: name: '%s' does not match the file name", path, out->name);
			kiln_board_free(out);
			rc = -1;
		}
	}
	free(path);
	return rc;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int kiln_board_list(char ***names)
{
	*names = NULL;
	DIR *d = opendir(kiln_board_dir());
	if (!d)
		return -1;
	char **v = NULL;
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (l <= 5 || strcmp(e->d_name + l - 5, ".json") != 0)
			continue;
		char *nm = strndup(e->d_name, l - 5);
		char **nv = nm && valid_name(nm) ? realloc(v, (size_t)(n + 1) * sizeof *v) : NULL;
		if (!nv) {
			int oom = !nm || valid_name(nm);
			free(nm);
			if (!oom)
				continue; /* a stray file such as "my board.json" is not a board */
			for (int i = 0; i < n; i++)
				free(v[i]);
			free(v);
			closedir(d);
			return -1;
		}
		v = nv;
		v[n++] = nm;
	}
	closedir(d);
	kiln_sort(v, (size_t)n, sizeof *v, cmp_str);
	*names = v;
	return n;
}

void kiln_board_free(kiln_board_config *b)
{
	for (size_t i = 0; i < b->naspects; i++)
		free(b->aspects[i]);
	free(b->aspects);
	free(b->name);
	free(b->description);
	free(b->backend);
	free(b->fpga.device);
	free(b->fpga.package);
	free(b->link.kind);
	free(b->link.port);
	free(b->path);
	*b = (kiln_board_config){0};
}

uint32_t kiln_board_default_debug_bytes(uint64_t devmem)
{
	return devmem >= DEBUG_DEFAULT_MIN_DEVMEM ? DEBUG_DEFAULT_BYTES : 0;
}

int kiln_board_has_debug_channel(const kiln_board_config *b)
{
	return b->debug_bytes != 0;
}

uint64_t kiln_board_devmem_first(const kiln_board_config *b)
{
	/* a memory gives up its first bytes to the null pointer (the shell drops a kernel's accesses there),
	 * and the debug channel's after them. Any memory larger than the null page keeps it back, however
	 * little is left (the HX8K's 8 KiB leaves 4 KiB): an allocation there would be at address 0, C's null
	 * pointer, and no kernel could reach it. Only a memory of at most the null page is all handed out, to
	 * the host alone. */
	if (b->debug_bytes)
		return KILN_DEBUG_BASE + (uint64_t)b->debug_bytes;
	return b->devmem_bytes > KILN_NULL_PAGE_BYTES ? KILN_NULL_PAGE_BYTES : 0;
}

int kiln_image_uses_debug_channel(const kiln_propsets *ps)
{
	return kiln_propsets_find(ps, "Kiln/printf") || kiln_propsets_find(ps, "Kiln/stops") ||
	       kiln_propsets_find(ps, "Kiln/heap");
}

int kiln_board_has_aspect(const kiln_board_config *b, const char *aspect)
{
	for (size_t i = 0; b && aspect && i < b->naspects; i++)
		if (strcmp(b->aspects[i], aspect) == 0)
			return 1;
	return 0;
}
