// SPDX-License-Identifier: Apache-2.0
/* kiln list, kiln info: what boards exist and what one of them holds. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/cli.h"
#include "host/common/board.h"
#include "host/common/contract.h"
#include "host/common/desc.h"
#include "host/common/image.h"

int cmd_list(cli *c)
{
	char **names = NULL;
	int n = kiln_board_list(&names);
	if (n < 0)
		return cli_error(c, CLI_FAIL, "cannot read the board directory %s", kiln_board_dir());
	json_t *arr = json_array();
	for (int i = 0; i < n; i++) {
		kiln_board_config cfg = {0};
		char err[512];
		json_t *o = json_object();
		json_object_set_new(o, "name", json_string(names[i]));
		if (kiln_board_load(names[i], &cfg, err, sizeof err) == 0) {
			json_object_set_new(o, "backend", json_string(cfg.backend));
			json_object_set_new(o, "description",
			                    json_string(cfg.description ? cfg.description : ""));
			json_object_set_new(o, "config", json_string(cfg.path ? cfg.path : ""));
			kiln_board_free(&cfg);
		} else {
			json_object_set_new(o, "error", json_string(err));
		}
		json_array_append_new(arr, o);
		free(names[i]);
	}
	free(names);
	if (c->json) {
		json_t *root = json_object();
		json_object_set_new(root, "board_dir", json_string(kiln_board_dir()));
		json_object_set_new(root, "boards", arr);
		return cli_print_json(root);
	}
	printf("boards in %s:\n", kiln_board_dir());
	size_t i;
	json_t *o;
	json_array_foreach(arr, i, o)
	{
		const char *err = json_string_value(json_object_get(o, "error"));
		if (err)
			printf("  %-10s (unusable: %s)\n", json_string_value(json_object_get(o, "name")),
			       err);
		else
			printf("  %-10s backend %-6s %s\n", json_string_value(json_object_get(o, "name")),
			       json_string_value(json_object_get(o, "backend")),
			       json_string_value(json_object_get(o, "description")));
	}
	if (n == 0)
		printf("  (none)\n");
	json_decref(arr);
	return CLI_OK;
}

static json_t *hex32(uint32_t v)
{
	char s[16];
	snprintf(s, sizeof s, "0x%08" PRIx32, v);
	return json_string(s);
}

static json_t *hex64(uint64_t v)
{
	char s[24];
	snprintf(s, sizeof s, "%016" PRIx64, v);
	return json_string(s);
}

/* Kernels of PROG with their arguments. */
static json_t *kernels_json(kiln_program *prog)
{
	json_t *arr = json_array();
	for (int i = 0; i < kiln_program_num_kernels(prog); i++) {
		kiln_kernel *k = NULL;
		if (kiln_kernel_get(prog, kiln_program_kernel_name(prog, i), &k) != KILN_OK)
			continue;
		json_t *o = json_object(), *args = json_array();
		json_object_set_new(o, "name", json_string(kiln_kernel_name(k)));
		int dims = kiln_kernel_dims(k);
		json_object_set_new(o, "kind", json_string(dims ? "nd_range" : "single_task"));
		json_object_set_new(o, "dims", json_integer(dims));
		for (int a = 0; a < kiln_kernel_num_args(k); a++) {
			const char *name = NULL;
			size_t size = 0;
			int ptr = 0;
			kiln_kernel_arg_info(k, (unsigned)a, &name, &size, &ptr);
			json_t *ao = json_object();
			json_object_set_new(ao, "name", json_string(name));
			json_object_set_new(ao, "size", json_integer((json_int_t)size));
			json_object_set_new(ao, "pointer", json_boolean(ptr));
			json_array_append_new(args, ao);
		}
		json_object_set_new(o, "args", args);
		json_array_append_new(arr, o);
	}
	return arr;
}

