// SPDX-License-Identifier: Apache-2.0
/* The host side of the debug channel (host/common/contract.h): what a kernel printf'd, formatted by this
 * process's C library exactly as the kernel's format says, and how the kernel stopped itself. The channel
 * is read from device memory after each run; its contents come from hardware and the image, so every
 * record is checked against the image's format table and the bytes the kernel reported written. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "host/common/printf_fmt.h"
#include "internal.h"

/* Whether K's program uses the channel on this board (kiln__debug_check having passed). */
static int uses_channel(const kiln_kernel *k)
{
	const kiln_program *p = k->prog;
	return kiln_board_has_debug_channel(&p->dev->cfg) && kiln_image_uses_debug_channel(&p->debug);
}

int kiln__debug_check(const kiln_program *p, const char *path)
{
	const kiln_board_config *b = &p->dev->cfg;
	if (!kiln_image_uses_debug_channel(&p->debug))
		return KILN_OK;
	const kiln_propset *s = kiln_propsets_find(&p->debug, KILN_DEBUG_CHANNEL_SET);
	const kiln_prop *pr = s ? kiln_propset_find(s, "bytes") : NULL;
	if (s && (!pr || pr->type != KILN_PROP_UINT32))
		return kiln__fail(KILN_ERR_IMAGE, "%s: the image's [%s] set has no valid size", path,
		                  KILN_DEBUG_CHANNEL_SET);
	/* an image older than the set was built with the channel every board had then */
	uint32_t built = pr ? pr->u32 : kiln_board_default_debug_bytes(b->devmem_bytes);
	if (built == b->debug_bytes)
		return KILN_OK;
	return kiln__fail(KILN_ERR_IMAGE,
	                  "%s: compiled for a debug channel of %u bytes, but board '%s' has %u (debug_bytes "
	                  "in %s): compile the image again",
	                  path, built, b->name, b->debug_bytes, b->path ? b->path : "its board file");
}

/* Row ID of SET as a NUL-terminated string (malloc'd), or NULL. */
static char *row(const kiln_program *p, const char *set, uint32_t id)
{
	const kiln_propset *s = kiln_propsets_find(&p->debug, set);
	char name[16];
	snprintf(name, sizeof name, "%u", id);
	const kiln_prop *pr = s ? kiln_propset_find(s, name) : NULL;
	char *text = pr && pr->type == KILN_PROP_BYTES ? malloc(pr->nbytes + 1) : NULL;
	if (text) {
		memcpy(text, pr->bytes, pr->nbytes);
		text[pr->nbytes] = '\0';
	}
	return text;
}

int kiln__debug_before(kiln_kernel *k)
{
	k->exit_status = -1;
	if (!uses_channel(k))
		return KILN_OK;
	kiln_device *d = k->prog->dev;
	uint8_t zero[KILN_DEBUG_RECORDS] = {0};
	int st = d->ops->mem_write(d->be, KILN_DEBUG_BASE, zero, sizeof zero);
	if (st)
		return kiln__fail(st, "kernel '%s': clearing the debug channel failed", k->desc->name);
	return k->prog->heap_size ? kiln__heap_before(k->prog) : KILN_OK;
}

/* A record's words, read in order; 0 once they run out. */
typedef struct reader {
	const uint8_t *buf;
	size_t at, end;
} reader;

static int word(reader *r, uint32_t *w)
{
	if (r->end - r->at < 4)
		return 0;
	memcpy(w, r->buf + r->at, 4);
	r->at += 4;
	return 1;
}

static int int64(reader *r, long long *v)
{
	uint32_t lo, hi;
	if (!word(r, &lo) || !word(r, &hi))
		return 0;
	*v = (long long)((uint64_t)hi << 32 | lo);
	return 1;
}

/* The widest field a kernel's printf gets: a width or precision from the kernel (or a crafted image) would
 * otherwise make the C library write and allocate gigabytes. */
#define FIELD_MAX 4096

/* V bounded to [-FIELD_MAX, FIELD_MAX] (a negative width is a left-justified one); says so once a run. */
static int bounded(const kiln_kernel *k, long long v)
{
	static atomic_int warned;
	if (v >= -FIELD_MAX && v <= FIELD_MAX)
		return (int)v;
	if (!atomic_exchange(&warned, 1))
		fprintf(stderr,
		        "kiln: kernel '%s': a printf width or precision above %d was cut to %d (said once)\n",
		        k->desc->name, FIELD_MAX, FIELD_MAX);
	return v < 0 ? -FIELD_MAX : FIELD_MAX;
}

