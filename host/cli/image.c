// SPDX-License-Identifier: Apache-2.0
/* kiln regs, kiln trust, kiln dg: what an image file describes (read, never run), vouching for its model,
 * and its device globals through libkiln. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/cli.h"
#include "host/common/image.h"
#include "host/common/model_trust.h"
#include "host/common/regmap.h"

int cmd_trust(cli *c)
{
	kiln_image *img = NULL;
	char err[512], digest[65];
	size_t len = 0;
	if (kiln_image_load(c->pos[0], &img, err, sizeof err) != 0)
		return cli_error(c, CLI_FAIL, "%s", err);
	const void *so = kiln_image_section(img, KILN_SEC_MODEL, &len);
	if (!so || !len) {
		kiln_image_free(img);
		return cli_error(c, CLI_FAIL, "%s: the image has no simulation model (MODL section)",
		                 c->pos[0]);
	}
	int was = kiln_model_trusted(so, len, digest);
	int rc = was ? 0 : kiln_model_trust(so, len, err, sizeof err);
	kiln_image_free(img);
	if (rc)
		return cli_error(c, CLI_FAIL, "%s", err);
	if (c->json) {
		json_t *o = json_object();
		json_object_set_new(o, "image", json_string(c->pos[0]));
		json_object_set_new(o, "model_sha256", json_string(digest));
		json_object_set_new(o, "already_trusted", json_boolean(was));
		return cli_print_json(o);
	}
	printf("%s: simulation model %s %s\n", c->pos[0], digest,
	       was ? "was already trusted" : "is now trusted");
	return CLI_OK;
}

int cmd_regs(cli *c)
{
	kiln_image *img = NULL;
	kiln_regmap map = {0};
	char err[512];
	size_t len = 0;
	if (kiln_image_load(c->pos[0], &img, err, sizeof err) != 0)
		return cli_error(c, CLI_FAIL, "%s", err);
	const char *json = kiln_image_section(img, KILN_SEC_REGMAP, &len);
	if (!json) {
		kiln_image_free(img);
		return cli_error(c, CLI_FAIL, "%s: the image has no register map (REGP section)", c->pos[0]);
	}
	if (kiln_regmap_from_json(json, len, &map, err, sizeof err) != 0) {
		kiln_image_free(img);
		return cli_error(c, CLI_FAIL, "%s: register map: %s", c->pos[0], err);
	}
	/* Both forms come from the parsed model, so what is printed is what the runtime would use. */
	char *text = c->json ? kiln_regmap_to_json(&map) : kiln_regmap_to_text(&map);
	kiln_regmap_free(&map);
	kiln_image_free(img);
	if (!text)
		return cli_error(c, CLI_FAIL, "out of memory");
	fputs(text, stdout);
	if (text[0] && text[strlen(text) - 1] != '\n')
		putchar('\n');
	free(text);
	return CLI_OK;
}

/* Prints what a dg command read (or read back): values of UNIT bytes each. */
static int print_values(const cli *c, const char *op, const char *uid, size_t size, int ha, size_t unit,
                        size_t first, const uint8_t *buf, size_t n, int readable)
{
	static const char *const ha_names[] = {"read", "write", "read_write", "none"};
	const char *ha_name = ha >= 0 && ha < 4 ? ha_names[ha] : "?";
	if (c->json) {
		json_t *o = json_object(), *vals = json_array();
		json_object_set_new(o, "operation", json_string(op));
		json_object_set_new(o, "name", json_string(uid));
		json_object_set_new(o, "size", json_integer((json_int_t)size));
		json_object_set_new(o, "host_access", json_string(ha_name));
		json_object_set_new(o, "unit", json_string(unit == 4 ? "word" : "byte"));
		json_object_set_new(o, "offset", json_integer((json_int_t)first));
		for (size_t i = 0; readable && i < n; i++) {
			uint32_t v = 0;
			memcpy(&v, buf + i * unit, unit);
			json_array_append_new(vals, json_integer(v));
		}
		json_object_set_new(o, "values", readable ? vals : (json_decref(vals), json_null()));
		return cli_print_json(o);
	}
	printf("%s (%zu bytes, host_access %s) %s %zu %s%s at %s offset %zu%s", uid, size, ha_name,
	       strcmp(op, "read") == 0 ? "read" : "wrote", n, unit == 4 ? "word" : "byte", n == 1 ? "" : "s",
	       unit == 4 ? "word" : "byte", first, readable ? ":" : " (host_access forbids reading it back)");
	for (size_t i = 0; readable && i < n; i++) {
		uint32_t v = 0;
		memcpy(&v, buf + i * unit, unit);
		printf(unit == 4 ? " 0x%08" PRIx32 : " 0x%02" PRIx32, v);
	}
	printf("\n");
	return CLI_OK;
}