/* Device globals of the image file PATH (its description; libkiln exposes them by name only). */
static json_t *globals_json(const char *path)
{
	kiln_image *img = NULL;
	kiln_desc d = {0};
	char err[512];
	size_t len = 0;
	json_t *arr = json_array();
	if (kiln_image_load(path, &img, err, sizeof err) != 0)
		return arr;
	const char *meta = kiln_image_section(img, KILN_SEC_META, &len);
	if (meta && kiln_desc_from_json(meta, len, &d, err, sizeof err) == 0) {
		for (size_t i = 0; i < d.ndgs; i++) {
			const kiln_dg_desc *g = &d.dgs[i];
			json_t *o = json_object();
			json_object_set_new(o, "unique_id", json_string(g->unique_id));
			json_object_set_new(o, "size", json_integer(g->size));
			json_object_set_new(o, "host_access",
			                    json_string(kiln_host_access_name(g->host_access)));
			json_object_set_new(o, "init_mode", json_string(kiln_init_mode_name(g->init_mode)));
			json_object_set_new(o, "storage", json_string(kiln_dg_storage_name(g->storage)));
			/* A bus address, as kiln read/write take it; usm globals: the usmptr register's. */
			json_object_set_new(o, "address", hex32(KILN_IMAGE_BASE + g->base));
			json_array_append_new(arr, o);
		}
		kiln_desc_free(&d);
	}
	kiln_image_free(img);
	return arr;
}