/* Prints one conversion C of FMT with the value(s) the record holds (to OUT; NULL: only reads them); 0
 * when the record is short. */
static int conversion(const kiln_kernel *k, FILE *out, const char *fmt, const kiln_fmt_conv *c, reader *r)
{
	char spec[64];
	long long w = c->width < 0 ? 0 : c->width, pr = c->prec, v = 0;
	char *str = NULL;
	if (kiln_fmt_star_spec(fmt, c, spec, sizeof spec) || (c->star_width && !int64(r, &w)) ||
	    (c->star_prec && !int64(r, &pr)))
		return 0;
	if ((c->value == KILN_FMT_INT || c->value == KILN_FMT_DOUBLE) && !int64(r, &v))
		return 0;
	if (c->value == KILN_FMT_STR) {
		uint32_t n;
		if (!word(r, &n))
			return 0;
		if (n != 0xffffffffu) {
			if (n > r->end - r->at || !(str = malloc((size_t)n + 1)))
				return 0;
			memcpy(str, r->buf + r->at, n);
			str[n] = '\0';
			r->at += ((size_t)n + 3) & ~(size_t)3;
		}
	}
	/* A negative precision is as if there were none, as C says for '*'. */
	int iw = out ? bounded(k, w) : 0, ip = pr < 0 ? -1 : out ? bounded(k, pr) : 0;
	/* The spec is one validated conversion (kiln_fmt_next) with '*' width and precision, so the arguments
	 * below are what it reads. */
#define EMIT(val) (out ? fprintf(out, spec, iw, ip, val) : 0)
	int sgn = c->conv == 'd' || c->conv == 'i';
	double dv;
	memcpy(&dv, &v, sizeof dv);
	switch (c->value == KILN_FMT_STR      ? 's'
	        : c->value == KILN_FMT_DOUBLE ? 'f'
	        : c->conv == 'c'              ? 'c'
	        : c->conv == 'p'              ? 'p'
	                                      : c->size) {
	case 's':
		EMIT(str ? str : "(null)");
		break;
	case 'f':
		EMIT(dv);
		break;
	case 'c':
		EMIT((int)v);
		break;
	case 'p':
		EMIT((void *)(uintptr_t)v);
		break;
	case 'H':
		sgn ? EMIT((int)(signed char)v) : EMIT((unsigned)(unsigned char)v);
		break;
	case 'h':
		sgn ? EMIT((int)(short)v) : EMIT((unsigned)(unsigned short)v);
		break;
	case 'l':
	case 'j':
	case 'z':
	case 't':
		sgn ? EMIT((long)v) : EMIT((unsigned long)v);
		break;
	case 'L':
	case 'D':
		sgn ? EMIT(v) : EMIT((unsigned long long)v);
		break;
	default:
		sgn ? EMIT((int)v) : EMIT((unsigned)v);
		break;
	}
#undef EMIT
	free(str);
	return 1;
}

/* Prints the records of BUF (USED bytes); -1 at a record the image does not explain. */
static int print_records(const kiln_kernel *k, const uint8_t *buf, size_t used)
{
	reader r = {buf, 0, used};
	uint32_t id;
	int quiet = getenv("KILN_PRINTF") && !strcmp(getenv("KILN_PRINTF"), "off");
	while (word(&r, &id)) {
		char *text = row(k->prog, "Kiln/printf", id);
		if (!text || !text[0])
			return free(text), -1;
		FILE *out = quiet ? NULL : text[0] == 'e' ? stderr : stdout;
		const char *fmt = text + 1;
		size_t at = 0, lit = 0;
		kiln_fmt_conv c;
		char err[200];
		int got;
		while ((got = kiln_fmt_next(fmt, &at, &c, err, sizeof err)) > 0) {
			if (out)
				fwrite(fmt + lit, 1, c.start - lit, out);
			if (c.conv == '%' && c.value == KILN_FMT_NONE) {
				if (out)
					fputc('%', out);
			} else if (!conversion(k, out, fmt, &c, &r)) {
				free(text);
				return -1;
			}
			lit = at;
		}
		if (out)
			fputs(fmt + lit, out);
		free(text);
		if (got < 0)
			return -1;
	}
	if (!quiet)
		fflush(stdout);
	return 0;
}

/* How each way a kernel stops itself (contract.h's KILN_STOP_*) is told: the exit status it gives (-1:
 * exit's own), and what the kernel did, a format that takes exit's status ('c') or the site's text ('t'). */
