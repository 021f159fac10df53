// SPDX-License-Identifier: Apache-2.0
/* kiln program, reset, read, write: driving one board's hardware directly. */
#include <inttypes.h>
#include <stdio.h>

#include "host/cli/cli.h"

int cmd_program(cli *c)
{
	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	int rc = cli_open(c, c->pos[0], &dev);
	if (rc != CLI_OK)
		return rc;
	int st = kiln_program_load(dev, c->pos[1], &prog);
	if (st != KILN_OK) {
		kiln_device_close(dev);
		return cli_kiln_error(c, st == KILN_ERR_INVALID ? KILN_ERR_IMAGE : st, "cannot program %s",
		                      c->pos[1]);
	}
	uint64_t hash = kiln_device_loaded_image(dev);
	int nk = kiln_program_num_kernels(prog);
	if (c->json) {
		json_t *o = json_object(), *ks = json_array();
		char h[24];
		snprintf(h, sizeof h, "%016" PRIx64, hash);
		for (int i = 0; i < nk; i++)
			json_array_append_new(ks, json_string(kiln_program_kernel_name(prog, i)));
		json_object_set_new(o, "device", json_string(kiln_device_name(dev)));
		json_object_set_new(o, "image", json_string(c->pos[1]));
		json_object_set_new(o, "image_hash", json_string(h));
		json_object_set_new(o, "kernels", ks);
		json_object_set_new(o, "id_block_checked", json_true());
		cli_print_json(o);
	} else {
		printf("programmed %s on %s: image hash %016" PRIx64 ", %d kernel%s; ID block checked\n",
		       c->pos[1], kiln_device_name(dev), hash, nk, nk == 1 ? "" : "s");
	}
	if (prog)
		kiln_program_release(prog);
	kiln_device_close(dev);
	return CLI_OK;
}

int cmd_reset(cli *c)
{
	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	uint32_t magic = 0;
	int rc = cli_open(c, c->pos[0], &dev);
	if (rc != CLI_OK)
		return rc;
	if ((rc = cli_bring_up(c, dev, c->json, &prog, NULL)) != CLI_OK) {
		kiln_device_close(dev);
		return rc;
	}
	int st = kiln_device_reset(dev);
	if (st == KILN_OK)
		st = kiln_device_mmio_read(dev, 0x0, &magic);
	if (st != KILN_OK)
		rc = cli_kiln_error(c, st, "reset of %s", kiln_device_name(dev));
	else if (c->json) {
		json_t *o = json_object();
		json_object_set_new(o, "device", json_string(kiln_device_name(dev)));
		json_object_set_new(o, "reset", json_true());
		json_object_set_new(o, "shell_magic", json_integer(magic));
		cli_print_json(o);
	} else {
		printf("reset %s; the shell answers (magic 0x%08" PRIx32 ")\n", kiln_device_name(dev), magic);
	}
	if (prog)
		kiln_program_release(prog);
	kiln_device_close(dev);
	return rc;
}

/* read and write share everything but the access itself. */
static int access_cmd(cli *c, int write)
{
	uint32_t addr = 0, val = 0;
	uint64_t v = 0;
	if (cli_parse_addr(c->pos[1], &addr) != 0)
		return cli_error(c, CLI_USAGE,
		                 "bad address '%s': want a word-aligned 32-bit address (e.g. 0x10000)",
		                 c->pos[1]);
	if (write) {
		if (cli_parse_value(c->pos[2], 32, &v) != 0)
			return cli_error(c, CLI_USAGE, "bad value '%s': want a 32-bit number", c->pos[2]);
		val = (uint32_t)v;
	}
	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	int rc = cli_open(c, c->pos[0], &dev);
	if (rc != CLI_OK)
		return rc;
	if ((rc = cli_bring_up(c, dev, c->json, &prog, NULL)) != CLI_OK) {
		kiln_device_close(dev);
		return rc;
	}
	int st = write ? kiln_device_mmio_write(dev, addr, val) : kiln_device_mmio_read(dev, addr, &val);
	if (st != KILN_OK) {
		rc = cli_kiln_error(c, st, "%s at 0x%08" PRIx32, write ? "write" : "read", addr);
	} else if (c->json) {
		json_t *o = json_object();
		char a[16];
		snprintf(a, sizeof a, "0x%08" PRIx32, addr);
		json_object_set_new(o, "device", json_string(kiln_device_name(dev)));
		json_object_set_new(o, "address", json_string(a));
		json_object_set_new(o, "value", json_integer(val));
		if (write)
			json_object_set_new(o, "written", json_true());
		cli_print_json(o);
	} else if (write) {
		printf("0x%08" PRIx32 " <- 0x%08" PRIx32 "\n", addr, val);
	} else {
		printf("0x%08" PRIx32 ": 0x%08" PRIx32 " (%" PRIu32 ")\n", addr, val, val);
	}
	if (prog)
		kiln_program_release(prog);
	kiln_device_close(dev);
	return rc;
}

int cmd_read(cli *c)
{
	return access_cmd(c, 0);
}

int cmd_write(cli *c)
{
	return access_cmd(c, 1);
}