int cmd_info(cli *c)
{
	const char *name = c->npos > 0 ? c->pos[0] : NULL;
	kiln_device *dev = NULL;
	kiln_program *prog = NULL;
	kiln_board_config cfg = {0};
	char err[512];
	int rc = cli_open(c, name, &dev);
	if (rc != CLI_OK)
		return rc;
	if (kiln_board_load(kiln_device_name(dev), &cfg, err, sizeof err) != 0) {
		kiln_device_close(dev);
		return cli_error(c, CLI_FAIL, "board config: %s", err);
	}
	const char *path = NULL;
	if ((rc = cli_bring_up(c, dev, c->json, &prog, &path)) != CLI_OK) {
		kiln_board_free(&cfg);
		kiln_device_close(dev);
		return rc;
	}
	/* The shell block: reading it proves the host bridge works, and gives what the hardware says. */
	static const struct {
		const char *name;
		uint32_t addr;
	} shell_regs[] = {{"magic", 0x0}, {"version", 0x4}, {"board_id", 0x8}, {"devmem_size", 0xC}};
	json_t *shell = json_object();
	for (size_t i = 0; i < sizeof shell_regs / sizeof shell_regs[0]; i++) {
		uint32_t v = 0;
		int st = kiln_device_mmio_read(dev, shell_regs[i].addr, &v);
		if (st != KILN_OK) {
			json_decref(shell);
			if (prog)
				kiln_program_release(prog);
			kiln_board_free(&cfg);
			kiln_device_close(dev);
			return cli_kiln_error(c, st, "reading the shell ID block at 0x%x",
			                      shell_regs[i].addr);
		}
		json_object_set_new(shell, shell_regs[i].name, i == 1 || i == 3 ? json_integer(v) : hex32(v));
	}
	json_t *root = json_object(), *board = json_object(), *image = json_object(), *mems = json_array();
	json_object_set_new(board, "name", json_string(cfg.name));
	json_object_set_new(board, "description", json_string(cfg.description ? cfg.description : ""));
	json_object_set_new(board, "backend", json_string(cfg.backend));
	json_object_set_new(board, "board_id", hex32(cfg.board_id));
	json_object_set_new(board, "clock_period_ns", json_real(cfg.clock_period_ns));
	json_object_set_new(board, "watchdog_cycles", json_integer((json_int_t)kiln_device_watchdog(dev)));
	json_t *aspects = json_array();
	for (size_t i = 0; i < cfg.naspects; i++)
		json_array_append_new(aspects, json_string(cfg.aspects[i]));
	json_object_set_new(board, "aspects", aspects);
	json_object_set_new(board, "config", json_string(cfg.path ? cfg.path : ""));
	json_t *m = json_object();
	json_object_set_new(m, "name", json_string("device memory"));
	json_object_set_new(m, "base_address", hex32(0x80000000u));
	json_object_set_new(m, "size", json_integer((json_int_t)kiln_device_mem_size(dev)));
	json_object_set_new(m, "latency_cycles", json_integer(cfg.devmem_latency));
	json_array_append_new(mems, m);
	if (prog) {
		json_object_set_new(image, "path", json_string(path));
		json_object_set_new(image, "hash", hex64(kiln_device_loaded_image(dev)));
		json_object_set_new(image, "kernels", kernels_json(prog));
		json_object_set_new(image, "device_globals", globals_json(path));
		uint64_t heap = 0, heap_high = 0;
		if (kiln_program_heap_info(prog, &heap, &heap_high) == KILN_OK)
			json_object_set_new(image, "heap_bytes", json_integer((json_int_t)heap));
	} else {
		/* a real board without --image: the image it runs, as its ID block says (--image describes
		 * it) */
		uint32_t lo = 0, hi = 0;
		kiln_device_mmio_read(dev, KILN_IMAGE_BASE + KILN_IMG_HASH_LO, &lo);
		kiln_device_mmio_read(dev, KILN_IMAGE_BASE + KILN_IMG_HASH_HI, &hi);
		json_object_set_new(image, "path", json_null());
		json_object_set_new(image, "hash", hex64((uint64_t)hi << 32 | lo));
		json_object_set_new(image, "kernels", json_array());
		json_object_set_new(image, "device_globals", json_array());
	}
	json_object_set_new(root, "board", board);
	json_object_set_new(root, "shell", shell);
	json_object_set_new(root, "memories", mems);
	json_object_set_new(root, "loaded_image", image);
	if (prog)
		kiln_program_release(prog);
	kiln_board_free(&cfg);
	kiln_device_close(dev);
	if (c->json)
		return cli_print_json(root);

	printf("board         %s (%s backend): %s\n", json_string_value(json_object_get(board, "name")),
	       json_string_value(json_object_get(board, "backend")),
	       json_string_value(json_object_get(board, "description")));
	printf("config        %s\n", json_string_value(json_object_get(board, "config")));
	printf("board id      %s   clock %.3g ns   watchdog %" JSON_INTEGER_FORMAT " cycles\n",
	       json_string_value(json_object_get(board, "board_id")),
	       json_real_value(json_object_get(board, "clock_period_ns")),
	       json_integer_value(json_object_get(board, "watchdog_cycles")));
	printf("aspects      ");
	size_t i;
	json_t *v;
	json_array_foreach(aspects, i, v) printf(" %s", json_string_value(v));
	printf("\nshell         magic %s, version %" JSON_INTEGER_FORMAT
	       ", board id %s, %" JSON_INTEGER_FORMAT " bytes of device memory\n",
	       json_string_value(json_object_get(shell, "magic")),
	       json_integer_value(json_object_get(shell, "version")),
	       json_string_value(json_object_get(shell, "board_id")),
	       json_integer_value(json_object_get(shell, "devmem_size")));
	printf("memories\n");
	json_array_foreach(mems, i, v) printf("  %-14s at %s, %" JSON_INTEGER_FORMAT
	                                      " bytes, read latency %" JSON_INTEGER_FORMAT " cycles\n",
	                                      json_string_value(json_object_get(v, "name")),
	                                      json_string_value(json_object_get(v, "base_address")),
	                                      json_integer_value(json_object_get(v, "size")),
	                                      json_integer_value(json_object_get(v, "latency_cycles")));
	printf("loaded image  %s (hash %s)\n", path ? path : "as on the board (--image IMAGE describes it)",
	       json_string_value(json_object_get(image, "hash")));
	printf("kernels\n");
	json_array_foreach(json_object_get(image, "kernels"), i, v)
	{
		printf("  %-14s %s(", json_string_value(json_object_get(v, "name")),
		       json_string_value(json_object_get(v, "kind")));
		size_t j;
		json_t *a;
		json_array_foreach(json_object_get(v, "args"), j, a)
		    printf("%s%s%s:%" JSON_INTEGER_FORMAT, j ? ", " : "",
		           json_string_value(json_object_get(a, "name")),
		           json_is_true(json_object_get(a, "pointer")) ? "*" : "",
		           json_integer_value(json_object_get(a, "size")));
		printf(")\n");
	}
	json_t *hb = json_object_get(image, "heap_bytes");
	if (hb && json_integer_value(hb))
		printf("heap          %" JSON_INTEGER_FORMAT " bytes of device memory (malloc)\n",
		       json_integer_value(hb));
	printf("device globals\n");
	json_array_foreach(json_object_get(image, "device_globals"), i, v)
	    printf("  %-14s %" JSON_INTEGER_FORMAT " bytes, host_access %s, init_mode %s, %s at %s\n",
	           json_string_value(json_object_get(v, "unique_id")),
	           json_integer_value(json_object_get(v, "size")),
	           json_string_value(json_object_get(v, "host_access")),
	           json_string_value(json_object_get(v, "init_mode")),
	           json_string_value(json_object_get(v, "storage")),
	           json_string_value(json_object_get(v, "address")));
	json_decref(root);
	return CLI_OK;
}