static const struct stop_kind {
	uint32_t kind;
	int status;
	char takes;
	const char *did;
} stop_kinds[] = {
    {KILN_STOP_EXIT, -1, 'c', "called exit(%d)"},
    {KILN_STOP_ABORT, 134, 0, "called abort()"}, /* as a shell reports SIGABRT */
    {KILN_STOP_ASSERT, 134, 't', "failed assertion `%s'"},
    {KILN_STOP_BAD_CALL, 139, 0,
     "called through a pointer that is no function (null or invalid)"}, /* SIGSEGV */
    {KILN_STOP_STACK, 139, 't', "made %s"},    /* as a program that overflows its stack dies */
    {KILN_STOP_BOUNDS, 139, 't', "made a %s"}, /* kiln-cc --checks: "store of 4 bytes outside ..." */
};

/* Reports the stop words KIND, CODE and SITE_ROW K's run left: KILN_OK when it did not stop itself. */
static int report_stop(kiln_kernel *k, uint32_t kind, uint32_t code, uint32_t site_row)
{
	const char *name = k->desc->name;
	if (!kind)
		return KILN_OK;
	const struct stop_kind *sk = NULL;
	for (size_t i = 0; i < sizeof stop_kinds / sizeof *stop_kinds; i++)
		if (stop_kinds[i].kind == kind)
			sk = &stop_kinds[i];
	if (!sk)
		return kiln__fail(KILN_ERR_HW,
		                  "kernel '%s' stopped with unknown stop kind %u (status %d, site %u)", name,
		                  kind, (int)code, site_row);
	char *site = row(k->prog, "Kiln/stops", site_row);
	/* "kind\tfile:line\texpr\tfunction" */
	char *where = site ? strchr(site, '\t') : NULL, *text = where ? strchr(where + 1, '\t') : NULL;
	if (where)
		*where++ = '\0';
	if (text)
		*text++ = '\0';
	char *func = text ? strchr(text, '\t') : NULL;
	if (func)
		*func++ = '\0';
	k->exit_status = sk->status < 0 ? (int)code & 0xff : sk->status;
	if (kind == KILN_STOP_ASSERT) /* what glibc says on stderr */
		fprintf(stderr, "kiln: kernel '%s': %s: %s: Assertion `%s' failed.\n", name,
		        where ? where : "?", func ? func : "?", text ? text : "?");
	char did[700];
	if (sk->takes == 'c')
		snprintf(did, sizeof did, sk->did, (int)code);
	else if (sk->takes == 't')
		snprintf(did, sizeof did, sk->did, text ? text : "?");
	else
		snprintf(did, sizeof did, "%s", sk->did);
	int st =
	    kiln__fail(KILN_ERR_EXIT, "kernel '%s' %s at %s", name, did, where ? where : "an unknown place");
	free(site);
	return st;
}

int kiln__debug_after(kiln_kernel *k)
{
	if (!uses_channel(k))
		return KILN_OK;
	kiln_device *d = k->prog->dev;
	const char *name = k->desc->name;
	uint32_t h[KILN_DEBUG_RECORDS / 4];
	int st = d->ops->mem_read(d->be, KILN_DEBUG_BASE, h, sizeof h);
	if (st)
		return kiln__fail(st, "kernel '%s': reading the debug channel failed", name);
	uint32_t used = h[KILN_DEBUG_USED / 4];
	uint32_t room = d->cfg.debug_bytes - KILN_DEBUG_RECORDS;
	if (used > room || used % 4)
		return kiln__fail(KILN_ERR_HW, "kernel '%s': the debug channel reports %u bytes of records",
		                  name, used);
	uint8_t *buf = used ? malloc(used) : NULL;
	if (used && !buf)
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	if (used && (st = d->ops->mem_read(d->be, KILN_DEBUG_BASE + KILN_DEBUG_RECORDS, buf, used))) {
		free(buf);
		return kiln__fail(st, "kernel '%s': reading the debug channel failed", name);
	}
	int bad = used ? print_records(k, buf, used) : 0;
	free(buf);
	if (bad)
		return kiln__fail(KILN_ERR_IMAGE,
		                  "kernel '%s': a printf record does not match the image's formats", name);
	if (h[KILN_DEBUG_DROPPED / 4])
		fprintf(stderr,
		        "kiln: kernel '%s': %u printf records did not fit the debug channel (%u bytes)\n",
		        name, h[KILN_DEBUG_DROPPED / 4], room);
	return report_stop(k, h[KILN_DEBUG_STOP / 4], h[KILN_DEBUG_CODE / 4], h[KILN_DEBUG_SITE / 4]);
}

int kiln_kernel_exit_status(const kiln_kernel *k)
{
	return k ? k->exit_status : -1;
}