int cmd_dg(cli *c)
{
	const char *op = c->pos[0];
	int write = strcmp(op, "write") == 0;
	if (!write && strcmp(op, "read") != 0)
		return cli_error(c, CLI_USAGE, "dg: unknown operation '%s' (read or write)", op);
	c->cmd = write ? "dg write" : "dg read";
	if (!write && c->npos != 4)
		return cli_error(c, CLI_USAGE, "dg read takes DEV IMAGE NAME (and no values)");
	if (write && c->npos < 5)
		return cli_error(c, CLI_USAGE, "dg write takes DEV IMAGE NAME VALUE...");
	if (write && c->count >= 0)
		return cli_error(c, CLI_USAGE, "dg write takes no --count (the values say how many)");
	const char *uid = c->pos[3];
	size_t unit = c->bytes ? 1 : 4;
	size_t nvals = write ? (size_t)(c->npos - 4) : 0;
	uint8_t *vals = calloc(nvals + 1, unit);
	if (!vals)
		return cli_error(c, CLI_FAIL, "out of memory");
	for (size_t i = 0; i < nvals; i++) {
		uint64_t v = 0;
		if (cli_parse_value(c->pos[4 + i], (unsigned)unit * 8, &v) != 0) {
			free(vals);
			return cli_error(c, CLI_USAGE, "bad value '%s': want a %s", c->pos[4 + i],
			                 unit == 4 ? "32-bit number (or --bytes for bytes)"
			                           : "byte (0..255 or -128..-1)");
		}
		uint32_t w = (uint32_t)v;
		memcpy(vals + i * unit, &w, unit); /* little-endian host, as the hardware */
	}

	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	int rc = cli_open(c, c->pos[1], &dev);
	if (rc != CLI_OK) {
		free(vals);
		return rc;
	}
	int st = kiln_program_load(dev, c->pos[2], &prog);
	if (st != KILN_OK) {
		free(vals);
		kiln_device_close(dev);
		return cli_kiln_error(c, st == KILN_ERR_INVALID ? KILN_ERR_IMAGE : st, "cannot load %s",
		                      c->pos[2]);
	}
	size_t size = 0;
	int ha = 0;
	uint8_t *buf = NULL;
	if ((st = kiln_dg_info(prog, uid, &size, &ha)) != KILN_OK) {
		rc = cli_kiln_error(c, st, "device global '%s'", uid);
		goto out;
	}
	if (size % unit) {
		rc = cli_error(c, CLI_USAGE,
		               "device global '%s' has %zu bytes, not a whole number of words: use --bytes",
		               uid, size);
		goto out;
	}
	size_t have = size / unit;
	size_t first = c->offset >= 0 ? (size_t)c->offset : 0;
	size_t n = write ? nvals : c->count >= 0 ? (size_t)c->count : first < have ? have - first : 0;
	const char *u = unit == 4 ? "word" : "byte";
	if (first >= have) {
		rc =
		    cli_error(c, CLI_USAGE,
		              "device global '%s' has %zu %s%s (offsets 0..%zu); %s offset %zu is outside it",
		              uid, have, u, have == 1 ? "" : "s", have - 1, u, first);
		goto out;
	}
	if (n == 0) {
		rc = cli_error(c, CLI_USAGE, "--count 0: nothing to read");
		goto out;
	}
	if (n > have - first) {
		rc =
		    cli_error(c, CLI_USAGE,
		              "device global '%s' has %zu %s%s; %zu %s%s from %s offset %zu run past its end",
		              uid, have, u, have == 1 ? "" : "s", n, u, n == 1 ? "" : "s", u, first);
		goto out;
	}
	buf = calloc(n + 1, unit);
	if (!buf) {
		rc = cli_error(c, CLI_FAIL, "out of memory");
		goto out;
	}
	int readable = ha == 0 || ha == 2;
	if (write && (st = kiln_dg_write(prog, uid, vals, n * unit, first * unit)) != KILN_OK) {
		rc = cli_kiln_error(c, st, "writing '%s'", uid);
		goto out;
	}
	if ((!write || readable) && (st = kiln_dg_read(prog, uid, buf, n * unit, first * unit)) != KILN_OK) {
		rc = cli_kiln_error(c, st, "reading '%s'", uid);
		goto out;
	}
	rc = print_values(c, op, uid, size, ha, unit, first, buf, n, !write || readable);
out:
	free(buf);
	free(vals);
	kiln_program_release(prog);
	kiln_device_close(dev);
	return rc;
}
